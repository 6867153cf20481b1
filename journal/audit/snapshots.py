"""The snapshot cache examined: each snapshot bound to the events it folds, unedited,
readable by the ruleset's state classes and, for `verify`, equal to the state the log
folds to at its seq (the fold is done again while the chain is walked).

A snapshot of other rules code is stale: no command reads it, so it is only checked to be
bound to the events (one an older journal kept, before snapshots were bound, is only
stale). A snapshot a later correction reaches behind is read only as of
before that correction; `verify` compares it with the log only when no correction made
after it reaches behind it (the state the whole-log walk holds at its seq is then the
state it folded), and counts the others as bound but not folded again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from journal.cache import read, snapshot_registry
from journal.caching import Rejected, Stale
from journal.documents import Document, JSONDict
from journal.errors import JournalError, UnreadableEvent
from journal.events.recorded import Recorded
from journal.frozen import changed
from journal.projection import Corrections, fold
from journal.rules import rules_version
from journal.rules.core.state import CampaignState
from journal.store import codec, snapshots
from journal.store.snapshots import Stored

OK, STALE, BAD = "ok", "stale", "bad"
#: events folded at a time between two snapshots
_BATCH = 500


@dataclass(frozen=True)
class Examined:
    """A snapshot and what its checks found: ok (usable), stale (other rules code, never
    read) or bad (`problem` says why)."""

    row: Stored
    status: str
    problem: str = ""
    #: the state it keeps, once read (an ok snapshot)
    state: CampaignState | None = None


def examine(
    row: Stored, ruleset: str | None, version: str | None, registry: codec.Registry | None
) -> Examined:
    """A snapshot of a campaign of `ruleset` checked as a command would check it, before
    reading it (`version`: the rules version of the installed code; None when the ruleset
    is not installed)."""
    try:
        if version is None or registry is None or row.rules_version != version:
            if not snapshots.older_format(row):
                snapshots.bound_state(row)
            return Examined(row, STALE)
        if ruleset is None:
            raise Rejected("it is not a state of a campaign in this database")
        state = read(row, registry, ruleset)
    except Stale:  # an older journal's: never read
        return Examined(row, STALE)
    except Rejected as exc:
        return Examined(row, BAD, str(exc))
    return Examined(row, OK, state=state)


def examine_all(rows: Iterable[Stored], rulesets: Mapping[str, str]) -> list[Examined]:
    """Each snapshot examined against the installed code of its campaign's ruleset
    (`rulesets`: campaign -> ruleset name; a snapshot of no campaign is only checked to
    be bound to the events, which it cannot be)."""
    code: dict[str, tuple[str | None, codec.Registry | None]] = {}
    found = []
    for row in rows:
        name = rulesets.get(row.campaign)
        if name is not None and name not in code:
            try:
                code[name] = (rules_version(name), snapshot_registry(name))
            except JournalError:  # the ruleset is not installed
                code[name] = (None, None)
        version, registry = code.get(name, (None, None)) if name else (None, None)
        found.append(examine(row, name, version, registry))
    return found


@dataclass(frozen=True)
class SnapshotFinding(Document):
    seq: int
    rules_version: str
    problem: str


@dataclass
class SnapshotReport(Document):
    """What `verify` found of a campaign's snapshots."""

    #: snapshots of the installed rules code found bound, unedited and readable
    checked: int = 0
    #: of those, how many were compared with the log folded again (and matched it)
    refolded: int = 0
    #: snapshots of other rules code (never read)
    stale: int = 0
    bad: list[SnapshotFinding] = field(default_factory=list)
    #: the snapshots SQL table itself cannot be read (missing, not the journal's)
    problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.bad and not self.problem

    def to_json(self) -> JSONDict:
        return {
            "ok": self.ok,
            "checked": self.checked,
            "refolded": self.refolded,
            "stale": self.stale,
            "bad": [finding.to_json() for finding in self.bad],
            "problem": self.problem or None,
        }


class SnapshotCheck:
    """Checks a campaign's snapshots; `watch` folds the records it is handed (the ones
    `verify` walks) and compares each snapshot it can with the state at its seq."""

    def __init__(
        self,
        examined: Sequence[Examined],
        corrections: Corrections,
        registry: codec.Registry | None,
        upto: int,
    ) -> None:
        """`upto`: the last event the walk will hand to `watch` (the bound of
        `corrections` too); a snapshot kept after it (by a writer meanwhile) is only
        checked to be bound to the events."""
        self.report = SnapshotReport()
        self._corrections = corrections
        self._registry = registry
        #: seq -> the snapshots (row, state) to compare there, in seq order
        self._pending: dict[int, list[tuple[Stored, CampaignState]]] = {}
        for found in examined:
            if found.status == BAD:
                self._bad(found.row, found.problem)
            elif found.status == STALE:
                self.report.stale += 1
            else:
                self.report.checked += 1
                if found.row.seq <= upto and not corrections.reach_back(found.row.seq):
                    assert found.state is not None
                    self._pending.setdefault(found.row.seq, []).append((found.row, found.state))

    def _bad(self, row: Stored, problem: str) -> None:
        self.report.bad.append(SnapshotFinding(row.seq, row.rules_version, problem))

    def watch(self, records: Iterable[Recorded]) -> Iterator[Recorded]:
        """`records`, unchanged, folded on the side up to the last snapshot to compare."""
        if not self._pending or self._registry is None:
            yield from records
            return
        last = max(self._pending)
        state, batch = CampaignState(), []
        for record in records:
            yield record
            if record.seq > last or not self._pending:
                continue
            batch.append(record)
            if record.seq in self._pending or len(batch) >= _BATCH:
                try:
                    state = fold(batch, self._corrections, state)
                except Exception:  # an event the rules cannot read or fold (altered)
                    self._unfolded(batch, state)
                    continue
                batch.clear()
                for row, kept in self._pending.pop(record.seq, ()):
                    self._compare(row, kept, state)
        for pending in self._pending.values():  # the walk stopped before them
            self.report.checked -= len(pending)
            for row, _ in pending:
                self._bad(row, f"the walk of the log did not reach event {row.seq}")

    def _unfolded(self, batch: Sequence[Recorded], state: CampaignState) -> None:
        """The log does not fold past one of `batch` (folded again one at a time from
        `state`, to name it): no snapshot after it can be compared (the chain says whether
        the event was altered)."""
        seq, why = batch[-1].seq, "it cannot be folded"
        for record in batch:
            try:
                state = fold([record], self._corrections, state)
            except Exception as exc:
                told = exc.why if isinstance(exc, UnreadableEvent) else str(exc).strip()
                seq, why = record.seq, told.splitlines()[0] if told else type(exc).__name__
                break
        for pending in self._pending.values():
            self.report.checked -= len(pending)
            for row, _ in pending:
                self._bad(
                    row, f"the log does not fold up to it: event {seq} cannot be folded ({why})"
                )
        self._pending.clear()

    def _compare(self, row: Stored, state: CampaignState, folded: CampaignState) -> None:
        # the slug is the campaign's name, which an import may change: not a folded number
        if changed(state, slug="") == changed(folded, slug=""):
            self.report.refolded += 1
        else:
            self.report.checked -= 1
            self._bad(row, "it differs from the state the log folds to")
