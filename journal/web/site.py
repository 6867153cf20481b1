"""What `journal serve` shows, over the public API: the campaigns of one database, the
audience behind each token, and every page rendered for its audience (no Starlette here).

A page is rendered once per campaign, audience, view and head seq, and kept: fifty open
table screens cost one rendering per event. Every page of a players' or a character's
link is made of what their handouts show, through the handouts' own audience filter
(`recap`, `arc` and the board's columns the players see); nothing else is read for them.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from journal.api.database_level import Database
from journal.api.errors import NotFound
from journal.api.journal import BoardGrid, Journal
from journal.api.marks import ACTED, FROZEN, WAITING
from journal.web.links import Keys, LinkHolder, tokens

if TYPE_CHECKING:
    from jinja2 import Environment, Template

    from journal.api.handouts import ProofLinks
    from journal.api.proof import ProofDocument

T = TypeVar("T")

#: how a mark is shown: its symbol (never colour alone) and its words
MARKS = {FROZEN: ("✗", "froze"), WAITING: ("○", "yet to act"), ACTED: ("✓", "acted")}
LIVE_START, LIVE_END = "<!--live-->", "<!--/live-->"
#: how many rendered pages are kept
KEPT = 256
#: how many of the latest happenings the table screen shows during a fight
JUST_NOW = 5
#: seconds between two checks of the database's schema
CHECK = 1.0


class Unavailable(Exception):
    """The database cannot be read as it is (unreachable, or at another schema)."""


class Moved(Unavailable):
    """The SQLite file served was replaced or moved (another file at its path, or none):
    pages answer 503 until `journal serve` is started again on the file there now."""


class Unreadable(Unavailable):
    """One campaign holds an event its rules cannot read: its pages say so, the other
    campaigns' pages go on."""


#: what a page is kept under: campaign, audience, the character's name now, view and head seq
#: (`Site.key`)
PageKey = tuple[str, str, str | None, str, int]


@dataclass(frozen=True)
class Page:
    html: str
    #: the part a live update replaces (between the live markers)
    live: str
    seq: int

    @cached_property
    def digest(self) -> str:
        """(hashed once: every stream of the page compares it at every change)"""
        return hashlib.sha256(self.live.encode()).hexdigest()[:16]


