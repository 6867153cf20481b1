"""`Journal`: one campaign of a journal database, for scripts, the CLI and the web pages:
run any ruleset's commands, read typed documents whose JSON form (`to_json()`) is exactly
what the CLI prints with `--json`.

    import journal
    from journal.api.commands import TakeNote

    with journal.open("journal.db", campaign="night") as night:
        night.run(TakeNote("The lights go out."))    # a ruleset's commands come from its package
        print(night.status().to_json())            # status --json

A `Journal` is the public face of `journal.app.Campaign`, which owns the campaign's store
and its state; the database-level API (`journal.api.database_level`) opens both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
import msgspec.structs
from msgspec import Struct

from journal.api.log import LogDocument, LogEntry, LogLine, LogScope, log_text, walk
from journal.api.outcome import Outcome, asking, worded
from journal.app import Appended, Campaign, Rerule
from journal.collector import rarely_collected
from journal.dice import AskDice
from journal.documents import (
    Board,
    BoardGrid,
    CharacterStatus,
    Document,
    JSONDict,
    StatusDocument,
    ThreatList,
)
from journal.errors import JournalError, NotFound
from journal.events.canonical import JSON
from journal.events.recorded import Recorded, decoded
from journal.events.registry import Event
from journal.projection import Corrections, names_walk
from journal.rules import load
from journal.rules.command import Command
from journal.rules.concerns import concerned, holder
from journal.rules.core.state import CampaignState, CharacterId
from journal.rules.ruleset import Ruleset
from journal.store import Store
from journal.telling.contract import Telling, telling_of
from journal.telling.lines import Renames, describe, status_heading

if TYPE_CHECKING:  # the readers load these when they run (named here for the API's users)
    from journal.api.choices import Choice
    from journal.api.secrets import SafetyDocument, SecretsDocument
    from journal.audit.explain import Explanation as Explanation
    from journal.audit.replay import AuditReport
    from journal.audit.snapshots import SnapshotReport as SnapshotReport
    from journal.audit.verify import ChainReport
    from journal.handouts.documents import (
        ArcDocument,
        BookDocument,
        Happening,
        ProofLinks,
        RecapDocument,
    )
    from journal.handouts.recap import Audience
    from journal.proof.documents import ProofDocument, SessionHead
    from journal.rules.core.commands import VoidEvent

__all__ = [
    "BoardGrid",
    "CampaignOverview",
    "CharacterView",
    "Command",
    "Journal",
    "LogDocument",
    "LogEntry",
    "NewCharacter",
    "Outcome",
    "status_document",
]


class CharacterView(Document, Struct, frozen=True):
    """`character show --json`: the character's numbers and every event about them."""

    name: str
    status: CharacterStatus | None
    events: tuple[str, ...]
    #: the numbers `character show` prints: (the ruleset's label, value), hidden keys left
    #: out and mappings expanded (not in the JSON)
    shown: tuple[tuple[str, JSON], ...] = ()

    def to_json(self) -> JSONDict:
        numbers = self.status.to_json() if self.status is not None else {}
        assert isinstance(numbers, dict)
        return {"name": self.name, **numbers, "events": list(self.events)}


class CharacterEntry(Document, Struct, frozen=True):
    """One row of `character list --json`."""

    name: str
    joined: int  # the seq of their CharacterAdded
    retired: int | None  # the seq of their CharacterRetired
    formerly: tuple[str, ...]  # names they had before a rename


class NewCharacter(Document, Struct, frozen=True):
    """`character add --json`: the event that added them, their name and sheet as recorded."""

    seq: int
    character: str
    sheet: JSON
    #: the campaign they joined (not in the JSON)
    campaign: str

    def to_json(self) -> JSONDict:
        return {"seq": self.seq, "character": self.character, "sheet": self.sheet}


class CharacterList(Document, Struct, frozen=True):
    characters: tuple[CharacterEntry, ...]

    def to_json(self) -> list[JSON]:
        return [entry.to_json() for entry in self.characters]


class SessionEntry(Document, Struct, frozen=True):
    """One session of the campaign (`journal serve`'s shelves): its number, title, the seq
    that started it and, once it ended, the receipt `session end` printed: the tree head
    at its end (`#SEQ ROOT`)."""

    number: int
    title: str
    seq: int
    receipt: str | None


class NoteEntry(Document, Struct, frozen=True):
    """A note the players may read (not GM-only, not voided), names as they are now: when
    it was noted (`session`, `game_time`) and, for a secret revealed to its reader later,
    when they learned it (the reveal's seq and session; None for a note known as noted)."""

    seq: int
    text: str
    about: tuple[str, ...]
    session: int | None
    game_time: str | None
    learned: int | None = None
    learned_session: int | None = None


