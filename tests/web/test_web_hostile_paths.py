"""Issue 29's served-page rows: numbers in paths and headers are ASCII digits in their one
spelling (F3, S2, F8), `/TOKEN` redirects relatively (S1), pages follow a character's
identity through a rename and a newcomer taking the old name (F1), a stream whose
character is voided ends cleanly, and no path or header the attacker tried answers 500."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import WORKED_EXAMPLE
from support.web import by_label, counted_renders, open_site, served

from journal.web.site import Site, canonical_number

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")
ALLOWED = {200, 307, 404, 405, 503}
#: the attacker's paths (F3, S2, F8): none is a page, none a new entry of the pages kept
HOSTILE_VIEWS = [
    "recap/%C2%B2",
    "recap/%D9%A1",
    "recap/%EF%BC%91",
    "recap/0150",
    "recap/00150",
    "recap/+1",
    "recap/-1",
    "recap/1%20",
    "recap/99999999999999999999",
]


@pytest.fixture
def db(runner, tmp_path: Path) -> str:  # type: ignore[no-untyped-def]
    runner("import", str(WORKED_EXAMPLE))
    return str(tmp_path / "journal.db")


@pytest.fixture
def site(db: str) -> Iterator[Site]:
    opened = open_site(db)
    yield opened
    opened.database.close()


@pytest.fixture
def client(site: Site) -> TestClient:
    return TestClient(create_app(site))


def test_numbers_are_ascii_digits_in_one_spelling() -> None:
    assert canonical_number("150") == 150 and canonical_number("0") == 0
    for text in ("²", "\u0661", "\uff11", "0150", "00", "+1", "-1", " 1", "", None, "1" * 13):
        assert canonical_number(text) is None


def test_the_attackers_recap_paths_are_404_and_cache_nothing(
    site: Site, client: TestClient
) -> None:
    players = by_label(site)["players"]
    assert client.get(f"/{players}/recap/1").status_code == 200
    kept = len(site._pages)
    for view in HOSTILE_VIEWS:
        answer = client.get(f"/{players}/{view}")
        assert answer.status_code == 404, view
    assert len(site._pages) == kept  # one link cannot fill the cache with spellings


def test_the_token_redirect_is_relative(site: Site, client: TestClient) -> None:
    gm = by_label(site)["gm"]
    answer = client.get(f"/{gm}", headers={"host": "evil.example"}, follow_redirects=False)
    assert answer.status_code == 307
    assert answer.headers["location"] == f"{gm}/"
    assert "evil" not in answer.headers["location"]


def _raw_get(base: str, path: str, header: bytes) -> bytes:
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), 5) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n".encode()
            + header
            + b"\r\nConnection: close\r\n\r\n"
        )
        sock.settimeout(5)
        return sock.recv(4096)


def test_a_non_ascii_last_event_id_or_seq_opens_the_stream(
    site: Site, capfd: pytest.CaptureFixture[str]
) -> None:
    gm = by_label(site)["gm"]
    with served(site) as base:
        first = _raw_get(base, f"/{gm}/events?view=", b"Last-Event-ID: \xc2\xb2\xd9\xa1")
        second = _raw_get(base, f"/{gm}/events?view=&seq=%C2%B2", b"X-Nothing: 1")
    assert first.startswith(b"HTTP/1.1 200") and second.startswith(b"HTTP/1.1 200")
    assert "Traceback" not in capfd.readouterr().err


def test_pages_follow_the_identity_through_a_rename_and_a_newcomer(
    runner,
    site: Site,
    client: TestClient,  # type: ignore[no-untyped-def]
) -> None:
    linda = by_label(site)["Linda"]
    before = site.audience(linda)
    assert before is not None and "<h1>Linda</h1>" in client.get(f"/{linda}/").text
    runner("character", "rename", "Linda", "Lindsay")
    runner("character", "add", "Linda", *SHEET)
    now = site.current(linda, before)  # what an open stream asks at the next event
    assert now is not None and now.name == "Lindsay"
    assert "<h1>Lindsay</h1>" in site.page(now, "").html
    assert "<h1>Lindsay</h1>" in client.get(f"/{linda}/").text


def test_a_voided_characters_link_is_404_and_its_stream_ends(
    runner,
    site: Site,
    client: TestClient,  # type: ignore[no-untyped-def]
) -> None:
    runner("character", "add", "Newt", *SHEET)
    newt = by_label(site)["Newt"]
    seq = site.head("jackson-zombies")
    before = site.audience(newt)
    assert before is not None and client.get(f"/{newt}/").status_code == 200
    runner("void", str(seq), "--reason", "added by mistake")
    assert site.current(newt, before) is None  # the stream's next look ends it
    assert client.get(f"/{newt}/").status_code == 404


HEADER = st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"), max_size=20
).map(str.strip)
PATHS = st.text(st.characters(codec="utf-8", exclude_characters="?#"), max_size=30)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    tail=st.one_of(
        st.sampled_from(
            [*HOSTILE_VIEWS, "", "table", "shelf", "arc", "arc/Linda", "arc/%00", "..%2f.."]
        ),
        PATHS,
    ),
    who=st.sampled_from(["gm", "players", "Linda", "nobody"]),
    method=st.sampled_from(["GET", "HEAD", "POST", "PUT"]),
    host=st.sampled_from(["evil.example", "127.0.0.1:1", "x" * 300]),
    last_id=st.one_of(st.sampled_from(["²", "\u0661", "0150", "-1", "9" * 40]), HEADER),
)
def test_no_path_or_header_of_any_link_answers_500(
    site: Site, client: TestClient, tail: str, who: str, method: str, host: str, last_id: str
) -> None:
    links = by_label(site)
    token = links.get(who, "A" * 27)
    path = quote(f"/{token}/{tail}", safe="/%")  # every byte sent as it is
    headers = {"host": host, "last-event-id": last_id.encode("utf-8"), "accept": "text/html"}
    answer = client.request(method, path, headers=headers, follow_redirects=False)
    assert answer.status_code in ALLOWED, (tail, answer.status_code)
    if answer.status_code == 307:
        assert "://" not in answer.headers["location"]


#: the spellings of issue 39 (W2) and the like: (path after the token, its one spelling)
SPELLINGS = [
    ("recap//1", "recap/1"),
    ("recap/1/", "recap/1"),
    ("/recap/1", "recap/1"),
    ("//recap//1//", "recap/1"),
    ("table/", "table"),
    ("/table", "table"),
    ("shelf//", "shelf"),
    ("/", ""),
    ("//", ""),
    ("proof/1/", "proof/1"),
    ("events/?view=", "events?view="),
]


def _raw(base: str, path: str) -> tuple[int, dict[str, str], bytes]:
    """GET `path` sent byte for byte (no client tidies it): status, headers, body."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), 5) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        sock.settimeout(10)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    return int(status.split()[1]), headers, body