class Site:
    """One database's campaigns (all, or the one `only` names), read for the web."""

    def __init__(
        self, database: Database, only: str | None = None, keys: Keys | None = None
    ) -> None:
        self.database = database
        self.only = only
        self.keys = keys or Keys()
        #: the database told apart from every other (what its links are keyed by)
        self.key_of_database = database.key()
        self._journals: dict[str, Journal] = {}
        self._pages: OrderedDict[PageKey, Page] = OrderedDict()
        self._lock = threading.RLock()
        self._slugs: list[str] | None = None
        self._checked = 0.0
        self._links: dict[str, dict[str, LinkHolder]] = {}
        self._links_key: tuple[object, object] | None = None
        #: campaign -> what stops it being read (an event its rules cannot read, the fix)
        self.unreadable: dict[str, str] = {}
        #: the SQLite file's identity (device, inode) when the site opened it
        self._file = _identity(database.sqlite_path)

    # --- the campaigns and their links -----------------------------------------------------

    def slugs(self) -> list[str]:
        """The campaigns served; the database's schema checked (at most every `CHECK`
        seconds: a database upgraded by another journal makes every page say so)."""
        with self._lock:
            now = time.monotonic()
            if self._slugs is None or now - self._checked >= CHECK:
                listed = self.database.campaigns().campaigns  # checks the schema
                found = [c.campaign for c in listed]
                if self.only is not None and self.only not in found:
                    known = ", ".join(found) or "none yet"
                    where = self.database.describe()
                    raise NotFound(f"no campaign {self.only!r} in {where} (campaigns: {known})")
                self._slugs = [self.only] if self.only is not None else found
                self._checked = now
            return self._slugs

    def journal(self, slug: str) -> Journal:
        with self._lock:
            found = self._journals.get(slug)
            if found is None:
                found = self._journals[slug] = self.database.campaign(slug)
            return found

    def links(self, *, create: bool = False) -> dict[str, dict[str, LinkHolder]]:
        """campaign -> token -> audience, for every campaign served (read again when a
        campaign has new events or a link was revoked)."""
        with self._lock:
            slugs = self.slugs()
            heads = tuple((slug, self.journal(slug).head()) for slug in slugs)
            key = (heads, self.keys.stamp())
            if create or key != self._links_key:
                self._links = {slug: self._tokens(slug, create) for slug in slugs}
                self._links_key = (heads, self.keys.stamp())
            return self._links

    def _tokens(self, slug: str, create: bool) -> dict[str, LinkHolder]:
        """The campaign's links; of one whose cast cannot be read, the GM's and the
        players' (their pages say what is wrong), and `unreadable` says why."""
        from journal.api.errors import RulesetUnavailable, UnreadableEvent

        journal = self.journal(slug)
        try:
            found = tokens(self.keys, self.key_of_database, journal, create=create)
        except (UnreadableEvent, RulesetUnavailable) as exc:  # (its ruleset: not loadable here)
            self.unreadable[slug] = str(exc)
            return tokens(self.keys, self.key_of_database, journal, create=create, characters=False)
        self.unreadable.pop(slug, None)
        return found

    def audience(self, token: str) -> LinkHolder | None:
        """Whose `token` is (None: nobody's, or a revoked link)."""
        found = None
        for by_token in self.guarded(self.links).values():
            for known, audience in by_token.items():
                if hmac.compare_digest(known.encode(), token.encode()):
                    found = audience
        return found

    def current(self, token: str, audience: LinkHolder) -> LinkHolder | None:
        """The audience `token` is now, if it is still `audience`'s identity (a character's
        name may have changed; None: revoked, or their character is voided)."""
        for by_token in self.guarded(self.links).values():
            found = by_token.get(token)
            if found is not None and (found.campaign, found.key) == (
                audience.campaign,
                audience.key,
            ):
                return found
        return None

    def head(self, slug: str) -> int:
        return self.guarded(lambda: self.journal(slug).head())

    def guarded(self, read: Callable[[], T]) -> T:
        """`read()`, a database that cannot be read as it is turned into Unavailable."""
        from sqlalchemy.exc import DBAPIError

        from journal.api.errors import RulesetUnavailable, StoreError, UnreadableEvent

        self._same_file()
        try:
            return read()
        except (UnreadableEvent, RulesetUnavailable) as exc:
            raise Unreadable(str(exc)) from None
        except (StoreError, DBAPIError) as exc:
            raise Unavailable(str(getattr(exc, "orig", None) or exc)) from None

    def _same_file(self) -> None:
        """Moved when the SQLite file at the served path is no longer the one opened (by
        its device and inode: a copy put in its place, a rename, a restore from backup)."""
        path = self.database.sqlite_path
        if self._file is None or path is None or _identity(path) == self._file:
            return
        raise Moved(
            f"the database file {path} was replaced or moved since `journal serve` opened "
            "it: pages answer 503; stop it (Ctrl-C) and start `journal serve` again to serve "
            "the file there now"
        )

    # --- pages -----------------------------------------------------------------------------

    @staticmethod
    def key(audience: LinkHolder, view: str, seq: int) -> PageKey:
        """What the page `view` of `audience` at `seq` is kept under (and shared by)."""
        return (audience.campaign, audience.key, audience.name, view, seq)

    def kept(self, audience: LinkHolder, view: str, seq: int) -> Page | None:
        """The page as it was rendered at `seq`, if it is still kept."""
        return self._pages.get(self.key(audience, view, seq))

    def page(self, audience: LinkHolder, view: str) -> Page:
        """The page `view` of this audience now (NotFound: it has no such page)."""

        def render() -> Page:
            with self._lock:
                journal = self.journal(audience.campaign)
                head = journal.head()
                key = self.key(audience, view, head)
                kept = self._pages.get(key)
                if kept is not None:
                    self._pages.move_to_end(key)
                    return kept
                html = _policy_free(Pages(journal, audience).render(view))
                page = Page(html, _live(html), head)
                self._pages[key] = page
                while len(self._pages) > KEPT:
                    self._pages.popitem(last=False)
                return page

        return self.guarded(render)

    def proof(
        self, audience: LinkHolder, kind: str, number: int, head: int | None = None
    ) -> ProofDocument:
        """What `/TOKEN/proof/SEQ` and `/TOKEN/since/SIZE` answer: the proof of event SEQ
        as this link's audience sees it, or that the record extends the one of SIZE; in
        the record of `head` events (`?head=`), else the current one (NotFound for the
        GM's link, JournalError for what this audience may not see)."""

        def make() -> ProofDocument:
            if audience.gm:
                raise NotFound("a proof is for the players or a character")
            with self._lock:
                journal = self.journal(audience.campaign)
                if kind == "since":
                    return journal.prove_since(number, head)
                return journal.prove(number, Pages(journal, audience).reader(), size=head)

        return self.guarded(make)

    def head_of(self, audience: LinkHolder, size: int) -> tuple[str, str]:
        """The record's head of `size` events (`#N ROOT`), and how a page names it: the
        end of the session it closes, or the record then."""

        def read() -> tuple[str, str]:
            with self._lock:
                journal = self.journal(audience.campaign)
                found = journal.tree_head(size)
                ends = {h["size"]: h["session"] for h in journal.heads()[:-1]}
            session = ends.get(size)
            words = (
                f"the head on your page for session {session}"
                if session is not None
                else f"the head your page shows (#{size})"
            )
            return f"#{found['size']} {found['root']}", words

        return self.guarded(read)


