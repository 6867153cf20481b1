"""Verify a campaign: its hash chain, a receipt of its head, and (from the store) what the
chain cannot prove by itself: the append-only triggers and the database file.

Each event's hash covers its content, its campaign's slug and the hash before it, so an
edited, deleted or moved event breaks the chain at the first event that changed. A chain
cut short, or rewritten and hashed again from its first change on, is a sound chain: only
the head hash the GM kept (`session end` prints it as a receipt) shows that events it
covered are gone. An older journal hashed events without the slug: that scheme is accepted
for a campaign's leading run of events only, and only when an event hashed with the slug
(its `ChainSealed`) follows them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from journal.audit.snapshots import SnapshotReport
from journal.documents import Document, JSONDict
from journal.events.chain import GENESIS_HASH, rehash, rehash_stored
from journal.events.ids import derived_from_content, derived_notice
from journal.events.recorded import Recorded

#: what to do when the events themselves were changed
RESTORE = (
    "the database was changed outside the journal: restore it from a backup or a trusted "
    "export (`journal import` into a new file) and compare with `journal log`"
)
#: `#312 3f2a...` as `session end` prints it (its `Receipt:` too), or the hash's digits alone
RECEIPT = re.compile(
    r"(?:receipt:\s{0,8})?(?:#?(?P<seq>[0-9]{1,18})[\s:]{1,8})?(?P<hash>[0-9a-f]{12,64})",
    re.IGNORECASE,
)
#: a head as the receipt and every page print it: `Record #312 · 3f2a9c41d07be5a2…`, and
#: `(#312 3f2a...)`, the whole of it, beside
HEAD_WORDS = re.compile(r"#(?P<seq>[0-9]{1,18})\s{0,8}[·\s]\s{0,8}(?P<hash>[0-9a-f]{12,64})", re.I)
#: what to do when the SQLite file itself is damaged
REPAIR_FILE = (
    "restore the file from a backup (`journal db upgrade` keeps one beside it); "
    "`sqlite3 FILE .recover` may save what still reads"
)
#: the fewest hex digits of a hash a receipt may give
RECEIPT_DIGITS = 12


@dataclass(frozen=True)
class Receipt:
    """A head hash the GM kept (`#312 3f2a...`, or at least 12 hex digits of the hash)."""

    seq: int | None
    digits: str

    @classmethod
    def parse(cls, text: str) -> Receipt:
        heads = HEAD_WORDS.findall(text.replace("Record", " ").replace("…", " "))
        if heads and not RECEIPT.fullmatch(text.strip()):
            (seq, digits), *others = sorted(heads, key=lambda h: -len(h[1]))
            if all(s == seq and digits.lower().startswith(d.lower()) for s, d in others):
                return cls(int(seq), digits.lower())  # the line `session end` printed
        found = RECEIPT.fullmatch(text.strip())
        if found is None:
            raise ValueError(
                f"{text!r} is not a receipt: give what `session end` printed (#SEQ HASH), "
                f"or at least {RECEIPT_DIGITS} hex digits of the hash"
            )
        seq = found["seq"]
        return cls(None if seq is None else int(seq), found["hash"].lower())

    def __str__(self) -> str:
        return self.digits if self.seq is None else f"#{self.seq} {self.digits}"


@dataclass(frozen=True)
class Fault(Document):
    """One thing verify found wrong: what (`kind`: chain, seal, receipt, triggers,
    integrity), at which event if it is one, and what to do."""

    kind: str
    seq: int | None
    problem: str
    fix: str


@dataclass(frozen=True)
class TreeReport:
    """The players' Merkle tree as `verify`'s walk of the chain gives it: its head
    (`Record #N · 3f2a…`) and the stored nodes (a cache) that disagree with it."""

    head: str
    problems: list[str]


@dataclass
class ChainReport(Document):
    events: int = 0
    first_bad: int | None = None
    problem: str = ""
    campaign: str = ""
    head_seq: int | None = None
    head_hash: str | None = None
    #: the receipt checked (`verify --head`) and the event it matched, and what it was: the
    #: record's tree head (`session end` prints it since issue 40), or an event's chain
    #: hash (an older receipt)
    receipt: Receipt | None = None
    receipt_seq: int | None = None
    receipt_kind: str | None = None
    findings: list[Fault] = field(default_factory=list)
    #: the store's checks: triggers (always), integrity (None: not run, a server database)
    checked: dict[str, bool | None] = field(default_factory=dict)
    #: the snapshot cache checked against the chain (`audit.snapshots`)
    snapshots: SnapshotReport | None = None
    #: the tree grown from the walk (None: the walk could not give it, a damaged hash)
    tree: TreeReport | None = None
    #: the events an older journal's import gave an id derived from their content (not a
    #: fault of the record: a notice, `journal.events.ids`)
    derived_ids: list[int] = field(default_factory=list)

    def notices(self) -> list[str]:
        """What verify says beside its verdict, which does not make it fail."""
        if not self.derived_ids:
            return []
        return [derived_notice(self.derived_ids)]

    @property
    def ok(self) -> bool:
        return not self.findings and (self.snapshots is None or self.snapshots.ok)

    def find(self, kind: str, problem: str, fix: str, seq: int | None = None) -> None:
        self.findings.append(Fault(kind, seq, problem, fix))
        if not self.problem:
            self.problem = problem
        if seq is not None and kind == "chain" and self.first_bad is None:
            self.first_bad = seq

    def checks(self) -> dict[str, bool | None]:
        """Each check: passed (true), failed (false) or not run (null)."""
        failed = {f.kind for f in self.findings}
        return {
            "chain": not failed & {"chain", "seal"},
            "receipt": None if self.receipt is None else "receipt" not in failed,
            **self.checked,
        }

    def cannot_read(self) -> None:
        """The walk stopped where the damaged file could not be read any further."""
        first = (self.head_seq or 0) + 1
        problem = f"events from {first} on cannot be read: the database file is damaged"
        self.find("chain", problem, REPAIR_FILE, first)

    def to_json(self) -> JSONDict:
        head = None if self.head_seq is None else {"seq": self.head_seq, "hash": self.head_hash}
        receipt = None
        if self.receipt is not None:
            receipt = {
                "given": str(self.receipt),
                "seq": self.receipt_seq,
                "kind": self.receipt_kind,
                "ok": not any(f.kind == "receipt" for f in self.findings),
            }
        return {
            "campaign": self.campaign,
            "ok": self.ok,
            "events": self.events,
            "first_bad_seq": self.first_bad,
            "problem": self.problem or None,
            "head": head,
            "receipt": receipt,
            "checks": self.checks(),
            "findings": [f.to_json() for f in self.findings],
            "snapshots": None if self.snapshots is None else self.snapshots.to_json(),
            "derived_ids": self.derived_ids,
            "notices": self.notices(),
        }

    def text(self) -> tuple[str, str]:
        """(stdout, stderr) of `journal verify` for the chain and the store (the snapshots'
        lines are the CLI's own)."""
        notices = "\n".join(f"Notice: {notice}." for notice in self.notices())
        if not self.findings:
            done = [f"OK: {self.events} events, hash chain intact"]
            if self.checked.get("triggers"):
                done.append("append-only triggers in place")
            if self.checked.get("integrity"):
                done.append("database file intact")
            lines = ["; ".join(done) + "."]
            if self.head_seq is not None:
                lines.append(f"Head: #{self.head_seq} {self.head_hash}")
            if self.receipt is not None:
                kind = (
                    f"the record's tree head at #{self.receipt_seq} (the receipt `session end` "
                    "prints, and the head on every page and handout)"
                    if self.receipt_kind == TREE_HEAD
                    else f"the hash of event {self.receipt_seq} (a receipt of an older journal's "
                    "`session end`)"
                )
                lines.append(
                    f"Receipt {self.receipt}: {kind}; events 1 to {self.receipt_seq} are "
                    "all there, as they were."
                )
            return "\n".join(lines), notices
        lines = []
        for finding in self.findings:
            where = "" if finding.seq is None else f" at event {finding.seq}"
            lines.append(f"BROKEN{where}: {finding.problem}")
            lines.append(f"  What to do: {finding.fix}.")
        return "", "\n".join([*lines, notices] if notices else lines)


def verify_chain(
    records: Iterable[Recorded],
    receipt: Receipt | None = None,
    campaign: str = "",
    tree_root: Callable[[], str | None] | None = None,
) -> ChainReport:
    """Walk the chain: each event must follow the one before, link to its hash and hash to
    its own (bound to the campaign, or in the leading run of an older journal's events,
    without it). With a receipt, the record's tree head of its size must be the one it
    names (`tree_root`, asked after the walk: the root grown from it), or one event must
    carry the hash it names (an older receipt)."""
    report = ChainReport(campaign=campaign, receipt=receipt)
    prev_hash, expected_seq = GENESIS_HASH, 1
    legacy_allowed, legacy = True, False
    #: whether the last event's stored text gave its hash as it is (PostgreSQL's JSONB
    #: never does: its text is tried last there)
    stored = True
    matches: list[int] = []
    last: Recorded | None = None
    for record in records:
        report.events += 1
        last = record
        if receipt is not None and record.hash.startswith(receipt.digits):
            matches.append(record.seq)
        if record.event_id[14:15] == "5" and derived_from_content(record):
            report.derived_ids.append(record.seq)
        problem, bad = "", record.seq
        if record.seq > expected_seq:
            problem = f"event {expected_seq} is missing (the next is {record.seq})"
            bad = expected_seq
        elif record.seq < expected_seq:
            problem = f"event {record.seq} comes again after event {expected_seq - 1}"
        elif record.prev_hash != prev_hash:
            problem = "its prev_hash does not match the hash of the event before it"
        else:
            scheme, stored = _scheme(record, legacy_allowed, legacy, stored)
            if scheme is None:
                problem = (
                    "its content does not match its hash (the event was altered, or it was "
                    "moved here from another campaign)"
                )
            else:
                legacy = legacy_allowed = scheme
        if problem and report.first_bad is None:
            report.find("chain", problem, RESTORE, bad)
        prev_hash, expected_seq = record.hash, record.seq + 1
    if last is not None:
        report.head_seq, report.head_hash = last.seq, last.hash
        if legacy and report.first_bad is None:
            report.find(
                "seal",
                f"events 1 to {last.seq} were hashed without the campaign's name (by an older "
                "journal) and no event after them binds them to it (a ChainSealed): they may "
                "have been hashed again, or moved here from another campaign",
                "compare them with your last receipt (`journal verify --head`); if you trust "
                "them, `journal export` and `journal import` the export into a new file, "
                "which seals them",
                last.seq,
            )
    if receipt is not None:
        root = tree_root() if tree_root is not None and receipt.seq is not None else None
        _check_receipt(report, receipt, matches, root)
    return report


def _scheme(
    record: Recorded, legacy_allowed: bool, legacy_first: bool, stored_first: bool
) -> tuple[bool | None, bool]:
    """How the record was hashed: False bound to its campaign, True without it (allowed in
    the leading run only), None neither: altered; and whether its stored text gave the
    hash as it is.

    The stored text as it is (no decoding, no encoding: the journal stores the canonical
    JSON its hash covers), and the payload it decodes to, encoded again (a text written
    otherwise: PostgreSQL's JSONB, an older journal's key order); `stored_first` tries the
    stored text first."""
    schemes = (True, False) if legacy_first else (False, True)
    tried = schemes if legacy_allowed else (False,)
    for as_stored in (True, False) if stored_first else (False, True):
        for legacy in tried:
            hashing = rehash_stored if as_stored else rehash
            if hashing(record, legacy=legacy) == record.hash:
                return legacy, as_stored
    return None, stored_first


#: what a receipt was, when it matched
TREE_HEAD, CHAIN_HASH = "tree head", "chain hash"


def _check_receipt(
    report: ChainReport, receipt: Receipt, matches: list[int], tree_root: str | None
) -> None:
    head = report.head_seq or 0
    if receipt.seq is not None:
        matches = [seq for seq in matches if seq == receipt.seq]
    tree = tree_root is not None and tree_root.startswith(receipt.digits)
    if tree and matches:
        report.find(
            "receipt",
            f"the receipt's {len(receipt.digits)} digits begin both the record's tree head at "
            f"#{receipt.seq} and the hash of event {receipt.seq}: it cannot say which it is",
            "give more digits of it (all 64, as `session end` printed them)",
        )
        return
    if tree:
        report.receipt_seq, report.receipt_kind = receipt.seq, TREE_HEAD
        return
    if len(matches) == 1:
        report.receipt_seq, report.receipt_kind = matches[0], CHAIN_HASH
        return
    if len(matches) > 1:
        report.find(
            "receipt",
            f"the receipt's {len(receipt.digits)} digits match events "
            f"{', '.join(f'#{s}' for s in matches[:5])}",
            "give more digits of the hash, or its #SEQ",
        )
        return
    what = "the events that receipt covered are no longer all there"
    if receipt.seq is not None and receipt.seq > head:
        problem = (
            f"the receipt is of event {receipt.seq}, and the campaign ends at event {head}: "
            f"{_gone(head + 1, receipt.seq)} (a cut tail)"
        )
    elif receipt.seq is not None:
        problem = (
            f"neither the record's tree head at #{receipt.seq} nor the hash of event "
            f"{receipt.seq} is the receipt's {receipt.digits}: {what} as they were (the chain "
            f"was rewritten and hashed again, up to event {receipt.seq})"
        )
    else:
        problem = (
            f"no event of campaign {report.campaign!r} has the hash {receipt.digits}: {what} "
            "(a cut tail, or a chain rewritten and hashed again)"
        )
    report.find("receipt", problem, RESTORE, receipt.seq)


def check_store(report: ChainReport, triggers: list[str], integrity: list[str] | None) -> None:
    """Add what the store found: the append-only triggers' problems, and SQLite's integrity
    check of the file (None: not run, a server database)."""
    report.checked["triggers"] = not triggers
    if triggers:
        report.find(
            "triggers",
            f"the append-only triggers are not in place ({'; '.join(triggers)}): events can be "
            "changed or deleted without a trace in the database itself",
            "run `journal db upgrade` (as the events SQL table's owner) to put them back, then "
            "`journal verify --head` with your last receipt",
        )
    report.checked["integrity"] = None if integrity is None else not integrity
    if integrity:
        shown = "; ".join(integrity[:3]) + ("; ..." if len(integrity) > 3 else "")
        report.find(
            "integrity",
            f"the database file is damaged (SQLite's integrity check: {shown})",
            REPAIR_FILE,
        )


def _gone(first: int, last: int) -> str:
    return f"event {last} is gone" if first == last else f"events {first} to {last} are gone"
