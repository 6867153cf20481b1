"""The journal's public Python API: open a journal, run any ruleset's commands, read typed
documents whose JSON form (`to_json()`) is exactly what the CLI prints with `--json`.

    import journal
    from journal.rules.core import TakeNote

    with journal.open("journal.db", campaign="night") as night:
        night.run(TakeNote("The lights go out."))    # a ruleset's commands come from its package
        print(night.status().to_json())            # status --json

The README shows a whole script. The command-line interface is a thin layer over this
module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from journal.app import Campaign, Outcome, create_campaign
from journal.documents import CharacterStatus, Document, StatusDocument
from journal.errors import JournalError, NotFound
from journal.events import Recorded, format_instant, sorted_json
from journal.rules import load
from journal.rules.core import CampaignState
from journal.rules.narrate import concerns, describe
from journal.rules.ruleset import Ruleset
from journal.store import Store

if TYPE_CHECKING:  # the readers load these when they run
    from journal.audit.explain import Explanation
    from journal.audit.replay import AuditReport
    from journal.audit.verify import ChainReport

__all__ = [
    "CampaignSummary",
    "CharacterView",
    "Journal",
    "LogDocument",
    "LogEntry",
    "Outcome",
    "campaigns",
    "create",
    "open_journal",
]


class LogEntry(Document):
    """One event of `log --json`: the export line's fields and whether it was voided. It
    keeps the payload as its JSON text, not the record's decoded payload: a log of a long
    campaign holds one small object per event, not a graph of them."""

    __slots__ = (
        "_data",
        "_recorded_at",
        "_text",
        "event_id",
        "game_time",
        "hash",
        "line",
        "prev_hash",
        "schema",
        "seq",
        "session",
        "type",
        "voided",
    )

    def __init__(self, record: Recorded, voided: bool, line: str = "") -> None:
        self.seq = record.seq
        self.event_id = record.event_id
        self.type = record.type
        self.schema = record.schema
        self._text = record.text
        self._data = record.data if record.text is None else None
        self._recorded_at = record.recorded_at
        self.game_time = record.game_time
        self.session = record.session
        self.prev_hash = record.prev_hash
        self.hash = record.hash
        self.voided = voided
        #: the line `journal log` prints (not in the JSON)
        self.line = line

    @property
    def data(self) -> object:
        """The payload, its keys sorted at every depth as an export has them."""
        data = self._data if self._text is None else msgspec.json.decode(self._text)
        return sorted_json(data)

    @property
    def recorded_at(self) -> str:
        return format_instant(self._recorded_at)

    def to_json(self) -> dict[str, object]:
        return {
            "seq": self.seq,
            "event_id": self.event_id,
            "type": self.type,
            "schema": self.schema,
            "data": self.data,
            "recorded_at": self.recorded_at,
            "game_time": self.game_time,
            "session": self.session,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
            "voided": self.voided,
        }


@dataclass(frozen=True)
class LogDocument(Document):
    """`log --json`: a JSON array of events in seq order."""

    entries: tuple[LogEntry, ...]

    def to_json(self) -> list[object]:
        return [entry.to_json() for entry in self.entries]

    def text(self) -> str:
        return "\n".join(
            f"#{e.seq:<4} {e.line}" + (" [voided]" if e.voided else "") for e in self.entries
        )


@dataclass(frozen=True)
class CharacterView(Document):
    """`character show --json`: the character's numbers and every event about them."""

    name: str
    status: CharacterStatus | None
    events: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        numbers = self.status.to_json() if self.status is not None else {}
        assert isinstance(numbers, dict)
        return {"name": self.name, **numbers, "events": list(self.events)}


@dataclass(frozen=True)
class CampaignSummary(Document):
    """One row of `campaign list --json`."""

    campaign: str
    ruleset: str
    title: str
    events: int
    created_at: str


