"""The ASGI application of `journal serve` (Starlette): read-only routes behind tokens.

    /static/NAME            the site's stylesheet and script (no secret in them)
    /TOKEN/                 the audience's home: the GM's dashboard, the players' table
                            screen, or a character's page
    /TOKEN/table, /shelf    the table screen, the shelf of handouts (GM and players)
    /TOKEN/recap/N          session N's recap for this audience, as `journal recap` makes it
    /TOKEN/arc[/NAME]       an arc (a character's link: their own)
    /TOKEN/proof/SEQ        the proof of event SEQ as this link's audience sees it, in the
                            record of `?head=SIZE` events (the current one by default)
    /TOKEN/since/SIZE       the proof that the record (of `?head=`) extends that of SIZE
    /TOKEN/verify/proof/SEQ, /TOKEN/verify/since/SIZE
                            the same, opened in the verifier: a redirect to `/verifier#...`
                            with the proof and the head the page showed in the link itself
    /verifier               the verifier, one self-contained page that fetches nothing
    /TOKEN/events?view=...  the page's live updates (server-sent events)

A wrong or revoked token, another audience's page and any unknown path get the same 404
page. Every response carries a strict Content-Security-Policy (nothing from another
origin; the handouts' inline stylesheet allowed by its hash), `nosniff`, `no-referrer`,
`no-store`; no route writes (only GET and HEAD are routed).
"""

from __future__ import annotations

import re
import sys
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from anyio.to_thread import run_sync
from sse_starlette import EventSourceResponse
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from journal.api.errors import JournalError, NotFound
from journal.web.places import PER_CLIENT, Place, Places
from journal.web.site import (
    Moved,
    Site,
    Unavailable,
    Unreadable,
    canonical_number,
    style_hashes,
)
from journal.web.stream import Watcher, updates

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

STATIC = Path(__file__).resolve().parent / "static"
MEDIA = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
#: what a page may load: its own origin's script, stylesheet and stream, and nothing else
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'{styles}; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "x-frame-options": "DENY",
}


#: the verifier's own scripts and styles are inline (one file a player keeps); it loads
#: nothing and connects nowhere
VERIFIER_POLICY = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def policy(html: str = "") -> str:
    hashes, attributes = style_hashes(html)
    styles = "".join(f" {h}" for h in hashes)
    if attributes:
        styles = " 'unsafe-hashes'" + styles
    return POLICY.format(styles=styles)


class Secured:
    """Every response (errors included) gets the security headers; one without its own
    Content-Security-Policy gets the strictest."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "content-security-policy" not in headers:
                    headers["content-security-policy"] = policy()
                for name, value in HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, secured)


PLAIN = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="stylesheet" href="/static/web.css"></head>
<body><main class="plain"><h1>{title}</h1><p>{text}</p></main></body></html>
"""


def not_found() -> HTMLResponse:
    """The one answer to anything that is not a page of a valid link: it says nothing."""
    text = "There is no page here. Ask your GM for the link."
    return HTMLResponse(PLAIN.format(title="Not found", text=text), status_code=404)


def unavailable(why: str | None) -> HTMLResponse:
    """The database cannot be read as it is: the page says so (the GM's terminal says why,
    unless `why` is None: said already)."""
    if why is not None:
        print(f"journal serve: {why}", file=sys.stderr)
    text = (
        "The journal cannot be read right now (its database is unreachable, or it was "
        "upgraded by another version of journal). The GM's terminal says why; this page "
        "works again on a reload once the GM has put it right."
    )
    return HTMLResponse(
        PLAIN.format(title="Not available right now", text=text),
        status_code=503,
        headers={"retry-after": "5"},
    )


#: what an unreadable campaign's pages told the GM's terminal already (once each)
_SAID: set[str] = set()


def _say_once(why: str) -> None:
    if why not in _SAID:
        _SAID.add(why)
        print(f"journal serve: {why}", file=sys.stderr)


def unreadable(why: str) -> HTMLResponse:
    """A campaign holding an event its rules cannot read, or whose ruleset cannot be loaded
    here: its pages say so (a 503, not a failure), the GM's terminal says why and the fix
    once."""
    _say_once(why)
    text = (
        "This campaign's record cannot be read here right now (an event in it, or its "
        "ruleset). The GM's terminal says which and how to put it right; this page works "
        "again on a reload then."
    )
    return HTMLResponse(
        PLAIN.format(title="This campaign cannot be read right now", text=text),
        status_code=503,
        headers={"retry-after": "30"},
    )


