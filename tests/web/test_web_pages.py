"""The pages of `journal serve` through Starlette's TestClient: each audience's home, the
tokens (wrong, revoked, another audience's path), the headers on every response, that no
route writes, and a database upgraded under the server or gone (a clear page, never a
traceback)."""

from __future__ import annotations

import base64
import hashlib
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE
from support.web import by_label, open_site

from journal.api.database_level import Database
from journal.web.site import Site

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app

SECRET = "the-ghoul-in-the-cellar-x9"


@pytest.fixture
def db(runner, tmp_path: Path) -> str:  # type: ignore[no-untyped-def]
    """The worked example (a fight, a session) with a GM-only note and a public one."""
    runner("import", str(WORKED_EXAMPLE))
    runner("note", SECRET, "--gm-only", "--about", "Linda")
    runner("note", "Linda hears scratching under the floor", "--about", "Linda")
    runner("note", "Freddie finds a key", "--about", "Freddie")
    return str(tmp_path / "journal.db")


@pytest.fixture
def site(db: str) -> Iterator[Site]:
    opened = open_site(db)
    yield opened
    opened.database.close()


@pytest.fixture
def client(site: Site) -> TestClient:
    return TestClient(create_app(site))


def test_each_audience_has_its_home(site: Site, client: TestClient) -> None:
    links = by_label(site)
    assert set(links) == {"gm", "players", "Freddie", "Ariella", "Linda"}
    gm = client.get(f"/{links['gm']}/").text
    for part in ("The GM's dashboard", "Audit", "Verify", "Latest receipt", SECRET):
        assert part in gm
    assert "Each one's latest event, with its terms" in gm and "+d10" in gm
    table = client.get(f"/{links['players']}/").text
    assert "Between fights" in table and "Linda" in table and SECRET not in table
    assert "+d10" not in table and "with its terms" not in table
    assert "The horde" in table  # the latest players' recap, between fights
    linda = client.get(f"/{links['Linda']}/").text
    assert "<h1>Linda</h1>" in linda and "scratching under the floor" in linda
    assert "Freddie finds a key" not in linda and SECRET not in linda


def test_tokens_are_long_distinct_and_in_no_export(runner, site: Site) -> None:  # type: ignore[no-untyped-def]
    links = by_label(site)
    assert len(set(links.values())) == len(links)
    for token in links.values():
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 128
    exported = runner("export").stdout
    database = Path(site.database.sqlite_path or "").read_bytes()
    for token in links.values():
        assert token not in exported and token.encode() not in database


def _same_not_found(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404, path
    assert answer.text == client.get("/no-such-thing/").text, path


def test_a_wrong_token_learns_nothing(site: Site, client: TestClient) -> None:
    real = by_label(site)["players"]
    wrong = ("A" if real[0] != "A" else "B") + real[1:]
    for token in (wrong, real[:-1], real + "x", real.upper(), "gm", "players", "Linda"):
        for page in ("", "table", "shelf", "recap/1", "arc/Linda", "events"):
            _same_not_found(client, f"/{token}/{page}")
    _same_not_found(client, "/")


def test_a_revoked_link_is_not_found_and_the_new_one_works(runner, site: Site) -> None:  # type: ignore[no-untyped-def]
    client = TestClient(create_app(site))
    before = by_label(site)
    after = runner.json("links", "--revoke", "linda", "--json")
    new = after["characters"]["Linda"].rstrip("/").rsplit("/", 1)[1]
    assert new != before["Linda"]
    _same_not_found(client, f"/{before['Linda']}/")
    assert client.get(f"/{new}/").status_code == 200
    for who in ("gm", "players", "Freddie", "Ariella"):
        assert by_label(site)[who] == before[who]
        assert client.get(f"/{before[who]}/").status_code == 200
    assert runner.refused("links", "--revoke", "Nobody").stderr.startswith("Error: no audience")


def test_another_audiences_pages_are_not_found(site: Site, client: TestClient) -> None:
    links = by_label(site)
    for page in ("table", "shelf", "arc/Freddie", "arc/Linda", "recap/99"):
        _same_not_found(client, f"/{links['Linda']}/{page}")
    for page in ("arc", "recap/99", "arc/Nobody", "gm", links["gm"]):
        _same_not_found(client, f"/{links['players']}/{page}")
    assert client.get(f"/{links['Linda']}/arc").status_code == 200
    assert client.get(f"/{links['players']}/arc/Linda").status_code == 200
    assert client.get(f"/{links['Linda']}/recap/1").status_code == 200


def _check_headers(answer: object) -> None:
    headers = answer.headers  # type: ignore[attr-defined]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert not re.search(r"https?:|\*", policy), policy
    text = answer.text  # type: ignore[attr-defined]
    for style in re.findall(r"<style[^>]*>(.*?)</style>", text, re.S):
        digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
    assert "<script>" not in text and "onload=" not in text


def test_every_response_carries_the_headers(site: Site, client: TestClient) -> None:
    links = by_label(site)
    paths = ["/no-such-thing/", "/static/web.css", "/static/live.js", "/static/nope.js"]
    for token in links.values():
        paths += [f"/{token}/", f"/{token}/shelf", f"/{token}/recap/1", f"/{token}/arc"]
    for path in paths:
        _check_headers(client.get(path))
    assert client.get("/static/web.css").headers["content-type"].startswith("text/css")


def test_no_route_writes(runner, site: Site, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    from support.cli import count_events

    before = count_events(str(site.database.sqlite_path))
    token = by_label(site)["gm"]
    for method in ("POST", "PUT", "PATCH", "DELETE"):
        for path in (f"/{token}/", f"/{token}/events", "/static/web.css"):
            assert client.request(method, path).status_code in (404, 405), (method, path)
    for path in (f"/{token}/", f"/{token}/shelf", f"/{token}/recap/1", f"/{token}/arc/Linda"):
        assert client.get(path).status_code == 200
    assert count_events(str(site.database.sqlite_path)) == before


def test_a_database_upgraded_under_the_server_gets_a_clear_page(
    site: Site, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("journal.web.site.CHECK", 0.0)
    token = by_label(site)["players"]
    assert client.get(f"/{token}/").status_code == 200
    with sqlite3.connect(str(site.database.sqlite_path)) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    answer = client.get(f"/{token}/")
    assert answer.status_code == 503
    assert "cannot be read right now" in answer.text and "Traceback" not in answer.text
    _check_headers(answer)


def test_an_unreachable_database_gets_a_clear_page() -> None:

    site = Site(Database.open("postgresql+psycopg://journal@127.0.0.1:1/gone", create=False))
    client = TestClient(create_app(site))
    for path in ("/AAAAAAAAAAAAAAAAAAAAAAAAAAA/", "/AAAAAAAAAAAAAAAAAAAAAAAAAAA/events"):
        answer = client.get(path)
        assert answer.status_code == 503
        assert "cannot be read right now" in answer.text and "Traceback" not in answer.text


def test_a_handouts_own_policy_gives_way_to_the_servers_header() -> None:
    """A handout file carries its own policy (a `<meta>`, for a file opened from disk);
    served, the header's policy (no less strict, its stylesheet and script allowed by
    origin) is the one, so the handout's is taken out."""
    from journal.web.site import _policy_free

    page = (
        '<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" '
        "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n</head>"
    )
    assert _policy_free(page) == '<head>\n<meta charset="utf-8">\n</head>'