class Journal:
    """One campaign of a journal database (a context manager: closing it closes the
    database it opened)."""

    def __init__(self, store: Store, campaign: str, *, owns_store: bool = False) -> None:
        self.store = store
        self.service = Campaign.open(store, campaign) if campaign else None
        if self.service is None:
            raise NotFound("a journal needs a campaign")
        self._owns_store = owns_store

    # --- the campaign ---------------------------------------------------------------------

    @property
    def campaign(self) -> str:
        assert self.service is not None
        return self.service.campaign

    @property
    def _campaign(self) -> Campaign:
        assert self.service is not None
        return self.service

    @property
    def ruleset(self) -> Ruleset:
        return self._campaign.ruleset

    def state(self, as_of: int | None = None) -> CampaignState:
        return self._campaign.state(as_of)

    def upto(self, as_of: int | None = None, as_of_session: int | None = None) -> int | None:
        """`as_of` / `as_of_session` checked and turned into a seq (None: now)."""
        if as_of is not None and as_of_session is not None:
            raise JournalError("give --as-of SEQ or --as-of-session N, not both")
        return self._campaign.upto(as_of, as_of_session)

    def records(self, upto: int | None = None) -> Iterator[Recorded]:
        return self._campaign.records(upto)

    def close(self) -> None:
        if self._owns_store:
            self.store.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- commands ---------------------------------------------------------------------------

    def run(
        self,
        command: object,
        dice: Mapping[str, Sequence[int]] | None = None,
        dice_flags: Mapping[str, str] | None = None,
    ) -> Outcome:
        """Decide `command` (core or the campaign's ruleset) and record what it produced,
        all of it or nothing. `dice` enters faces by purpose (`{"initiative": (5, 6)}`);
        the others are rolled. The outcome's `document()` is the command's `--json`."""
        return self._campaign.execute(command, dice, dice_flags)

    def lines(self, records: Iterable[Recorded]) -> list[str]:
        """The log line of each record (`#12 Linda rolls initiative ...` without the seq)."""
        return [describe(record, self.ruleset) for record in records]

    # --- reading ----------------------------------------------------------------------------

    def status(self, as_of: int | None = None, as_of_session: int | None = None) -> StatusDocument:
        state = self.state(self.upto(as_of, as_of_session))
        return status_document(state, load(state.ruleset))

    def status_text(self, document: StatusDocument) -> str:
        return status_text(document, self.ruleset)

    def log(
        self,
        session: int | None = None,
        character: str | None = None,
        as_of: int | None = None,
        as_of_session: int | None = None,
    ) -> LogDocument:
        upto = self.upto(as_of, as_of_session)
        if session is not None:
            self._campaign.seq_of_session(session)  # refuses a session that never was
        if character is not None:
            character = self.state(upto).character(character)
        records, voided = self._campaign.history(upto)
        ruleset = self.ruleset
        entries = []
        for record in records:
            if session is not None and record.session != session:
                continue
            if character is not None and character not in concerns(record.payload, ruleset):
                continue
            line = describe(record, ruleset)
            entries.append(LogEntry(record, record.seq in voided, line))
        return LogDocument(tuple(entries))

    def character(self, name: str, as_of: int | None = None) -> CharacterView:
        state = self.state(self.upto(as_of))
        canonical = state.character(name)
        status = self.ruleset.status(state).get(canonical)
        events = self.log(character=canonical, as_of=state.seq).entries
        lines = tuple(f"#{e.seq} {e.line}" + (" (voided)" if e.voided else "") for e in events)
        return CharacterView(canonical, status, lines)

    def explain(
        self, name: str, seq: int | None = None, as_of_session: int | None = None
    ) -> Explanation:
        from journal.audit.explain import explain

        upto = self.upto(seq, as_of_session)
        canonical = self.state(upto).character(name)
        records, voided = self._campaign.history(upto)
        return explain(records, voided, canonical, seq)

    def audit(
        self,
        options: Mapping[str, str] | None = None,
        progress: Callable[[Iterable[Recorded], int], Iterable[Recorded]] | None = None,
    ) -> AuditReport:
        """Decide every ruling again; `options` asks "what if" under other campaign
        options (`{"exceptional_margin": "4"}`), writing nothing."""
        from journal.audit.replay import audit_records, parse_options

        what_if = parse_options(self.ruleset, dict(options or {}))
        history, voided = self._campaign.history()
        records: Iterable[Recorded] = history
        if progress is not None:
            records = progress(records, self.store.count(self.campaign))
        return audit_records(records, voided, what_if)

    def verify(self) -> ChainReport:
        from journal.audit.verify import verify_chain

        report = verify_chain(self.records())
        report.campaign = self.campaign
        return report

    def recap(self, session: int | None = None, audience: str = "players") -> dict[str, Any]:
        """The data of a session's recap (`recap --json`): what the templates render."""
        from journal.handouts.recap import recap_context

        return recap_context(self._campaign, session, audience)

    def recap_text(
        self,
        session: int | None = None,
        audience: str = "players",
        fmt: str = "md",
        templates: Path | None = None,
    ) -> str:
        from journal.handouts import render

        return render.recap(self._campaign, session, audience, fmt, templates)

    def arc(self, name: str) -> dict[str, Any]:
        """The data of a character's arc (`arc --json`)."""
        from journal.handouts.arc import arc_context

        return arc_context(self._campaign, name)

    def arc_text(self, name: str, fmt: str = "md", templates: Path | None = None) -> str:
        from journal.handouts import render

        return render.arc(self._campaign, name, fmt, templates)

    def export(self) -> Iterator[str]:
        """The whole log as JSON Lines (voided events included)."""
        from journal.transfer import export_lines

        return export_lines(self.records())