def test_every_other_spelling_is_redirected_to_the_one_without_a_render(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39 (W2): a doubled, leading or trailing slash (`recap//1`, `recap/1/`,
    `//TOKEN/recap/1`) is a relative redirect to the page's one spelling, answered before
    any page is rendered or kept; the one spelling is the page."""
    from urllib.parse import urljoin

    players = by_label(site)["players"]
    renders = counted_renders(monkeypatch)
    with served(site) as base:
        for _, one in SPELLINGS[:-1]:
            _raw(base, f"/{players}/{one}")  # each page rendered and kept once (not the stream)
        renders.clear()
        kept = len(site._pages)
        for path, one in [
            *((f"/{players}/{tail}", f"/{players}/{one}") for tail, one in SPELLINGS),
            (f"//{players}/recap/1", f"/{players}/recap/1"),
            (f"///{players}//recap/1", f"/{players}/recap/1"),
            (f"/{players}", f"/{players}/"),  # a link's home, as before
        ]:
            status, headers, _ = _raw(base, path)
            assert status == 307, (path, status)
            location = headers["location"]
            assert "://" not in location and not location.startswith("/"), location
            assert urljoin(f"http://x{path}", location) == f"http://x{one}", (path, location)
        assert renders == [] and len(site._pages) == kept  # nothing rendered, nothing kept
        status, _, body = _raw(base, f"/{players}/recap/1")
        assert status == 200 and b"<main>" in body
        for view in ("recap//1", "recap/1/", "/table", "table/"):  # a stream's view too
            status, _, _ = _raw(base, f"/{players}/events?view={quote(view, safe='')}")
            assert status == 404, view
        assert renders == []
