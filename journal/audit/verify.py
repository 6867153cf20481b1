"""Verify the hash chain: each event links to the one before and hashes to its own hash."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from journal.audit.snapshots import SnapshotReport
from journal.documents import Document
from journal.events import GENESIS_HASH, Recorded, rehash


@dataclass
class ChainReport(Document):
    events: int = 0
    first_bad: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.first_bad is None and (self.snapshots is None or self.snapshots.ok)

    campaign: str = ""
    #: the snapshot cache checked against the chain (`audit.snapshots`)
    snapshots: SnapshotReport | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "campaign": self.campaign,
            "ok": self.ok,
            "events": self.events,
            "first_bad_seq": self.first_bad,
            "problem": self.problem or None,
            "snapshots": None if self.snapshots is None else self.snapshots.to_json(),
        }


def verify_chain(records: Iterable[Recorded]) -> ChainReport:
    """Walk the chain: each event must link to the previous hash and hash to its own."""
    report = ChainReport()
    prev_hash, expected_seq = GENESIS_HASH, 1
    for record in records:
        report.events += 1
        problem = ""
        if record.seq != expected_seq:
            problem = f"expected event {expected_seq}, found {record.seq}"
        elif record.prev_hash != prev_hash:
            problem = "its prev_hash does not match the hash of the event before it"
        elif rehash(record) != record.hash:
            problem = "its content does not match its hash (the event was altered)"
        if problem and report.ok:
            report.first_bad, report.problem = record.seq, problem
        prev_hash, expected_seq = record.hash, record.seq + 1
    return report