def status_document(state: CampaignState, ruleset: Ruleset) -> StatusDocument:
    return StatusDocument(
        campaign=state.slug,
        ruleset=state.ruleset,
        title=state.title,
        seq=state.seq,
        session=state.session,
        clock=state.clock,
        characters=dict(ruleset.status(state)),
    )


def status_text(document: StatusDocument, ruleset: Ruleset) -> str:
    """`journal status`: a heading line, then the ruleset's table."""
    head = f"{document.title} ({document.campaign}, {document.ruleset}) at event {document.seq}"
    extras = []
    if document.session:
        extras.append(f"session {document.session}")
    if document.clock:
        extras.append(document.clock)
    if extras:
        head += " - " + ", ".join(extras)
    if not document.characters:
        return head + "\nNo characters yet: journal character add NAME ..."
    return head + "\n" + ruleset.status_table(document)


def open_journal(db: str | None = None, *, campaign: str | None = None) -> Journal:
    """Open a campaign of the journal at `db` (a SQLite path or a SQLAlchemy URL; default
    `./journal.db`); `campaign` may be left out when the database holds one."""
    store = Store.open(db, create=False)
    try:
        from journal.app import resolve_campaign

        store.require_current()
        return Journal(store, resolve_campaign(store, campaign), owns_store=True)
    except BaseException:
        store.close()
        raise


def create(
    db: str | None,
    slug: str,
    ruleset: str,
    title: str = "",
    options: Mapping[str, str] | None = None,
) -> Journal:
    """Start campaign `slug` (creating the database on first use) and open it."""
    store = Store.open(db, create=True)
    try:
        create_campaign(store, slug, ruleset, title, dict(options or {}))
        return Journal(store, slug, owns_store=True)
    except BaseException:
        store.close()
        raise


def campaigns(store: Store) -> list[CampaignSummary]:
    """Every campaign of a database, in the order they were created."""
    store.require_current()
    return [
        CampaignSummary(
            campaign=first.campaign,
            ruleset=str(first.data["ruleset"]),
            title=str(first.data["title"]),
            events=store.count(first.campaign),
            created_at=str(first.export()["recorded_at"]),
        )
        for first in store.campaigns()
    ]