def moved(why: str) -> HTMLResponse:
    """The database file was replaced or moved while serving: a clear 503 (said once on
    the GM's terminal) rather than pages of a file that is no longer the journal's."""
    _say_once(why)
    text = (
        "The journal's database file was replaced or moved since this server started. "
        "The GM's terminal says what to do; this page works again once it is served anew."
    )
    return HTMLResponse(
        PLAIN.format(title="Not available right now", text=text),
        status_code=503,
        headers={"retry-after": "30"},
    )


def busy(text: str) -> HTMLResponse:
    """Too many of something (this link's open pages): a clear 503, try again later."""
    return HTMLResponse(
        PLAIN.format(title="Too busy right now", text=text),
        status_code=503,
        headers={"retry-after": "5"},
    )


def out_of_files(exc: OSError) -> HTMLResponse | None:
    """The answer when `exc` is running out of file descriptors (said once a minute)."""
    from journal.web.serving import THROTTLED
    from journal.web.serving import out_of_files as is_out_of_files

    if not is_out_of_files(exc):
        return None
    THROTTLED.say("reading the database")
    return unavailable(None)


def failed() -> HTMLResponse:
    text = "This page cannot be shown: something failed. The GM's terminal says what."
    return HTMLResponse(PLAIN.format(title="Something failed", text=text), status_code=500)


def create_app(
    site: Site,
    watcher: Watcher | None = None,
    max_streams: int | None = None,
    per_client: int | None = PER_CLIENT,
) -> ASGIApp:
    """The application over `site` (a watcher of its database makes the pages live), with
    at most `max_streams` open streams per link and `per_client` per client address (None:
    no limit; `journal.web.places` says who gives one up for a newcomer)."""
    watching = watcher or Watcher(site)
    places = Places(max_streams, per_client)
    files = {
        p.name: (p.read_bytes(), MEDIA[p.suffix]) for p in STATIC.iterdir() if p.suffix in MEDIA
    }

    async def static(request: Request) -> Response:
        found = files.get(request.path_params["name"])
        if found is None:
            return not_found()
        return Response(found[0], media_type=found[1], headers={"cache-control": "no-cache"})

    async def page(request: Request) -> Response:
        token, view = request.path_params["token"], request.path_params["view"]
        try:
            audience = await run_sync(site.audience, token)
            if audience is None:
                return not_found()
            shown = await run_sync(site.page, audience, view)
        except Unreadable as exc:
            return unreadable(str(exc))
        except Moved as exc:
            return moved(str(exc))
        except Unavailable as exc:
            return unavailable(str(exc))
        except NotFound:
            return not_found()
        except JournalError as exc:  # a page its journal refuses to make (it says why)
            print(f"journal serve: {request.url.path}: {exc}", file=sys.stderr)
            return not_found()
        except OSError as exc:
            answer = out_of_files(exc)
            if answer is None:
                traceback.print_exc()
                return failed()
            return answer
        except Exception:  # a failure of the journal's own: the GM's terminal gets the trace
            traceback.print_exc()
            return failed()
        headers = {"content-security-policy": policy(shown.html)}
        return HTMLResponse(shown.html, headers=headers)

    async def proof(request: Request) -> Response:
        return await _proof(request, "proof")

    async def since(request: Request) -> Response:
        return await _proof(request, "since")

    async def _proof(request: Request, kind: str, opened: bool = False) -> Response:
        token = request.path_params["token"]
        number = _seq(request.path_params["number"])
        head = request.query_params.get("head")
        size = None if head is None else _seq(head)
        if number is None or (head is not None and size is None):
            return not_found()
        try:
            audience = await run_sync(site.audience, token)
            if audience is None:
                return not_found()
            document = await run_sync(site.proof, audience, kind, number, size)
            if opened:
                kept = document["head"] if kind == "proof" else document["old"]
                assert isinstance(kept, dict)
                shown, words = await run_sync(site.head_of, audience, kept["size"])
        except Unreadable as exc:
            return unreadable(str(exc))
        except Moved as exc:
            return moved(str(exc))
        except Unavailable as exc:
            return unavailable(str(exc))
        except JournalError:  # not this audience's to see (or no such event): says nothing
            return not_found()
        if opened:
            root = request.query_params.get("root", "")
            if root and _ROOT.fullmatch(root):  # the head as the page showed it
                shown = f"{shown.split()[0]} {root.lower()}"
            return RedirectResponse(_in_verifier(request, document, shown, words), 303)
        name = f"proof-{number}.json" if kind == "proof" else f"since-{number}.json"
        return JSONResponse(document, headers={"content-disposition": f'inline; filename="{name}"'})

    async def open_proof(request: Request) -> Response:
        return await _proof(request, "proof", opened=True)

    async def open_since(request: Request) -> Response:
        return await _proof(request, "since", opened=True)

    async def verifier(request: Request) -> Response:
        from journal.api.proof import verifier_page

        html = verifier_page()
        return HTMLResponse(html, headers={"content-security-policy": VERIFIER_POLICY})

    async def events(request: Request) -> Response:
        token = request.path_params["token"]
        view = request.query_params.get("view", "")
        if one_spelling(f"/{view}") != f"/{view}" or view.endswith("/"):
            return not_found()  # a page has one spelling, its stream too
        try:
            audience = await run_sync(site.audience, token)
            if audience is None:
                return not_found()
            await run_sync(site.page, audience, view)  # a page this audience has
        except Unreadable as exc:
            return unreadable(str(exc))
        except Moved as exc:
            return moved(str(exc))
        except Unavailable as exc:
            return unavailable(str(exc))
        except JournalError:
            return not_found()
        except OSError as exc:
            answer = out_of_files(exc)
            if answer is None:
                raise
            return answer
        client = request.client.host if request.client is not None else ""
        table = view == "table" or (view == "" and audience.players)
        place = places.take(token, client, table)
        if place is None:
            return busy(
                f"This link has {max_streams} pages open already, each on another device: "
                "close one (or ask the GM to serve with a larger --max-streams) and reload."
            )
        last = _seq(request.headers.get("last-event-id")) or _seq(request.query_params.get("seq"))
        stream = updates(site, watching, token, audience, view, last, place)
        return Held(stream, places, place)

    async def home(request: Request) -> Response:
        """`/TOKEN` to `/TOKEN/`, relative: the Host header is never echoed back."""
        return RedirectResponse(quote(request.path_params["token"], safe="") + "/", 307)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        import asyncio

        from journal.web.serving import quiet_when_out_of_files

        quiet_when_out_of_files(asyncio.get_running_loop())
        watching.start(asyncio.get_running_loop())
        try:
            yield
        finally:
            watching.stop()

    app = Starlette(
        routes=[
            Route("/static/{name}", static),
            Route("/verifier", verifier),
            Route("/{token}", home),
            Route("/{token}/events", events),
            Route("/{token}/proof/{number}", proof),
            Route("/{token}/since/{number}", since),
            Route("/{token}/verify/proof/{number}", open_proof),
            Route("/{token}/verify/since/{number}", open_since),
            Route("/{token}/{view:path}", page),
            Route("/", lambda request: not_found()),
        ],
        lifespan=lifespan,
    )
    app.add_exception_handler(404, lambda request, exc: not_found())
    return Secured(OneSpelling(app))


