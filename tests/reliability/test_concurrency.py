"""Four processes appending to one campaign at once lose nothing and duplicate nothing."""

from __future__ import annotations

import multiprocessing

from journal.audit.verify import verify_chain
from journal.store import Store

WRITERS = 4
EACH = 100


def _writer(url: str, writer: int) -> None:
    from journal.app import Campaign as Journal
    from journal.rules.core import TakeNote

    with Store.open(url) as store:
        journal = Journal(store, "night")
        for i in range(EACH):
            journal.execute(TakeNote(f"writer {writer} note {i}"))


def test_four_writers_leave_a_gapless_intact_log(journal: object, db_url: str) -> None:
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(db_url, w)) for w in range(WRITERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
    assert [w.exitcode for w in workers] == [0] * WRITERS
    with Store.open(db_url) as store:
        records = list(store.read("night"))
        notes = [r.data["text"] for r in records if r.type == "NoteTaken"]
        assert [r.seq for r in records] == list(range(1, WRITERS * EACH + 2))
        assert len(notes) == len(set(notes)) == WRITERS * EACH
        assert verify_chain(records).ok