#: a number in a path or a header: ASCII digits, one spelling each (no leading zero), so
#: `recap/0150` or Arabic-Indic digits is no page, nor one more entry of the pages kept
_CANONICAL = re.compile(r"0|[1-9][0-9]{0,11}")


def canonical_number(text: str | None) -> int | None:
    """`text` as a whole number if it is one's only spelling, else None."""
    return int(text) if text is not None and _CANONICAL.fullmatch(text) else None


STYLESHEET = '<link rel="stylesheet" href="/static/web.css">'


def _label(audience: LinkHolder) -> str:
    if audience.gm:
        return "the GM's dashboard"
    return "for the players" if audience.players else f"{audience.name}'s page"


#: a handout's own policy (a `<meta>`, for a file opened from disk): the server's header
#: says what the page may load, and no less strictly (see `journal.web.app.POLICY`)
META_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?', re.I)


def _identity(path: Path | None) -> tuple[int, int] | None:
    """(device, inode) of the file at `path`; (0, 0) when there is none (None: no file)."""
    import os

    if path is None:
        return None
    try:
        found = os.stat(path)
    except OSError:
        return (0, 0)
    return (found.st_dev, found.st_ino)


def _policy_free(html: str) -> str:
    return META_POLICY.sub("", html, count=1)


def _live(html: str) -> str:
    start, end = html.find(LIVE_START), html.find(LIVE_END)
    return html[start + len(LIVE_START) : end] if 0 <= start < end else ""


def _inner(html: str, start: str, end: str) -> str:
    """The text between the first `start` and the next `end` of `html` ("" if none)."""
    at = html.find(start)
    stop = html.find(end, at + len(start)) if at >= 0 else -1
    return html[at + len(start) : stop] if at >= 0 and stop >= 0 else ""


