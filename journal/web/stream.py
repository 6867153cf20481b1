"""Live pages: a watcher sees every new event, whoever wrote it, and wakes the streams.

A thread of its own waits on `Database.watch` (the API's: on SQLite the file's
`data_version` asked every `POLL` seconds, on PostgreSQL the channel every append
notifies, from any machine; and every `FALLBACK` seconds in any case). On a change the
watcher reads each campaign's head seq once and wakes every stream; each stream then sends
its page's live part when it changed for its audience (pages are rendered once per head,
see `journal.web.site`). An event's id is the campaign's seq: a browser that reconnects
sends the last one it saw (`Last-Event-ID`) and gets the page as it is now if it moved on.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator

from journal.api.errors import JournalError
from journal.web.links import LinkHolder
from journal.web.places import Place
from journal.web.site import KEPT, Page, PageKey, Site, Unavailable

#: seconds between two looks at a SQLite file
POLL = 0.05
#: seconds between two readings of the heads when nothing told the watcher (a fallback)
FALLBACK = 5.0


class Watcher:
    """Wakes the streams when a campaign of the site has new events."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.heads: dict[str, int] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Future[None] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._rendering: dict[PageKey, asyncio.Future[Page]] = {}
        self._messages: OrderedDict[PageKey, bytes] = OrderedDict()

    # --- for the streams (in the event loop) ---------------------------------------------

    def next_change(self) -> asyncio.Future[None]:
        """A future done at the next change (take it before reading, to miss none). One
        for every stream: wait on it with `asyncio.wait`, never `await` it (a cancelled
        await would cancel it for all)."""
        if self._changed is None:
            self._changed = asyncio.get_running_loop().create_future()
        return self._changed

    async def page(self, audience: LinkHolder, view: str, head: int | None) -> Page:
        """The page `view` of `audience` now, rendered once for every stream of it: the
        streams woken by one change that find it not kept wait for the one rendering
        the first of them started (a stream that goes away does not cancel it)."""
        from anyio.to_thread import run_sync

        if head is not None:
            kept = self.site.kept(audience, view, head)
            if kept is not None:
                return kept
        key = self.site.key(audience, view, -1 if head is None else head)
        pending = self._rendering.get(key)
        if pending is None:
            pending = asyncio.ensure_future(run_sync(self.site.page, audience, view))
            self._rendering[key] = pending
            pending.add_done_callback(lambda _: self._rendering.pop(key, None))
        return await asyncio.shield(pending)

    def message(self, key: PageKey, page: Page) -> bytes:
        """The `update` event of `page` as the stream sends it, encoded once for all of
        its streams (2,000 phones share one copy)."""
        found = self._messages.get(key)
        if found is None:
            from sse_starlette import ServerSentEvent

            event = ServerSentEvent(data=page.live, event="update", id=str(page.seq))
            found = self._messages[key] = event.encode()
            while len(self._messages) > KEPT:
                self._messages.popitem(last=False)
        return found

    def _wake(self, heads: dict[str, int]) -> None:
        self.heads = heads
        changed, self._changed = self._changed, None
        if changed is not None and not changed.done():
            changed.set_result(None)

    # --- the thread ------------------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._changed = None
        self._thread = threading.Thread(target=self._watch, name="journal-watcher", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _read_heads(self) -> None:
        """Read every campaign's head; wake the streams when one moved."""
        try:
            heads = {slug: self.site.journal(slug).head() for slug in self.site.slugs()}
        except Exception as exc:  # the database went away: the pages say so; try again
            print(f"journal serve: cannot read the database: {exc}", file=sys.stderr)
            heads = {}
        if heads != self.heads and self._loop is not None:
            try:
                self._loop.call_soon_threadsafe(self._wake, heads)
            except RuntimeError:  # the loop closed: the server is stopping
                self._stop.set()

    def _watch(self) -> None:
        self.site.database.watch(
            self._stop, self._read_heads, self._trouble, poll=POLL, fallback=FALLBACK
        )

    @staticmethod
    def _trouble(words: str) -> None:
        print(f"journal serve: {words}", file=sys.stderr)


#: the last event of a stream that gave its place up to a newer one of the same client (or
#: of a client holding more of its link's places): the page stops reconnecting and says so
SHED = b"event: shed\r\ndata: too many live pages\r\n\r\n"


async def updates(
    site: Site,
    watcher: Watcher,
    token: str,
    audience: LinkHolder,
    view: str,
    last: int | None,
    place: Place | None = None,
) -> AsyncIterator[bytes]:
    """The `update` events of one page (encoded): at once when the page moved on since
    `last` (the seq the browser last saw), then at each change of what this page shows;
    `SHED` and the end once its `place` is shed."""
    while True:
        if place is not None and place.gone:
            yield SHED
            return
        changed = watcher.next_change()
        try:
            now = site.current(token, audience)  # the identity's name now: never another's
            if now is None:
                return  # revoked or voided: the browser's reconnection gets a 404
            audience = now
            head = watcher.heads.get(audience.campaign)
            if head is None or head != last:
                # rendered once per head for every stream of this page: the first renders
                page = await watcher.page(audience, view, head)
                before = None if last is None else site.kept(audience, view, last)
                moved = page.seq != last  # (the watcher's head may lag the page's)
                if moved and (before is None or before.digest != page.digest):
                    yield watcher.message(site.key(audience, view, page.seq), page)
                last = page.seq
        except Unavailable:
            pass  # the page says so on a reload; the stream waits for the database
        except JournalError:
            return  # no such page any more (its character voided): the reconnection 404s
        waits = {changed} if place is None else {changed, place.told()}
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
