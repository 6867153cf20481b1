"""The event store, on every backend: append with an optimistic lock, read in order,
a hash chain, and a database that refuses to change or delete an event."""

from __future__ import annotations

import inspect as pyinspect

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DatabaseError

from journal.audit.verify import verify_chain
from journal.errors import ConcurrencyConflict
from journal.events.chain import GENESIS_HASH, rehash
from journal.rules.core.commands import TakeNote
from journal.store import Draft, Store


def note(text_: str) -> Draft:
    return Draft("NoteTaken", 1, {"text": text_, "gm_only": False, "about": []})


def test_append_numbers_events_and_links_them(store: Store) -> None:
    first = store.append("c", 0, [note("one"), note("two")])
    second = store.append("c", 2, [note("three")])
    records = list(store.read("c"))
    assert [r.seq for r in records] == [1, 2, 3]
    assert records[0].prev_hash == GENESIS_HASH
    assert records[1].prev_hash == records[0].hash
    assert records[2].prev_hash == first[-1].hash == records[1].hash
    assert second[0].hash == records[2].hash
    assert all(rehash(r) == r.hash for r in records)
    assert len({r.event_id for r in records}) == 3


def test_append_with_a_stale_seq_is_a_conflict_and_writes_nothing(store: Store) -> None:
    store.append("c", 0, [note("one")])
    with pytest.raises(ConcurrencyConflict):
        store.append("c", 0, [note("late")])
    assert [r.data["text"] for r in store.read("c")] == ["one"]


def test_a_store_that_remembers_its_head_still_loses_a_race(store: Store, db_url: str) -> None:
    """After its own append a store skips reading the head; another writer's append in
    between still makes the next one a conflict, and the chain stays whole."""
    other = Store.open(db_url)
    store.append("c", 0, [note("one")])
    other.append("c", 1, [note("another writer")])
    with pytest.raises(ConcurrencyConflict):
        store.append("c", 1, [note("late")])
    store.append("c", 2, [note("caught up")])
    records = list(store.read("c"))
    assert [r.data["text"] for r in records] == ["one", "another writer", "caught up"]
    assert verify_chain(records).ok
    other.close()


def test_campaigns_are_separate_streams(store: Store) -> None:
    store.append("a", 0, [note("a1")])
    store.append("b", 0, [note("b1"), note("b2")])
    assert [r.seq for r in store.read("a")] == [1]
    assert [r.seq for r in store.read("b")] == [1, 2]
    assert store.head("b")[0] == 2


def test_read_streams_instead_of_building_a_list(store: Store) -> None:
    store.append("c", 0, [note(str(i)) for i in range(5)])
    reader = store.read("c", after=1, upto=4)
    assert pyinspect.isgenerator(reader)
    assert [r.seq for r in reader] == [2, 3, 4]


def test_a_read_still_streaming_keeps_its_view_and_blocks_no_write(store: Store) -> None:
    """A read runs in a transaction of its own connection: an append while it streams is
    written, and the read goes on seeing the log as it was when it began."""
    store.append("c", 0, [note(str(i)) for i in range(3)])
    reader = store.read("c")
    assert next(reader).seq == 1
    store.append("c", 3, [note("while reading")])
    assert [r.seq for r in reader] == [2, 3]
    assert [r.seq for r in store.read("c")] == [1, 2, 3, 4]
    abandoned = store.read("c")
    next(abandoned)
    abandoned.close()  # its connection goes back to the pool, its read lock released
    store.append("c", 4, [note("after")])
    assert store.head("c")[0] == 5


@pytest.mark.parametrize("statement", ["UPDATE events SET type = 'X'", "DELETE FROM events"])
def test_the_database_refuses_to_change_events(store: Store, statement: str) -> None:
    store.append("c", 0, [note("sacred")])
    with pytest.raises(DatabaseError, match="events are immutable"), store.engine.begin() as conn:
        conn.execute(text(statement))
    assert [r.data["text"] for r in store.read("c")] == ["sacred"]


def _tamper(store: Store, seq: int) -> None:
    """What a vandal with database access does: drop the triggers, edit a payload."""
    with store.engine.begin() as conn:
        if store.is_sqlite:
            conn.execute(text("DROP TRIGGER events_no_update"))
        else:
            conn.execute(text("DROP TRIGGER events_no_update_or_delete ON events"))
        conn.execute(
            text("UPDATE events SET data = :d WHERE seq = :s"),
            {"d": '{"text": "forged", "gm_only": false, "about": []}', "s": seq},
        )


def test_verify_finds_the_first_altered_event(store: Store) -> None:
    store.append("c", 0, [note(str(i)) for i in range(6)])
    assert verify_chain(store.read("c")).ok
    _tamper(store, 4)
    report = verify_chain(store.read("c"))
    assert not report.ok
    assert report.first_bad == 4
    assert report.events == 6


def test_the_app_appends_commands_as_events(journal: object) -> None:
    from journal.app import Campaign as Journal

    assert isinstance(journal, Journal)
    outcome = journal.execute(TakeNote("The lights go out."))
    assert outcome.records[0].seq == 2
    assert journal.state().seq == 2


def test_a_replay_reads_what_the_fold_needs_of_each_event(store: Store) -> None:
    """`read_for_fold`: the events of one campaign between two seqs, in order, each as the
    record `read` gives has it (payload text, naive UTC instant, clock, session), streamed."""
    store.append("c", 0, [note(str(i)) for i in range(5)])
    store.append("other", 0, [note("elsewhere")])
    rows = store.read_for_fold("c", after=1, upto=4)
    assert pyinspect.isgenerator(rows)
    found = list(rows)
    records = list(store.read("c", after=1, upto=4))
    assert [row[0] for row in found] == [2, 3, 4]
    for (seq, kind, schema, text_, at, game_time, session), record in zip(
        found, records, strict=True
    ):
        assert (seq, kind, schema, text_) == (record.seq, record.type, record.schema, record.text)
        assert (at, game_time, session) == (record.recorded_at, record.game_time, record.session)
        assert at.tzinfo is None
    assert [row[0] for row in store.read_for_fold("c")] == [1, 2, 3, 4, 5]


def test_the_log_reads_what_its_lines_show_of_each_event(store: Store) -> None:
    """`read_for_log`: the events of one campaign between two seqs, in order, each as the
    record `read` gives has it (payload text, session, writer), streamed."""
    store.append("c", 0, [note(str(i))._replace(session=2, writer="gm") for i in range(5)])
    store.append("other", 0, [note("elsewhere")])
    rows = store.read_for_log("c", after=1, upto=4)
    assert pyinspect.isgenerator(rows)
    found = list(rows)
    records = list(store.read("c", after=1, upto=4))
    assert [row[0] for row in found] == [2, 3, 4]
    for (seq, kind, schema, text_, session, writer), record in zip(found, records, strict=True):
        assert (seq, kind, schema, text_) == (record.seq, record.type, record.schema, record.text)
        assert (session, writer) == (record.session, record.writer) == (2, "gm")
    assert [row[0] for row in store.read_for_log("c")] == [1, 2, 3, 4, 5]