class Pages:
    """The pages of one audience of one campaign, rendered now. Handouts are rendered
    with the shipped templates (a GM's own are for the files `recap -o` writes)."""

    def __init__(self, journal: Journal, audience: LinkHolder) -> None:
        self.journal = journal
        self.audience = audience
        self.up = ""
        self._heads: dict[int | None, tuple[int, str]] | None = None

    def render(self, view: str) -> str:
        parts = [p for p in view.split("/") if p]
        #: links are relative to the page (a revoked link's pages name no token)
        self.up = "../" * (len(parts) - 1) if parts else ""
        audience = self.audience
        if not parts:
            if audience.gm:
                return self.dashboard()
            return self.table() if audience.players else self.character()
        match parts:
            case ["table"] if not audience.character:
                return self.table()
            case ["shelf"] if not audience.character:
                return self.shelf()
            case ["recap", number] if canonical_number(number) is not None:
                return self.handout(self.recap(int(number)), view)
            case ["arc"] if audience.character:
                return self.handout(self.journal.arc_text(audience.character, "html"), view)
            case ["arc", name] if not audience.character:
                canonical = self.journal.known_name(name)
                return self.handout(self.journal.arc_text(canonical, "html"), view)
        raise NotFound("no such page")

    # --- the handouts, exactly as `recap` and `arc` make them --------------------------------

    def reader(self) -> Any:
        from journal.api.handouts import Audience as Reader

        if self.audience.gm:
            return Reader.gm_copy()
        if self.audience.players:
            return Reader.players()
        return Reader.character(self.audience.character or "")

    def recap(self, number: int | None) -> str:
        return self.journal.recap_text(number, self.reader(), "html", proofs=self.proofs(number))

    def proofs(self, number: int | None) -> ProofLinks | None:
        """What a recap of session `number` (the latest when None) needs to link each entry
        to its proof (`render.recap`); None for the GM, who has no proofs to check."""
        if self.audience.gm:
            return None
        at = self.heads_at()
        if number is None:
            number = self.journal.overview().sessions or None
        head = (at.get(number) if number is not None else None) or at[None]
        return {"href": f"{self.up}verify/proof/", "at": head, "heads": at}

    def heads_at(self) -> dict[int | None, tuple[int, str]]:
        """session -> (size, the first 16 digits of its root) of the head at its end, and
        None -> the head now: what a page's proof links name as the head kept (read once
        a page)."""
        if self._heads is None:
            self._heads = {h["session"]: (h["size"], h["root"][:16]) for h in self.journal.heads()}
        return self._heads

    def proof_link(self, seq: int, session: int | None) -> str:
        """The link to the proof of event `seq`, written in `session`, checked against the
        head at that session's end (or now, while it is open)."""
        at = self.heads_at()
        size, root = (at.get(session) if session is not None else None) or at[None]
        return f"{self.up}verify/proof/{seq}?head={size}&root={root}"

    def since_link(self, size: int, root: str) -> str:
        """The link to the proof that the record now extends the head of `size`."""
        return f"{self.up}verify/since/{size}?root={root[:16]}"

    def handout(self, html: str, view: str) -> str:
        """A handout's HTML with the site's way back and its live part marked."""
        nav = STYLESHEET + self.nav()
        if "<main>" not in html or "</main>" not in html:
            return html
        head, rest = html.split("<main>", 1)
        body, tail = rest.rsplit("</main>", 1)
        script = self.script(view)
        return (
            f'{head}<main>{nav}<div id="live">{LIVE_START}{body}{LIVE_END}</div>'
            f"</main>{script}{tail}"
        )

    # --- the site's own pages -------------------------------------------------------------------

    def context(self, view: str) -> dict[str, Any]:
        from journal.api.handouts import game_date

        state = self.journal.overview()
        *ends, now = self.journal.heads()
        return {
            "record_head": {**now, "text": f"#{now['size']} {now['root']}"},
            "session_heads": ends,
            "proof_link": self.proof_link,
            "since_link": self.since_link,
            "campaign": {
                "title": state.title,
                "slug": state.campaign,
                "ruleset": state.ruleset,
                "language": state.language,
            },
            "audience": self.audience,
            "session": state.session,
            "clock": game_date(state.clock) if state.clock else None,
            "seq": state.seq,
            "view": view,
            "marks": MARKS,
            "quote": quote,
            "up": self.up,
            "audience_label": _label(self.audience),
            "safety": self.journal.safety(),
        }

    def nav(self) -> str:
        return _template("_nav.html.j2").render(audience=self.audience, up=self.up)

    def script(self, view: str) -> str:
        seq = self.journal.head()
        return _template("_script.html.j2").render(view=view, up=self.up, seq=seq)

    def sessions_newest_first(self) -> list[Any]:
        return list(reversed(self.journal.sessions()))

    def table(self) -> str:
        """The table screen: the fight for the players and what just happened in it, in
        their words; between fights, the roster and the latest players' recap."""
        from journal.api.handouts import Audience as Reader

        board = self.journal.board_grid(gm=False)
        recap, just_now = "", []
        if board.fight is not None:
            just_now = self.journal.latest_entries(Reader.players(), JUST_NOW)
        elif self.journal.overview().sessions:
            proofs = self.proofs(None)
            html = self.journal.recap_text(None, Reader.players(), "html", proofs=proofs)
            recap = _inner(html, "<main>", "<footer>")
        title = "The table" if board.fight is None else (board.fight or "The fight")
        return self.own(
            "table.html.j2", "table", title, board=board, recap=recap, just_now=just_now
        )

    def shelf(self) -> str:
        names = list(self.journal.overview().characters)
        sessions = self.sessions_newest_first()
        return self.own("shelf.html.j2", "shelf", "Handouts", sessions=sessions, names=names)

    def character(self) -> str:
        name = self.audience.character or ""
        board = self.journal.board_grid(gm=False)
        rows = tuple(r for r in board.rows if r.character == name)
        mine = BoardGrid(board.title, board.fight, board.columns, rows) if rows else None
        arc = self.journal.arc(name)
        return self.own(
            "character.html.j2",
            "",
            name,
            name=name,
            board=board,
            mine=mine,
            sheet=arc["sheet"],
            sessions=self.sessions_newest_first(),
            notes=list(reversed(self.journal.public_notes(name))),
        )

    def dashboard(self) -> str:
        journal = self.journal
        audit = journal.audit()
        verify = journal.verify()
        latest = journal.log().entries[-15:]
        board = journal.board_grid(gm=True)
        rulings = {}  # each one's latest event, a ruling's terms in its line (the GM's log)
        for row in board.rows:
            about = [e for e in journal.log(character=row.character).entries if not e.voided]
            if about:
                rulings[row.character] = about[-1]
        receipt = next((s.receipt for s in self.sessions_newest_first() if s.receipt), None)
        return self.own(
            "dashboard.html.j2",
            "",
            "The GM's dashboard",
            board=board,
            rulings=rulings,
            heading=journal.board().heading,
            latest=list(reversed(latest)),
            audit=audit,
            audit_text=audit.text(),
            verify=verify,
            verify_text="\n".join(t for t in verify.text() if t),
            receipt=receipt,
            secrets=journal.secrets(),
            sessions=self.sessions_newest_first(),
            names=list(journal.overview().characters),
        )

    def own(self, template: str, view: str, title: str, **values: Any) -> str:
        """One of the site's own pages (`templates/TEMPLATE`)."""
        from journal.api.handouts import narrator_of

        templates = narrator_of(self.journal.ruleset.name).templates
        return _template(template, templates).render(**self.context(view), title=title, **values)


