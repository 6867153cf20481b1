"""PostgreSQL that will not take a write, or stops a statement: a read-only server (a hot
standby, simulated by `default_transaction_read_only=on`) or a SELECT-only role is one
`Error:` line saying so (it was "unexpected failure (InternalError / ProgrammingError)");
a timeout quotes the setting in force (with `statement_timeout=1` in the URL it said "ran
past 300 s"); no message shows the URL's password, `play`'s board included."""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from support.cli import POSTGRES_ENV, Cli, count_events, postgres_database

PASSWORD = "s3cret-pw"


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cli]:
    monkeypatch.chdir(tmp_path)
    with postgres_database() as url:
        run = Cli(CliRunner(), url)
        run("campaign", "new", "night", "--ruleset", "horror-factor")
        run("note", "the lights go out")
        yield run


def _admin(url: str) -> object:
    return create_engine(url, isolation_level="AUTOCOMMIT")


def test_a_read_only_server_is_one_error_line(server: Cli) -> None:
    name = make_url(server.db).database
    engine = _admin(server.db)
    with engine.connect() as conn:  # type: ignore[attr-defined]
        conn.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
    engine.dispose()  # type: ignore[attr-defined]
    before = count_events(server.db)
    result = server.refused("note", "one more")
    assert "is read-only (a standby server" in result.stderr, result.stderr
    assert "unexpected failure" not in result.stderr
    assert "the lights go out" in server("log").stdout
    assert count_events(server.db) == before


def test_a_select_only_role_is_one_error_line(server: Cli) -> None:
    role = f"reader_{uuid.uuid4().hex[:8]}"
    engine = _admin(server.db)
    with engine.connect() as conn:  # type: ignore[attr-defined]
        conn.execute(text(f"CREATE ROLE {role} LOGIN"))
        conn.execute(text(f"GRANT USAGE ON SCHEMA public TO {role}"))
        conn.execute(text(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}"))
    try:
        reader = Cli(server.runner, make_url(server.db).set(username=role).render_as_string(False))
        result = reader.refused("note", "one more")
        assert f"{role} may not write to" in result.stderr, result.stderr
        assert "unexpected failure" not in result.stderr
        assert "the lights go out" in reader("log").stdout
    finally:
        with engine.connect() as conn:  # type: ignore[attr-defined]
            conn.execute(text(f"DROP OWNED BY {role}"))
            conn.execute(text(f"DROP ROLE {role}"))
        engine.dispose()  # type: ignore[attr-defined]


def _locked(url: str, hold: threading.Event, release: threading.Event) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("LOCK TABLE events IN ACCESS EXCLUSIVE MODE"))
        hold.set()
        release.wait(60)
    engine.dispose()


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("statement_timeout=1", "ran past 1 ms (statement_timeout in the URL's options)"),
        ("lock_timeout=200", "for 200 ms (lock_timeout in the URL's options)"),
    ],
)
def test_a_timeout_quotes_the_setting_in_force(server: Cli, option: str, says: str) -> None:
    hold, release = threading.Event(), threading.Event()
    locker = threading.Thread(target=_locked, args=(server.db, hold, release))
    locker.start()
    try:
        assert hold.wait(30)
        url = make_url(server.db).update_query_dict({"options": f"-c {option}"})
        timed = Cli(server.runner, url.render_as_string(False))
        result = timed.refused("note", "waits")
        assert says in result.stderr, result.stderr
        assert "300 s" not in result.stderr
    finally:
        release.set()
        locker.join()


def test_no_message_shows_the_password(server: Cli) -> None:
    down = make_url(server.db).set(password=PASSWORD, port=1).render_as_string(False)
    result = Cli(server.runner, down).refused("status")
    assert PASSWORD not in result.output
    as_json = Cli(server.runner, down)("status", "--json", ok=False)
    assert as_json.exit_code == 1 and PASSWORD not in as_json.output


def test_plays_board_shows_no_password_when_the_server_goes_away(
    server: Cli, tmp_path: Path
) -> None:
    from support.pty import Table

    name = make_url(server.db).database
    with_password = make_url(server.db).set(password=PASSWORD).render_as_string(False)
    table = Table(with_password, tmp_path).started("night")
    engine = _admin(os.environ[POSTGRES_ENV])  # another database: this one goes away
    try:
        table.run("status")
        with engine.connect() as conn:  # type: ignore[attr-defined]
            conn.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
            conn.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = :n AND pid <> pg_backend_pid()"
            ), {"n": name})
        table.run("campaign list")
        table.shows("board unavailable")
        seen = table.text()
        table.child.send(b"\x04")
        table.finish()
    finally:
        table.close()
        with engine.connect() as conn:  # type: ignore[attr-defined]
            conn.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        engine.dispose()  # type: ignore[attr-defined]
    shown = table.text() + seen
    assert PASSWORD not in shown and "Traceback" not in shown
    board = [line for line in seen.splitlines() if "board unavailable" in line]
    assert board, seen
    assert "sqlalche.me" not in seen and "(psycopg." not in seen, seen  # the CLI's words
    assert all(":***@" in line for line in board if "://" in line), board


@pytest.mark.parametrize("json", [False, True], ids=["text", "--json"])
def test_a_url_that_cannot_be_used_hides_its_password(runner: Cli, json: bool) -> None:
    """`cannot use database URL` printed the URL with its password."""
    url = f"postgresql+nodriver://gm:{PASSWORD}@db.example/horror"
    result = Cli(runner.runner, url)("status", *(["--json"] if json else []), ok=False)
    assert result.exit_code == 1 and "cannot use database" in result.stderr
    assert PASSWORD not in result.output and "gm:***@" in result.stderr
