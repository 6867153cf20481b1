"""SQLite and PostgreSQL tell the same log the same way, to the byte.

The same logs go into a SQLite file and a PostgreSQL database: the demo (the shipped
jackson-zombies), every other example campaign of campaigns/, and the scripted campaigns of
the newest schema fixture (tests/store/upgrade/fixtures/schema: every command of both
rulesets). Then every reading of every campaign is compared as text: status (now and at the
end of each session), log, audit, each character's explain and arc, each session's recap for the
players, the GM and each character (Markdown and HTML; JSON for the players and the GM),
and what the demo printed and wrote. A JSON object has no order of its own and PostgreSQL's
JSONB keeps another than SQLite, so any reading that walks one unsorted differs here.
(`verify` is left out: it says what it checked of the store, and SQLite's file check has
no PostgreSQL counterpart.) `pytest -s -n 0 tests/store/test_store_parity.py` prints how many
were compared.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import CAMPAIGNS, SCHEMA_FIXTURES
from support.cli import Cli, clean_folder, postgres_database

EXAMPLES = sorted(p.parent for p in CAMPAIGNS.glob("*/log.jsonl"))
DEMO = "jackson-zombies"
SCHEMA = SCHEMA_FIXTURES


def _newest_fixture_logs(folder: Path) -> list[Path]:
    """The scripted campaigns of the newest schema fixture, exported by this journal."""
    fixture = max(SCHEMA.glob("*.db"))
    db = folder / "fixture.db"
    shutil.copyfile(fixture, db)
    cli = Cli(CliRunner(), str(db))
    cli("db", "upgrade")
    examples = {p.name for p in EXAMPLES}
    logs = []
    for campaign in json.loads(cli("campaign", "list", "--json").stdout):
        slug = campaign["campaign"]
        if slug not in examples:
            logs.append(folder / f"{slug}.jsonl")
            cli("--campaign", slug, "export", "-o", str(logs[-1]))
    assert logs, f"{fixture.name} has no scripted campaign"
    return logs


def _fill(cli: Cli, logs: list[Path], handouts: Path) -> dict[str, str]:
    """The demo, then every other log imported; what the demo printed and wrote."""
    shown = cli("demo", "--out", str(handouts)).stdout
    shown = shown.replace(cli.db, "DATABASE").replace(str(handouts), "HANDOUTS")
    written = {f"demo {p.name}": p.read_text(encoding="utf-8") for p in sorted(handouts.iterdir())}
    for log in [p / "log.jsonl" for p in EXAMPLES if p.name != DEMO] + logs:
        cli("import", str(log))
    return {"demo": shown, **written}


def _readings(cli: Cli, campaign: str) -> dict[str, str]:
    """Every reading of one campaign, by the command that printed it (with its exit code)."""
    found: dict[str, str] = {}

    def read(*args: str) -> str:
        result = cli("--campaign", campaign, *args, ok=False)
        assert result.exit_code in (0, 1) and "Traceback" not in result.output, (args, result)
        found[" ".join(args)] = f"exit {result.exit_code}\n{result.stdout}{result.stderr}"
        return result.stdout

    status = json.loads(read("status", "--json"))
    log = json.loads(read("log", "--json"))
    read("status")
    read("log")
    read("audit")
    read("audit", "--json")
    for name in status["characters"]:
        read("explain", name)
        read("explain", name, "--json")
        for fmt in ("md", "html"):
            read("arc", name, "--format", fmt)
    for number in sorted({str(e["session"]) for e in log if e["session"] is not None}):
        read("status", "--as-of-session", number, "--json")
        for reader in ("players", "gm", *status["characters"]):
            for fmt in ("md", "html"):
                read("recap", number, "--for", reader, "--format", fmt)
        for reader in ("players", "gm"):
            read("recap", number, "--for", reader, "--json")
    return found


def _scripted() -> list[str]:
    """The campaigns of the newest schema fixture that are not example campaigns."""
    connection = sqlite3.connect(max(SCHEMA.glob("*.db")))
    try:
        rows = connection.execute("SELECT DISTINCT campaign FROM events ORDER BY campaign")
        return [r[0] for r in rows if r[0] not in {p.name for p in EXAMPLES}]
    finally:
        connection.close()


CAMPAIGNS = [p.name for p in EXAMPLES] + _scripted()


@dataclass
class Stores:
    """The same logs in a SQLite file and in a PostgreSQL database."""

    sqlite: Cli
    postgresql: Cli
    #: what the demo printed and wrote on each
    demo: dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stores]:
    folder = tmp_path_factory.mktemp("parity")
    with postgres_database() as postgres, clean_folder(folder):
        logs = _newest_fixture_logs(folder)
        clis, demo = {}, {}
        for backend, db in (("sqlite", str(folder / "parity.db")), ("postgresql", postgres)):
            clis[backend] = Cli(CliRunner(), db)
            demo[backend] = _fill(clis[backend], logs, folder / f"handouts-{backend}")
        yield Stores(clis["sqlite"], clis["postgresql"], demo)


def _compare(sqlite: dict[str, str], postgresql: dict[str, str]) -> None:
    assert sorted(sqlite) == sorted(postgresql)
    differ = [
        f"{reading}: {_first_difference(sqlite[reading], postgresql[reading])}"
        for reading in sqlite
        if sqlite[reading] != postgresql[reading]
    ]
    assert not differ, f"{len(differ)} of {len(sqlite)} readings differ:\n" + "\n".join(differ)


def _first_difference(a: str, b: str) -> str:
    for number, (left, right) in enumerate(zip(a.splitlines(), b.splitlines(), strict=False)):
        if left != right:
            return f"line {number + 1}:\n  sqlite:     {left!r}\n  postgresql: {right!r}"
    return f"{len(a.splitlines())} lines on SQLite, {len(b.splitlines())} on PostgreSQL"


@pytest.mark.parametrize("campaign", CAMPAIGNS)
def test_every_reading_of_the_campaign_is_the_same_text(stores: Stores, campaign: str) -> None:
    sqlite = _readings(stores.sqlite, campaign)
    _compare(sqlite, _readings(stores.postgresql, campaign))
    print(f"\nparity of {campaign}: {len(sqlite)} readings the same on SQLite and PostgreSQL")
    characters = json.loads(sqlite["status --json"].split("\n", 1)[1])["characters"]
    assert characters
    for name in characters:  # every handout: each session's recap for each reader, each arc
        assert f"arc {name} --format html" in sqlite
        assert any(r.startswith("recap ") and f"--for {name} --format md" in r for r in sqlite)


def test_the_demo_prints_and_writes_the_same(stores: Stores) -> None:
    _compare(stores.demo["sqlite"], stores.demo["postgresql"])
    print(f"\nparity of the demo: its output and {len(stores.demo['sqlite']) - 1} handouts")
    assert any(name.endswith(".html") for name in stores.demo["sqlite"])


def test_the_campaigns_compared_are_all_of_them_and_cover_every_ruleset(stores: Stores) -> None:
    from journal.rules import names, plugin_of

    listed = json.loads(stores.sqlite("campaign", "list", "--json").stdout)
    assert sorted(c["campaign"] for c in listed) == sorted(CAMPAIGNS)
    scripted = {c["ruleset"] for c in listed if c["campaign"] not in {p.name for p in EXAMPLES}}
    assert {"horror-factor", "fright-check"} <= scripted
    built_in = {name for name in names() if plugin_of(name).rules.startswith("journal.")}
    assert built_in <= {c["ruleset"] for c in listed}, "a ruleset no campaign here plays"
    assert DEMO in CAMPAIGNS and len(EXAMPLES) >= 2