_ENVIRONMENTS: dict[str | None, Environment] = {}
_HERE = Path(__file__).resolve().parent


def _template(name: str, ruleset_parts: Path | None = None) -> Template:
    """A template of the site (`journal/web/templates`), which extends the handouts' own
    base and may import the ruleset's parts (`ruleset/parts.html.j2`), as a handout does."""
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader, StrictUndefined

    from journal.api.handouts import shipped

    key = None if ruleset_parts is None else str(ruleset_parts)
    env = _ENVIRONMENTS.get(key)
    if env is None:
        shipped_templates = shipped("templates")
        parts = [FileSystemLoader(str(shipped_templates / "_ruleset"))]
        if ruleset_parts is not None:
            parts.insert(0, FileSystemLoader(str(ruleset_parts)))
        env = Environment(
            loader=ChoiceLoader(
                [
                    FileSystemLoader(str(_HERE / "templates")),
                    FileSystemLoader(str(shipped_templates)),
                    PrefixLoader({"ruleset": ChoiceLoader(parts)}),
                ]
            ),
            autoescape=True,
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        env.filters["signed"] = lambda v: f"{v:+d}" if v else "0"
        from journal.api.html import html_ids

        env.filters["ids"] = html_ids
        _ENVIRONMENTS[key] = env
    return env.get_template(name)


STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
STYLE_ATTRIBUTE = re.compile(r'\sstyle="([^"]*)"')


def style_hashes(html: str) -> tuple[list[str], bool]:
    """The CSP sources of a page's inline styles (`'sha256-...'`), and whether some are
    attributes (which need `'unsafe-hashes'`: only those exact styles, nothing else)."""
    import base64

    def source(text: str) -> str:
        digest = hashlib.sha256(text.replace("&quot;", '"').encode()).digest()
        return f"'sha256-{base64.b64encode(digest).decode()}'"

    blocks = [source(m) for m in STYLE.findall(html)]
    attributes = [source(m) for m in STYLE_ATTRIBUTE.findall(html)]
    return sorted(set(blocks + attributes)), bool(attributes)