class Held(EventSourceResponse):
    """A page's live stream, holding its place from its request to its end, however it
    ends (the client gone before the first update, a HEAD, a shed, the server stopping)."""

    def __init__(self, stream: AsyncIterator[bytes], places: Places, place: Place) -> None:
        super().__init__(stream, ping=15, headers={"x-accel-buffering": "no"})
        self.places, self.place = places, place

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.places.give_back(self.place)


class OneSpelling:
    """Every path in its one spelling: a doubled, leading or trailing slash (`recap//1`,
    `recap/1/`, `/TOKEN//recap/1`) is redirected to it before any route, so no spelling
    renders a page again or takes a place in the cache. The redirect is relative (the Host
    header is never echoed back) and keeps the query."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path = scope["path"]
            one = one_spelling(path)
            if one != path:
                query = scope.get("query_string", b"").decode("latin-1")
                up = "../" * (path.count("/") - 1)
                where = up + "/".join(quote(part, safe="") for part in one[1:].split("/"))
                answer = RedirectResponse(where + (f"?{query}" if query else ""), 307)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


def one_spelling(path: str) -> str:
    """`path` without empty segments; a trailing slash kept only on a link's home
    (`/TOKEN/`, the one page whose spelling has it)."""
    parts = [part for part in path.split("/") if part]
    home = len(parts) == 1 and path.endswith("/")
    return "/" + "/".join(parts) + ("/" if home else "")


def _seq(value: str | None) -> int | None:
    return canonical_number(value)


#: a head's root as a page's link gives it: 12 to 64 hex digits
_ROOT = re.compile(r"[0-9a-fA-F]{12,64}")


def _in_verifier(request: Request, document: object, head: str, words: str) -> str:
    """The verifier's address, relative (the Host header is never echoed back), with the
    proof and the head to check it against in its fragment: the page fetches nothing."""
    import base64
    import json
    from urllib.parse import urlencode

    text = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
    proof = base64.urlsafe_b64encode(text).rstrip(b"=").decode()
    depth = request.url.path.rstrip("/").count("/") - 1
    fragment = urlencode({"proof": proof, "head": head, "from": words}, quote_via=quote)
    return "../" * depth + "verifier#" + fragment
