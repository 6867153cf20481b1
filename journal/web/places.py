"""Who holds the open event streams of `journal serve`, and who gives one up for a new one,
so that no client takes another's place (issue 39, W1).

Each stream holds a place of its link and of its client (the address it comes from). A
client holds at most `per_client` places: its next stream sheds its own oldest, so a phone
that opens a hundred streams only ever closes its own. A link holds at most `per_link`:
a client that has one of its places gives up its own oldest, else the client holding the
most of them gives up its oldest, and only a link whose every place is another client's
one stream answers the newcomer with a 503. Whoever gives one up keeps the table screen
(the players' link's home or `table`, the GM's `table`) while it has another to give: a
TV on the GM's own laptop keeps its stream while the GM opens other pages.

A shed stream is told so (`Place.told`): it sends its page a last `shed` event,
on which the page stops reconnecting and says why, and ends.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio

#: a client's open streams at most, by default: a browser holds at most 6 connections to one
#: host over HTTP/1.1, so two browsers of one machine (the GM's and the TV's) fit
PER_CLIENT = 12


@dataclass(eq=False)
class Place:
    """One open stream's place: whose link, which client, and whether it is the table
    screen; `gone` once it was shed."""

    link: str
    client: str
    table: bool
    order: int
    gone: bool = False
    _told: asyncio.Future[None] | None = field(default=None, repr=False)

    def told(self) -> asyncio.Future[None]:
        """Done once the place is shed (a future of the running loop, made on first ask:
        the stream waits on it beside the watcher's next change, with no task of its own)."""
        if self._told is None:
            import asyncio  # here: `journal links` reads PER_CLIENT without the event loop

            self._told = asyncio.get_running_loop().create_future()
            if self.gone:
                self._told.set_result(None)
        return self._told

    def shed(self) -> None:
        self.gone = True
        if self._told is not None and not self._told.done():
            self._told.set_result(None)


class Places:
    """The open streams' places, at most `per_link` a link and `per_client` a client (None:
    no limit)."""

    def __init__(self, per_link: int | None, per_client: int | None = PER_CLIENT) -> None:
        self.per_link = per_link
        self.per_client = per_client
        self._count = itertools.count()
        #: client -> its places, oldest first
        self._clients: dict[str, dict[Place, None]] = {}
        #: link -> client -> the client's places of that link, oldest first
        self._links: dict[str, dict[str, dict[Place, None]]] = {}
        self._held: dict[str, int] = {}

    def held(self, link: str | None = None, client: str | None = None) -> int:
        """The places held: of one link, of one client, or of both."""
        if link is not None and client is not None:
            return len(self._links.get(link, {}).get(client, {}))
        if link is not None:
            return self._held.get(link, 0)
        if client is not None:
            return len(self._clients.get(client, {}))
        return sum(self._held.values())

    def take(self, link: str, client: str, table: bool) -> Place | None:
        """A place for a new stream of `link` from `client`, another one shed to make room
        if need be; None when the link is full of other clients' single streams."""
        if self.per_link is not None and self.held(link) >= self.per_link:
            giver = client if self.held(link, client) else self._greediest(link)
            if giver is None:
                return None
            self._shed(self._links[link][giver])
        if self.per_client is not None and self.held(client=client) >= self.per_client:
            self._shed(self._clients[client])
        place = Place(link, client, table, next(self._count))
        self._clients.setdefault(client, {})[place] = None
        self._links.setdefault(link, {}).setdefault(client, {})[place] = None
        self._held[link] = self._held.get(link, 0) + 1
        return place

    def give_back(self, place: Place) -> None:
        """The stream ended (closed, or shed): its place is free. Twice is once."""
        mine = self._clients.get(place.client)
        if mine is None or place not in mine:
            return
        del mine[place]
        if not mine:
            del self._clients[place.client]
        of_link = self._links[place.link]
        del of_link[place.client][place]
        if not of_link[place.client]:
            del of_link[place.client]
        self._held[place.link] -= 1
        if not self._held[place.link]:
            del self._held[place.link], self._links[place.link]

    def _greediest(self, link: str) -> str | None:
        """The client holding the most of `link`'s places, when it holds more than one."""
        clients = self._links.get(link, {})
        if not clients:
            return None
        client = max(clients, key=lambda c: (len(clients[c]), -next(iter(clients[c])).order))
        return client if len(clients[client]) > 1 else None

    def _shed(self, places: dict[Place, None]) -> None:
        """The oldest of `places` that is not the table screen gives its place up (the
        oldest table screen when there is nothing else)."""
        oldest = next((p for p in places if not p.table), None) or next(iter(places))
        self.give_back(oldest)
        oldest.shed()
