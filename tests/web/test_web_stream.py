"""The live stream of `journal serve` on a real server (uvicorn in a thread): another
writer's event reaches an open page within a second, on SQLite (`PRAGMA data_version`) and
PostgreSQL (LISTEN/NOTIFY); the stream resumes from `Last-Event-ID`; a GM-only note moves
the GM's page and not the players'."""

from __future__ import annotations

import contextlib
import http.client
import queue
import socket
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from support import WORKED_EXAMPLE
from support.web import by_label, counted_renders, open_site, served

import journal
from journal.rules.core.commands import TakeNote
from journal.web.links import LinkHolder
from journal.web.site import Site


class Stream:
    """An open event stream, read in a thread: `next(timeout)` gives (id, data) or None."""

    def __init__(self, url: str, last_id: int | None = None) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        headers = {"Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        self.connection.request("GET", f"{parts.path}?{parts.query}", headers=headers)
        self.sock = self.connection.sock
        self.response = self.connection.getresponse()
        self.events: queue.Queue[tuple[str, str]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event: dict[str, str] = {}
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
                if not line:
                    if event.get("event") == "update":
                        self.events.put((event.get("id", ""), event.get("data", "")))
                    event = {}
                elif not line.startswith(":"):
                    key, _, value = line.partition(":")
                    value = value[1:] if value.startswith(" ") else value
                    if key == "data" and key in event:
                        value = event[key] + "\n" + value
                    event[key] = value
        except (OSError, ValueError, AttributeError):  # closed by the test
            pass

    def next(self, timeout: float) -> tuple[str, str] | None:
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Hang up (the reader thread's blocked read returns at once)."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


@pytest.fixture
def live(db_url: str) -> Iterator[tuple[str, Site, str]]:
    """The worked example on each backend, served: (base URL, site, database URL)."""
    from journal.store import Store
    from journal.transfer import import_file

    with Store.open(db_url) as store:
        store.ensure_schema()
        with WORKED_EXAMPLE.open(encoding="utf-8") as lines:
            import_file(store, lines)
    site = open_site(db_url)
    with served(site) as base:
        yield base, site, db_url
    site.database.close()


def _note(db_url: str, text: str, gm_only: bool = False, about: tuple[str, ...] = ()) -> int:
    """Another writer (its own connection): a note; its seq."""
    with journal.open(db_url, campaign="jackson-zombies") as other:
        return other.run(TakeNote(text, gm_only, about)).records[-1].seq


def test_another_writers_event_reaches_an_open_page_within_a_second(
    live: tuple[str, Site, str],
) -> None:
    base, site, db_url = live
    links = by_label(site)
    head = site.head("jackson-zombies")
    gm = Stream(f"{base}/{links['gm']}/events?view=&seq={head}")
    players = Stream(f"{base}/{links['players']}/events?view=shelf&seq={head}")
    try:
        time.sleep(0.3)  # both streams are waiting
        assert gm.next(0.2) is None and players.next(0.0) is None
        seq = _note(db_url, "The GM knows: the-cellar-x9", gm_only=True)  # committed
        update = gm.next(1.0)
        assert update is not None, "no update within a second"
        assert update[0] == str(seq) and "the-cellar-x9" in update[1]
        assert players.next(0.5) is None  # a GM-only note changes nothing the players see
        seq = _note(db_url, "A public note: the-door-x9")
        assert gm.next(1.0) is not None
        shelf = players.next(1.0)
        assert shelf is None  # the shelf lists sessions and arcs: no change either
    finally:
        gm.close()
        players.close()


def test_the_stream_resumes_from_the_last_event_id(live: tuple[str, Site, str]) -> None:
    base, site, db_url = live
    links = by_label(site)
    head = site.head("jackson-zombies")
    seq = _note(db_url, "Linda hears the-scratching-x9")
    url = f"{base}/{links['gm']}/events?view=&seq={head}"
    missed = Stream(url, last_id=head)  # the browser reconnects after a dropped connection
    try:
        update = missed.next(2.0)
        assert update is not None and update[0] == str(seq)
        assert "the-scratching-x9" in update[1]
    finally:
        missed.close()
    current = Stream(url, last_id=seq)  # it saw everything: nothing to send until a change
    try:
        assert current.next(0.5) is None
        later = _note(db_url, "And then the-silence-x9")
        update = current.next(3.0)
        assert update is not None and update[0] == str(later)
    finally:
        current.close()


def test_a_revoked_link_gets_no_more_updates(live: tuple[str, Site, str]) -> None:
    from journal.web.links import Keys

    base, site, db_url = live
    links = by_label(site)
    head = site.head("jackson-zombies")
    stream = Stream(f"{base}/{links['Linda']}/events?view=&seq={head}")
    try:
        time.sleep(0.3)
        _note(db_url, "Linda hears the-scratching-x9", about=("Linda",))
        update = stream.next(1.5)
        assert update is not None and "the-scratching-x9" in update[1]  # her page moves
        audience = site.audience(links["Linda"])
        assert audience is not None
        Keys().revoke(site.key_of_database, "jackson-zombies", audience.key)
        _note(db_url, "Linda hears the-knocking-x9", about=("Linda",))
        assert stream.next(1.5) is None  # the stream ended instead
    finally:
        stream.close()
    assert site.audience(links["Linda"]) is None


def test_every_stream_of_a_view_shares_one_rendering_and_one_message(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forty streams of the GM's dashboard woken by one append: the page is asked for
    once (not a thread and a read of the head per stream that found it not yet kept),
    rendered once, and every stream sends the same encoded update, the one object."""
    import asyncio

    from journal.store import Store
    from journal.transfer import import_file
    from journal.web import site as site_module
    from journal.web.stream import Watcher, updates

    with Store.open(db_url) as store:
        store.ensure_schema()
        with WORKED_EXAMPLE.open(encoding="utf-8") as lines:
            import_file(store, lines)
    site = open_site(db_url)
    links = by_label(site)
    token = links["gm"]
    audience = site.audience(token)
    assert audience is not None
    renders = counted_renders(monkeypatch)
    asked: list[str] = []
    page = site.page

    def asked_for(audience: LinkHolder, view: str) -> site_module.Page:
        asked.append(view)
        return page(audience, view)

    monkeypatch.setattr(site, "page", asked_for)

    async def run() -> list[bytes]:
        watcher = Watcher(site)
        head = site.head("jackson-zombies")
        watcher.heads = {"jackson-zombies": head}
        site.page(audience, "")  # the page the browsers loaded
        streams = [updates(site, watcher, token, audience, "", head) for _ in range(40)]
        first = [asyncio.ensure_future(anext(s)) for s in streams]
        await asyncio.sleep(0.1)  # every stream waits for a change
        assert not any(f.done() for f in first)
        seq = _note(db_url, "A public note: the-bell-x9")
        renders.clear()
        asked.clear()
        watcher._wake({"jackson-zombies": seq})
        sent = await asyncio.wait_for(asyncio.gather(*first), timeout=30)
        for stream in streams:
            await stream.aclose()
        return sent

    try:
        sent = asyncio.run(run())
    finally:
        site.database.close()
    assert renders == [""] and asked == [""]
    assert all(message is sent[0] for message in sent)
    assert b"event: update" in sent[0] and b"the-bell-x9" in sent[0]