class CampaignOverview(Document, Struct, frozen=True):
    """The campaign at a glance, as it stands: what a page's heading, a vault or a post
    names (no numbers of the rules: `status` has those)."""

    campaign: str
    ruleset: str
    title: str
    #: the seq of its last event
    seq: int
    #: the session under way (None: between sessions)
    session: int | None
    #: how many sessions were started
    sessions: int
    #: the game's clock (None: never set)
    clock: str | None
    #: everyone who joined, retired or not, by their names now, in the order they joined
    characters: tuple[str, ...]
    #: the language of its handouts, a BCP 47 tag (`campaign language`)
    language: str = "en"


class CampaignLanguage(Document, Struct, frozen=True):
    """`campaign language --json`: the language the campaign's handouts are in."""

    campaign: str
    #: a BCP 47 tag (`en` until `campaign language TAG` sets another)
    language: str


class Journal:
    """One campaign of a journal database (a context manager: closing it closes the
    database it opened)."""

    def __init__(
        self,
        store: Store,
        campaign: str | None,
        *,
        current: str | None = None,
        owns_store: bool = False,
        writer: str | None = None,
    ) -> None:
        """Open `campaign` (None: `current`, else the only one) once its schema is checked.
        Its events record `writer` as who entered them (None: user@host)."""
        from journal.writer import checked, default_writer

        #: the campaign's application service: it owns the store and the campaign's state
        #: (below the API: what it hands out are documents, never the service or its state)
        self._campaign = Campaign.open(store, campaign, current)
        self._campaign.writer = default_writer() if writer is None else checked(writer)
        #: closing this object closes the database (it opened it)
        self.owns_store = owns_store
        #: every event this object recorded, in order (`journal play` sums them up)
        self.recorded: list[Recorded] = []
        self._latest: tuple[int, CampaignState] | None = None

    # --- the campaign ---------------------------------------------------------------------

    @property
    def campaign(self) -> str:
        return self._campaign.campaign

    @property
    def _store(self) -> Store:
        """The database the campaign lives in (owned by the service)."""
        return self._campaign.store

    def describe(self) -> str:
        """Where the campaign's database is, as the GM named it (no password shows)."""
        return self._store.describe()

    def count(self) -> int:
        """How many events the campaign holds (voided ones included)."""
        return self._campaign.count()

    @property
    def ruleset(self) -> Ruleset:
        return self._campaign.ruleset

    @property
    def telling(self) -> Telling:
        """How the campaign's ruleset words its events, its board and its status."""
        return telling_of(self.ruleset.name)

    def _state(self, as_of: int | None = None) -> CampaignState:
        """The campaign as it stands (or stood after event `as_of`). The latest is kept
        and reused while no writer has appended since (the log only grows), so a long
        session (`journal play`) reads it again for the price of one query."""
        if as_of is not None:
            if self._latest is not None and self._latest[0] == as_of:
                return self._latest[1]  # the campaign as of a seq never changes
            return self._campaign.state(as_of)
        head = self._campaign.head()
        if self._latest is None or self._latest[0] != head:
            self._latest = (head, self._campaign.state(head))
        return self._latest[1]

    def campaign_state(self, as_of: int | None = None) -> CampaignState:
        """The campaign's state as the rules fold it, for a ruleset's own reading of its
        projection (`character export-gcs` writes what it recorded of a character)."""
        return self._state(as_of)

    def overview(self) -> CampaignOverview:
        """The campaign at a glance, as it stands now."""
        state = self._state()
        return CampaignOverview(
            state.slug,
            state.ruleset,
            state.title,
            state.seq,
            state.session,
            state.sessions,
            state.clock,
            tuple(state.characters),
            state.language,
        )

    def language(self) -> CampaignLanguage:
        """The language of the campaign's handouts now (`campaign language`)."""
        state = self._state()
        return CampaignLanguage(state.slug, state.language)

    def known_name(self, name: str) -> str:
        """The name a character is called now, for `name` (case-insensitive; an old name
        gives the new one), retired characters included (NotFound: nobody's)."""
        return self._state().known(name)

    def upto(self, as_of: int | None = None, as_of_session: int | None = None) -> int | None:
        """`as_of` / `as_of_session` checked and turned into a seq (None: now)."""
        if as_of is not None and as_of_session is not None:
            raise JournalError("give --as-of SEQ or --as-of-session N, not both")
        return self._campaign.upto(as_of, as_of_session)

    def records(self, upto: int | None = None) -> Iterator[Recorded]:
        return self._campaign.records(upto)

    def close(self) -> None:
        if self.owns_store:
            self._store.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- commands ---------------------------------------------------------------------------

    def run(
        self,
        command: Command,
        dice: Mapping[str, Sequence[int]] | None = None,
        dice_flags: Mapping[str, str] | None = None,
        ask: AskDice | None = None,
        sealed: bool = False,
    ) -> Outcome:
        """Decide `command` (core or the campaign's ruleset) and record what it produced, all of it
        or nothing. `sealed`: its dice rolled behind the screen, where the ruleset lets them
        be (`Ruleset.sealable`; `journal unseal` shows them later). `dice` enters faces by
        purpose (`{"initiative": (5, 6)}`); for the others `ask` (when given) is asked, as
        the ruling needs them, with a `DiceRequest`: the faces it answers are recorded as
        entered, None rolls them. The outcome's `document()` is the command's `--json`."""
        known = self._latest[1] if self._latest is not None else None
        command = worded(command, self._campaign.event, self.telling)
        asked = asking(ask, self.telling)
        return self._kept(
            self._campaign.execute(command, dice, dice_flags, asked, known, sealed=sealed)
        )

    def plan_rerule(self, void: VoidEvent | None = None, ask: AskDice | None = None) -> Rerule:
        """What a re-rule would record now (after `void`, when given): every later ruling
        decided again against the corrected past; nothing is written. A ruling that now
        needs dice it never rolled asks `ask` (when given) or rolls them."""
        return self._campaign.plan_rerule(self._worded(void), asking(ask, self.telling))

    def _worded(self, void: VoidEvent | None) -> VoidEvent | None:
        return None if void is None else worded(void, self._campaign.event, self.telling)

    def record_rerule(self, planned: Rerule) -> Outcome:
        """Record a planned re-rule, all of it or nothing (refused if the campaign moved on
        since it was planned)."""
        return self._kept(self._campaign.record_rerule(planned))

    def rerule(
        self,
        void: VoidEvent | None = None,
        ask: AskDice | None = None,
        planned: Rerule | None = None,
    ) -> Outcome:
        """Decide every later ruling again and record what changed (`journal rerule`, or
        `journal void SEQ --rerule` with `void`). `planned`: the plan the GM saw, recorded
        if nobody appended since, else planned again (as often as other writers append,
        up to the retry limit)."""
        campaign, void, asked = self._campaign, self._worded(void), asking(ask, self.telling)
        if planned is None:
            return self._kept(campaign.rerule(void, asked))
        outcome, _ = campaign.retrying(lambda a: campaign.plan_rerule(void, a), asked, planned)
        return self._kept(outcome)

    def amend(
        self,
        seq: int,
        dice: Sequence[str] = (),
        inputs: Mapping[str, str] | None = None,
        reason: str = "",
        ask: AskDice | None = None,
    ) -> tuple[Outcome, Rerule]:
        """Correct ruling `seq` where it stands (`journal amend`): decided again in its place
        from the corrected `dice` (`+1/-8`, or `PURPOSE=FACES`) and `inputs` (the ruleset's
        `amendable`: `{"hf": "5"}`), every later ruling re-ruled against that corrected past,
        all recorded at once (planned again if another writer appends meanwhile). The
        outcome, and the plan it recorded (what changed: `plan.text()`)."""
        campaign = self._campaign
        outcome, planned = campaign.retrying(
            lambda answer: campaign.plan_amend(seq, dice, dict(inputs or {}), reason, answer),
            asking(ask, self.telling),
        )
        return self._kept(outcome), planned

    def _kept(self, appended: Appended) -> Outcome:
        """What a session keeps of an outcome: its events, and the state after them."""
        self.recorded.extend(appended.records)
        if appended.records:
            self._latest = (appended.state.seq, appended.state)
        return Outcome(appended)

    @property
    def writer(self) -> str | None:
        """Who enters this object's events."""
        return self._campaign.writer

    @writer.setter
    def writer(self, name: str) -> None:
        from journal.writer import checked

        self._campaign.writer = checked(name)

    def as_play_session(self) -> str:
        """Record this object's events as a `play` session's own (`gm@host/play-3f2a`: the
        writer's, told apart), so its `undo` takes back what was typed there; the name."""
        from journal.writer import default_writer, session_writer

        name = session_writer(self.writer or default_writer())
        self._campaign.writer = name
        return name

    def undo_target(self, anyone: bool = False) -> Recorded | None:
        """The last event that still counts that this writer entered (with `anyone`: that
        anyone entered): what `journal undo` would void."""
        return self._campaign.undo_target(anyone)

    def add_character(self, name: str, sheet: Mapping[str, JSON]) -> NewCharacter:
        """`journal character add`: `name` joins with `sheet` (the ruleset's sheet, as its
        CLI part reads it from the options)."""
        from journal.events.canonical import as_json
        from journal.rules.core.commands import AddCharacter

        added = self.run(AddCharacter(name, dict(sheet))).records[-1]
        recorded = as_json(added.data["sheet"])
        return NewCharacter(added.seq, str(added.data["name"]), recorded, self.campaign)

    def characters(self) -> CharacterList:
        """`character list --json`: everyone who joined, retired or not."""
        state = self._state()
        rows = []
        for name in state.characters:
            ident = state.ids[name]
            formerly = tuple(old for old, _ in state.formerly(ident))
            rows.append(CharacterEntry(name, ident, state.retired.get(name), formerly))
        return CharacterList(tuple(rows))

    def sessions(self) -> tuple[SessionEntry, ...]:
        """Every session that counts (not voided), oldest first."""
        from journal.proof.tree import CampaignTree
        from journal.rules.core.events import SessionEnded, SessionStarted

        records, corrections = self._campaign.history()
        started: dict[int, tuple[str, int]] = {}
        ends: dict[int, int] = {}
        for record in records:
            if record.seq in corrections.voided:
                continue
            payload = record.payload
            if isinstance(payload, SessionStarted):
                started[payload.number] = (payload.title, record.seq)
            elif isinstance(payload, SessionEnded):
                ends[payload.number] = record.seq
        tree = CampaignTree(self._store, self.campaign) if ends else None
        receipts = {n: tree.head(seq).text() for n, seq in ends.items()} if tree else {}
        return tuple(
            SessionEntry(number, title, seq, receipts.get(number))
            for number, (title, seq) in sorted(started.items())
        )

    def public_notes(self, about: str | None = None) -> tuple[NoteEntry, ...]:
        """The notes the players may read (never a GM-only or voided one), of one character
        (`about`, their name now: the notes about them and the secrets they know) when
        given, names as they are now. Each is asked of the one audience filter
        (`handouts.recap.sees`, the players' or that character's) as the campaign stands;
        a veiled note reads faded."""
        from journal.handouts.recap import Audience, faded, secret, sees
        from journal.rules.core.events import NoteTaken, SecretNoted, VeiledNoteTaken
        from journal.rules.core.knowledge import since
        from journal.telling.lines import with_new_names

        state = self._state()
        wanted = None if about is None else state.identity(about)
        if wanted is None:
            audience = Audience.players()
        else:
            audience = Audience.character(state.name_of(wanted), wanted)
        records, corrections = self._campaign.history(state.seq)
        renames = Renames(state)
        found = []
        for record, before, after in names_walk(records, corrections):
            payload = record.payload
            if not isinstance(payload, NoteTaken | SecretNoted | VeiledNoteTaken):
                continue
            if record.seq in corrections.voided:
                continue
            # each name as it denoted someone at the note's seq, as they are called now
            idents = concerned(payload, before, after, self.ruleset)
            if not sees(audience, payload, record.seq, state, idents):
                continue
            if wanted is not None and not secret(payload) and wanted not in idents:
                continue  # a note about nobody, or others: not on this character's page
            names = renames.at(after)
            shown = faded(payload.veil) if isinstance(payload, VeiledNoteTaken) else payload.text
            text = with_new_names(shown, names)
            about_now = tuple(
                state.name_of(ident)
                for ident in (holder(n, before, after) for n in payload.about)
                if ident is not None
            )
            learned = since(state, record.seq, wanted) if secret(payload) else None
            if learned == record.seq:
                learned = None  # theirs from the start
            found.append(
                NoteEntry(
                    record.seq,
                    text,
                    about_now,
                    record.session,
                    record.game_time,
                    learned,
                    self._session_at(learned),
                )
            )
        return tuple(found)

    def _session_at(self, seq: int | None) -> int | None:
        """The session event `seq` was recorded in (None: none, or between sessions)."""
        record = None if seq is None else self._campaign.event(seq)
        return None if record is None else record.session

    def secrets(self, of: str | None = None, as_of: int | None = None) -> SecretsDocument:
        """`secrets --json`: the knowledge ledger as of event `as_of` (now when None); with
        `of` (a character's name), only what that character knows and the players do not."""
        from journal.api.secrets import knowledge_table

        state = self._state(self.upto(as_of))
        ident = None if of is None else state.identity(of)
        return knowledge_table(state, self._campaign.event, ident)

    def safety(self, as_of: int | None = None) -> SafetyDocument:
        """`safety list --json`: the lines and veils in force."""
        from journal.api.secrets import safety_tools

        return safety_tools(self._state(self.upto(as_of)))

    def secret_seqs(self) -> tuple[int, ...]:
        """The seqs of the secrets some player does not know yet (for completion)."""
        from journal.api.choices import secret_seqs

        return secret_seqs(self._state())

    def board_grid(self, gm: bool = True) -> BoardGrid:
        """The board as structured rows, with the columns this audience sees."""
        return self.telling.board_grid(self.status()).seen_by(gm)

    def lines(self, records: Iterable[Recorded]) -> list[str]:
        """The log line of each record (`#12 Linda rolls initiative ...` without the seq)."""
        return [describe(record, self.ruleset) for record in records]

    # --- reading ----------------------------------------------------------------------------

    def status(self, as_of: int | None = None, as_of_session: int | None = None) -> StatusDocument:
        state = self._state(self.upto(as_of, as_of_session))
        return status_document(state, load(state.ruleset))

    def status_heading(self, document: StatusDocument) -> str:
        """The heading line of `journal status` (title, slug, ruleset, seq, session, clock)."""
        return status_heading(document)

    def status_rows(self, document: StatusDocument) -> BoardGrid:
        """What `journal status` shows under its heading, as structured rows (the ruleset's
        telling makes them; the CLI renders them to text)."""
        return self.telling.status_rows(document)

    def head(self) -> int:
        """The seq of the campaign's last event (any writer's)."""
        return self._campaign.head()

    def board(self) -> Board:
        """The live board of `journal play`: the status heading, then the ruleset's board
        as the GM sees it (the fight's grid, or the roster), as rows, who froze or has
        yet to act marked."""
        document = self.status()
        grid = self.telling.board_grid(document).seen_by(gm=True)
        return Board(status_heading(document), grid, document.seq)

    def completions(self, slot: str) -> list[str]:
        """What the GM may type for `slot` ("character", "session", or a slot of the
        ruleset's commands), for the `play` prompt and shell completion."""
        return [choice.value for choice in self.choices(slot)]

    def choices(self, slot: str, typed: str = "") -> list[Choice]:
        """What the GM may type for `slot`, beginning with `typed`, each with a few words
        of what it is (`journal.api.choices`): "character", "audience" (players, gm, a
        character), "told" (whom a secret may be revealed to), "session", "secret",
        "event", "ruling" (seqs, with the start of their line), or a slot of the
        ruleset's commands. For the `play` prompt and shell completion."""
        from journal.api.choices import Sources, choices

        def sessions() -> list[tuple[int, str]]:
            return [(s.number, s.title) for s in self.sessions()]

        sources = Sources(self._state(), self._campaign, self.telling, sessions)
        return choices(sources, slot, typed)

    def threats(self) -> ThreatList:
        """The threats the campaign remembers, each with what later checks inherit."""
        return ThreatList(tuple(self.ruleset.threats(self._state())))

    def log(
        self,
        session: int | None = None,
        character: str | None = None,
        as_of: int | None = None,
        as_of_session: int | None = None,
    ) -> LogDocument:
        upto, state, scope = self._log_scope(session, character, as_of, as_of_session)
        records, corrections = self._campaign.history(upto)
        rows = ((r.seq, r.type, r.schema, r, r.session, r) for r in records)
        with rarely_collected():
            entries = walk(rows, _payload_of, corrections, self.ruleset, scope, _entry)
        return LogDocument(tuple(entries), self._log_heading(upto, state, scope[2]))

    def log_text(
        self,
        session: int | None = None,
        character: str | None = None,
        as_of: int | None = None,
        as_of_session: int | None = None,
        writers: bool = False,
    ) -> str:
        """`journal log`: the text of `log(...)` (`LogDocument.text`; empty when no event is
        shown), read for its lines only (`Store.read_for_log`, no record made)."""
        upto, state, scope = self._log_scope(session, character, as_of, as_of_session)
        rows, corrections = self._campaign.log_history(upto)
        payload_of = partial(decoded, self.campaign)
        with rarely_collected():
            lines = walk(rows, payload_of, corrections, self.ruleset, scope, LogLine)
        heading = self._log_heading(upto, state, scope[2])
        return log_text(lines, heading, writers) if lines else ""

    def _log_scope(
        self,
        session: int | None,
        character: str | None,
        as_of: int | None,
        as_of_session: int | None,
    ) -> tuple[int | None, CampaignState, LogScope]:
        """The seq a log ends at (None: now), the state there, and what `log.walk` keeps:
        the session, the seq its session began after, the character, the renames."""
        upto = self.upto(as_of, as_of_session)
        since = 0  # with a session: what was logged after the one before it ended counts
        if session is not None:
            self._campaign.seq_of_session(session)  # refuses a session that never was
            if session > 1:
                since = self._campaign.session_end(session - 1) or 0
        state = self._state(upto)
        ident = None if character is None else self._who(character, state, upto)
        renames = Renames(state)
        names = renames if renames.any else None  # None: every name reads as it did
        return upto, state, (session, since, ident, names)

    def _log_heading(
        self, upto: int | None, state: CampaignState, ident: CharacterId | None
    ) -> str | None:
        """With `--character`: who they are, by every name (None: not asked, or one name)."""
        now = state if upto is None else self._state()
        return None if ident is None or not now.formerly(ident) else now.called(ident)

    def _who(self, name: str, state: CampaignState, upto: int | None) -> CharacterId:
        """Whom `name` denotes as of `state` (a name as it was then), else whom it denotes
        now, if they had joined by then (`explain Tobias 5` for the typo Tobais)."""
        try:
            return state.identity(name)
        except NotFound:
            if upto is None:
                raise
            ident = self._state().identity(name)
            if ident not in state.names:
                raise NotFound(
                    f"{self._state().name_of(ident)} joined at event {ident}, after event "
                    f"{state.seq}: nothing to show as of then"
                ) from None
            return ident

    def character(self, name: str, as_of: int | None = None) -> CharacterView:
        state = self._state(self.upto(as_of))
        canonical = state.known(name)
        status = self.ruleset.status(state).get(canonical)
        events = self.log(character=canonical, as_of=state.seq).entries
        lines = tuple(f"#{e.seq} {e.line}" + (" (voided)" if e.voided else "") for e in events)
        view = CharacterView(canonical, status, lines)
        return msgspec.structs.replace(view, shown=self._shown_numbers(view))

    def _shown_numbers(self, view: CharacterView) -> tuple[tuple[str, JSON], ...]:
        from journal.audit.explain import flatten, label

        document = view.to_json()
        telling = self.telling
        numbers = flatten(
            {k: v for k, v in document.items() if k not in ("name", "events")},
            telling.explain_skipped,
        )
        hidden = telling.explain_hidden
        return tuple(
            (label(k, telling.explain_labels), v) for k, v in numbers.items() if k not in hidden
        )

    def explain_text(self, explanation: Explanation) -> str:
        """`journal explain` as text: each number's chain of events, with terms."""
        from journal.audit.explain import render

        return render(explanation)

    def explain(
        self,
        name: str,
        seq: int | None = None,
        as_of_session: int | None = None,
        complete: bool = True,
    ) -> Explanation:
        """`name`'s numbers and the events behind each; without `complete`, each number's
        change on the sheet and its latest few, and the latest rulings (`explain --all`
        is complete; see `journal.audit.explain.LATEST`)."""
        from journal.audit.explain import explain

        upto = self.upto(seq, as_of_session)
        state = self._state(upto)
        ident = self._who(name, state, upto)
        records, _ = self._campaign.history(upto)
        called = (state if upto is None else self._state()).called(ident)
        # the rulings as they stand: an amendment or a void recorded since SEQ counts
        corrections = self._campaign.corrections()
        return explain(records, corrections, state, ident, seq, called, complete)

    def audit(
        self,
        options: Mapping[str, str] | None = None,
        progress: Callable[[Iterable[Recorded], int], Iterable[Recorded]] | None = None,
        *,
        full: bool = False,
    ) -> AuditReport:
        """Decide every ruling again; `options` asks "what if" under other campaign
        options (`{"exceptional_margin": "4"}`), writing nothing.

        A clean audit leaves a checkpoint in this user's cache (`journal.audit.checkpoint`);
        the next one decides again only the events after it, unless it is not bound to
        the log and code as they are now, a correction since reaches back before it, or
        `full` is given. `AuditReport.resumed_from` says where it started."""
        from journal.audit import checkpoint as checkpoints
        from journal.audit.replay import audit_records, parse_options
        from journal.current import database_key
        from journal.rules import rules_version

        what_if = parse_options(self.ruleset, dict(options or {}))
        campaign = self._campaign
        head, head_hash = campaign.store.head(self.campaign)
        corrections = campaign.corrections(head)
        code = checkpoints.code_of(rules_version(self.ruleset.name))
        file = checkpoints.file_of(database_key(self._store), self.campaign)
        resume = None
        after = 0
        if not what_if and not full:

            def event_hash(seq: int) -> str | None:
                event = campaign.event(seq)
                return None if event is None else event.hash

            found = checkpoints.resumable(
                file, self.campaign, code, head, event_hash, corrections.reach_back
            )
            if found is not None:
                resume = (self._state(found.seq), found.events, found.rulings)
                after = found.seq
        records: Iterable[Recorded] = campaign.records(head, after=after)
        if progress is not None:
            total = campaign.count() - (resume[1] if resume is not None else 0)
            records = progress(records, total)
        report = audit_records(records, corrections, what_if, resume)
        report.resumed_from = after or None
        if not what_if and report.clean and head:
            kept = checkpoints.Checkpoint(
                self.campaign, head, head_hash, code, report.events, report.rulings
            )
            file.write(kept.text())
        return report

    def verify(self, receipt: str | None = None) -> ChainReport:
        """The hash chain (and, given a receipt, that the events it covered are all there:
        the tree head `#SEQ ROOT` `session end` prints, or an older receipt's chain hash,
        `#SEQ HASH` or its first 12+ digits), the append-only triggers, on SQLite the
        file's integrity, and every snapshot of the campaign (one the rules would read is
        compared with the log folded again), and the players' tree: its head and stored nodes
        from the chain hashes of the same walk (`report.tree`). A receipt that is not one
        raises ValueError."""
        from journal.audit.snapshots import SnapshotCheck, examine_all
        from journal.audit.verify import Receipt, TreeReport, check_store, verify_chain
        from journal.cache import snapshot_registry
        from journal.errors import SnapshotsUnavailable, StoreError, UnreadableEvent
        from journal.proof.tree import Growing, node_problems

        kept = None if receipt is None else Receipt.parse(receipt)
        integrity = self._store.integrity_problems()
        #: an event the rules cannot read (decoded on the walk): named if the chain is sound
        stopped: list[UnreadableEvent] = []
        unreadable = []
        try:
            rows, problem = self._store.snapshot_rows(self.campaign), ""
        except SnapshotsUnavailable as exc:
            rows, problem = [], str(exc)
        head = self._campaign.head()
        examined = examine_all(rows, {self.campaign: self.ruleset.name})
        registry = snapshot_registry(self.ruleset.name)
        try:
            corrections = self._campaign.corrections(head)
        except UnreadableEvent as exc:
            stopped.append(exc)
            corrections = Corrections()
        check = SnapshotCheck(examined, corrections, registry, head)
        taken = corrections.voided | corrections.amended.keys()  # folded as something else

        def readable() -> Iterator[Recorded]:
            """The records, up to where a damaged file (that the check found) stops them,
            each the folds would read decoded once."""
            try:
                for record in self.records(head):
                    yield record
                    if not stopped and record.seq not in taken:
                        try:
                            record.payload  # noqa: B018 - decoded once, and kept
                        except UnreadableEvent as exc:
                            stopped.append(exc)
            except StoreError:
                if not integrity:
                    raise
                unreadable.append(True)

        grown = Growing()
        #: the root of the tree of the receipt's size, grown on the walk
        at_receipt: list[str] = []

        def leaves(records: Iterable[Recorded]) -> Iterator[Recorded]:
            """The records, each chain hash a leaf of the tree checked after the walk."""
            for record in records:
                grown.add(record.hash)
                if kept is not None and grown.size == kept.seq and not grown.damaged:
                    at_receipt.append(grown.head().hex)
                yield record

        report = verify_chain(
            leaves(check.watch(readable())),
            kept,
            self.campaign,
            lambda: at_receipt[0] if at_receipt else None,
        )
        if stopped and report.first_bad is None:  # no altered event: one nothing can read
            raise stopped[0]
        if unreadable:
            report.cannot_read()
        check_store(report, self._store.trigger_problems(), integrity)
        report.snapshots = check.report
        report.snapshots.problem = problem
        if not grown.damaged:
            stored = self._store.tree_nodes.nodes(self.campaign)
            report.tree = TreeReport(grown.head().short(), node_problems(grown, stored))
        return report

    # --- proof the players hold (journal.proof) ----------------------------------------

    def heads(self) -> list[SessionHead]:
        """The tree head at the end of every session, and the current one (session None)."""
        from journal.proof.documents import session_heads

        return session_heads(self._campaign)

    def tree_head(self, size: int | None = None) -> SessionHead:
        """The tree head of the record of `size` events (the whole record's when None): what
        `session end` prints as its receipt, and every page and handout names."""
        from journal.proof.tree import CampaignTree

        head = CampaignTree(self._store, self.campaign).head(size)
        return {"session": None, "size": head.size, "root": head.hex, "short": head.short()}

    def prove(
        self,
        seq: int,
        audience: str | Audience = "players",
        *,
        size: int | None = None,
        reveal: bool = False,
    ) -> ProofDocument:
        """The inclusion proof of event `seq` as `audience` sees it (JournalError when it
        may not see it), in the record of `size` events (the current one when None)."""
        from journal.proof.documents import inclusion

        return inclusion(self._campaign, seq, audience, size=size, reveal=reveal)

    def prove_since(self, old: int, new: int | None = None) -> ProofDocument:
        """The consistency proof from the record of `old` events to the current one."""
        from journal.proof.documents import consistency

        return consistency(self._campaign, old, new)

    def recap(
        self,
        session: int | None = None,
        audience: str | Audience = "players",
        as_of: int | None = None,
    ) -> RecapDocument:
        """The data of a session's recap (`recap --json`): what the templates render.
        `audience`: "players", "gm", a character's name, or a `journal.api.handouts.Audience`
        (`Audience.character(name)` is that character's handout, whatever their name);
        with `as_of`, as the log stood after that event."""
        from journal.handouts.recap import recap_context

        final = None if as_of is None else self._state(self.upto(as_of))
        return recap_context(self._campaign, session, audience, final)

    def latest_entries(
        self, audience: str | Audience = "players", count: int = 5
    ) -> list[Happening]:
        """`latest_happenings`, each entry with the event it tells (`seq`): the table
        screen links each to its proof."""
        from journal.handouts.documents import latest_entries

        if not self._state().sessions:
            return []
        return latest_entries(self.recap(None, audience)["story"], count)

    def latest_happenings(self, audience: str | Audience = "players", count: int = 5) -> list[str]:
        """What just happened in the last session, newest first, in `audience`'s words
        (the recap's story through the one audience filter; the table screen's "Just
        now")."""
        from journal.handouts.documents import latest_happenings

        if not self._state().sessions:
            return []
        return latest_happenings(self.recap(None, audience)["story"], count)

    def recap_text(
        self,
        session: int | None = None,
        audience: str | Audience = "players",
        fmt: str = "md",
        templates: Path | None = None,
        as_of: int | None = None,
        callouts: bool = False,
        proofs: ProofLinks | None = None,
    ) -> str:
        """A recap's text; `callouts` tells each ruling as an Obsidian callout (the vault);
        `proofs`, a served page's links to each entry's proof (`render.recap`)."""
        from journal.handouts import render

        final = None if as_of is None else self._state(self.upto(as_of))
        return render.recap(
            self._campaign,
            session,
            audience,
            fmt,
            templates,
            final=final,
            callouts=callouts,
            proofs=proofs,
        )

    def arc(self, name: str) -> ArcDocument:
        """The data of a character's arc (`arc --json`)."""
        from journal.handouts.arc import arc_context

        return arc_context(self._campaign, name)

    def arc_text(self, name: str, fmt: str = "md", templates: Path | None = None) -> str:
        from journal.handouts import render

        return render.arc(self._campaign, name, fmt, templates)

    def recap_pdf(
        self,
        session: int | None = None,
        audience: str | Audience = "players",
        paper: str = "a4",
        templates: Path | None = None,
        as_of: int | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> bytes:
        """The recap printed to PDF by WeasyPrint (the `pdf` extra): the HTML handout with
        the print sheet for `paper` (a4 or letter); the same log gives the same bytes.
        `progress` is told of its two steps: the handout made, then printed."""
        from journal.handouts import render
        from journal.handouts.pdf import check_paper
        from journal.handouts.progress import Steps

        done = Steps(2, progress)
        final = self._state(self.upto(as_of))
        size = check_paper(paper)
        html = render.recap(self._campaign, session, audience, "html", templates, size, final)
        done.step()
        printed = render.printed(self._campaign, html, final)
        done.finish()
        return printed

    def arc_pdf(
        self,
        name: str,
        paper: str = "a4",
        templates: Path | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> bytes:
        """A character's arc printed to PDF (see `recap_pdf`)."""
        from journal.handouts import render
        from journal.handouts.pdf import check_paper
        from journal.handouts.progress import Steps

        done = Steps(2, progress)
        final = self._state()
        size = check_paper(paper)
        html = render.arc(self._campaign, name, "html", templates, size, final)
        done.step()
        printed = render.printed(self._campaign, html, final)
        done.finish()
        return printed

    def book(
        self, audience: str | Audience = "players", as_of_session: int | None = None
    ) -> BookDocument:
        """The data of the campaign's book for `audience` (`book --json`): every session's
        recap, the arcs, the sheets and the receipt; with `as_of_session`, the book of the
        campaign through that session."""
        from journal.handouts.book import book_context

        final = self._book_state(as_of_session)
        return book_context(self._campaign, audience, final, as_of_session is not None)

    def book_text(
        self,
        audience: str | Audience = "players",
        fmt: str = "pdf",
        paper: str = "a4",
        as_of_session: int | None = None,
        templates: Path | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> str | bytes:
        """The book as HTML (text) or PDF (bytes), for `audience` on `paper`; `progress`
        is told (steps done, steps in all) as each recap, arc and chapter is made."""
        from journal.handouts import render

        fmt = render.check_format(fmt, ("html", "pdf"))
        final = self._book_state(as_of_session)
        so_far = as_of_session is not None
        if fmt == "html":
            return render.book(self._campaign, audience, paper, final, templates, so_far, progress)
        return render.book_pdf(self._campaign, audience, paper, final, templates, so_far, progress)

    def _book_state(self, as_of_session: int | None) -> CampaignState:
        return self._state(self.upto(as_of_session=as_of_session))

    def export(self) -> Iterator[str]:
        """The whole log as JSON Lines (voided events included)."""
        from journal.transfer import export_lines

        return export_lines(self.records())


def check_receipt(text: str) -> str:
    """A receipt as `verify --head` takes it (`#SEQ HASH` as `session end` prints it, or
    12+ hex digits of the hash); a ValueError says what is wrong with one that is not."""
    from journal.audit.verify import Receipt

    Receipt.parse(text)
    return text


def _payload_of(seq: int, kind: str, schema: int, record: Recorded) -> Event:
    return record.payload


def _entry(
    record: Recorded,
    seq: int,
    line: str,
    voided: bool,
    amended_by: int | None,
    between: int | None,
) -> LogEntry:
    return LogEntry(record, voided, line, amended_by, between)


def status_document(state: CampaignState, ruleset: Ruleset) -> StatusDocument:
    return StatusDocument(
        campaign=state.slug,
        ruleset=state.ruleset,
        title=state.title,
        seq=state.seq,
        session=state.session,
        clock=state.clock,
        characters={
            name: status
            for name, status in ruleset.status(state).items()
            if name not in state.retired
        },
    )
