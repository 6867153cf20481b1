"""Helpers of the `journal serve` tests: a site over a database, its links by audience,
and a real server in a thread (for the streams and the browser)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

pytest.importorskip("starlette", reason="journal serve's tests need the serve extra")

from journal.api.database_level import Database
from journal.web.links import LinkHolder
from journal.web.site import Site


def by_label(site: Site, campaign: str | None = None) -> dict[str, str]:
    """audience -> token: "gm", "players" and each character's name."""
    everything = site.links(create=True)
    slug = campaign or next(iter(everything))
    return {
        (a.character if a.character is not None else a.key): token
        for token, a in everything[slug].items()
    }


def audience_of(site: Site, token: str) -> LinkHolder:
    found = site.audience(token)
    assert found is not None
    return found


@contextmanager
def served(site: Site, max_streams: int | None = None) -> Iterator[str]:
    """A real server (uvicorn, the app's lifespan and watcher included) on a free port of
    127.0.0.1, in a thread; yields its base URL."""
    import uvicorn

    from journal.web import serving
    from journal.web.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # as serve's
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    config = serving.config(create_app(site, max_streams=max_streams), timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def open_site(db: str, campaign: str | None = None) -> Site:
    return Site(Database.open(db, create=False), campaign)


def counted_renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each view a site renders from now on (`Pages.render`), in order, for the test."""
    from journal.web import site as site_module

    renders: list[str] = []
    render = site_module.Pages.render

    def counted(self: site_module.Pages, view: str) -> str:
        renders.append(view)
        return render(self, view)

    monkeypatch.setattr(site_module.Pages, "render", counted)
    return renders
