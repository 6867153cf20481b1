"""Long campaigns in flat memory: a recap of one session reads from the snapshot before it,
an arc walks the log once as a stream, and both give the documents the whole log gives."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.api import service_of, state_of

import journal
from journal.api.journal import Journal
from journal.events.recorded import FoldRow
from journal.handouts.arc import arc_of
from journal.handouts.log import stream, walk
from journal.rules.core.commands import AddCharacter, EndSession, StartSession, TakeNote
from journal.rulesets.horror_factor.rules.check import HorrorCheck
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.rest import Rest
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.store import Store

CAST = ("Freddie", "Linda")
SESSIONS = 6


def _night(db: Path) -> None:
    """SESSIONS sessions of a fight (initiatives, soaks, the end), a Horror Check, a rest
    and notes, played one command at a time (appends keep a snapshot every 10 events)."""
    sheet = {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}
    with journal.create(str(db), "night", "horror-factor") as night:
        for name in CAST:
            night.run(AddCharacter(name, sheet))
        for number in range(1, SESSIONS + 1):
            night.run(StartSession(f"Night {number}"))
            night.run(TakeNote(f"Night {number}: the lights go out."))
            night.run(StartEncounter("Horde", "4", CAST))
            for name in CAST:
                night.run(Soak(name, 1))
                night.run(RollInitiative(name), dice={"initiative": (number % 10 + 1, 3)})
            night.run(EndEncounter(do_or_die=CAST))
            night.run(HorrorCheck("Linda", 3), dice={"check": (4, 6)})
            night.run(Rest())
            night.run(EndSession())


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr("journal.app.SNAPSHOT_EVERY", 10)
    db = tmp_path / "night.db"
    _night(db)
    return db


class Reads:
    """Every event the store reads, by seq, while it is watched: as a record, or as a
    replay's row (`read_for_fold`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seqs: list[int] = []
        read, read_for_fold = Store.read, Store.read_for_fold

        def watched(
            store: Store, campaign: str, *, after: int = 0, upto: int | None = None
        ) -> Iterator[object]:
            for record in read(store, campaign, after=after, upto=upto):
                self.seqs.append(record.seq)
                yield record

        def watched_rows(
            store: Store, campaign: str, *, after: int = 0, upto: int | None = None
        ) -> Iterator[FoldRow]:
            for row in read_for_fold(store, campaign, after=after, upto=upto):
                self.seqs.append(row[0])
                yield row

        monkeypatch.setattr(Store, "read", watched)
        monkeypatch.setattr(Store, "read_for_fold", watched_rows)


def _snapshots(db: Path) -> list[int]:
    with sqlite3.connect(db) as conn:
        return sorted(seq for (seq,) in conn.execute("SELECT seq FROM snapshots"))


def _last_of(session: int, night: Journal) -> int:
    return max(e.seq for e in night.log(session=session).entries)


def test_a_late_sessions_recap_reads_nothing_before_the_snapshot_it_starts_from(
    night: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with journal.open(str(night)) as campaign:
        head = state_of(campaign).seq
        before = _last_of(SESSIONS - 1, campaign)
        end = _last_of(SESSIONS, campaign)
        start = max(seq for seq in _snapshots(night) if seq <= before)
        newest = max(_snapshots(night))
        assert 0 < start <= before < end and before - start < 10 and head - newest < 10
        reads = Reads(monkeypatch)
        recap = campaign.recap(SESSIONS, "gm")
        # the campaign as it stands (from the newest snapshot to the head), then the session
        # from the snapshot before it to its end: each once, nothing before `start`
        now, session = list(range(newest + 1, head + 1)), list(range(start + 1, end + 1))
        assert reads.seqs == now + session, reads.seqs
        assert min(reads.seqs) == start + 1
    # the same recap as a walk of the whole log gives (no snapshot to start from)
    monkeypatch.undo()
    with journal.open(str(night)) as campaign:
        service_of(campaign).store.drop_snapshots()  # type: ignore[union-attr]
        assert _snapshots(night) == []
        assert campaign.recap(SESSIONS, "gm") == recap


def test_an_arc_reads_the_log_once_and_is_the_arc_of_the_whole_log(
    night: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with journal.open(str(night)) as campaign:
        service = service_of(campaign)
        assert service is not None
        final = service.state()
        head = final.seq
        whole = walk(service, final=final)  # every step kept, as the GM's book reads it
        expected = {name: arc_of(whole, name) for name in CAST}
        reads = Reads(monkeypatch)
        for name in CAST:
            reads.seqs.clear()
            assert arc_of(stream(service, final), name) == expected[name]
            # one walk of the log (a Horror Factor narrator reads no step of its own)
            assert reads.seqs == list(range(1, head + 1))
        assert any(point["label"] == f"S{SESSIONS}" for point in expected["Linda"]["points"])
        assert len(expected["Linda"]["charts"][0]["x_labels"]) > SESSIONS
        assert expected["Linda"]["milestones"]


def test_an_arc_of_a_narrator_that_stops_early_still_walks_every_step(
    night: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A narrator's milestones may stop reading the steps (the first one found): the arc
    walks the rest itself, so its points and samples are whole."""
    from journal.handouts import hooks
    from journal.handouts.hooks import Milestone, Narrator, Who

    with journal.open(str(night)) as campaign:
        service = service_of(campaign)
        assert service is not None
        final = service.state()
        expected = arc_of(walk(service, final=final), "Linda")
        real = hooks.narrator_of(service.ruleset.name)

        class Hasty(type(real)):  # type: ignore[misc]
            def milestones(self, who: Who, steps: object) -> list[Milestone]:
                for step in steps:  # type: ignore[attr-defined]
                    return [Milestone(step, "first", "First", "the first step")]
                return []

        monkeypatch.setattr("journal.handouts.arc.narrator_of", lambda name: Hasty())
        found = arc_of(stream(service, final), "Linda")
        assert found["points"] == expected["points"]
        assert found["charts"] == expected["charts"]
        assert [m["label"] for m in found["milestones"]] == ["First"]
        assert isinstance(real, Narrator)


def test_an_arc_keeps_no_step_behind_it(night: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the arc walks the log, the states of the steps it has passed are let go: at
    its last step only the few it still reads are alive (the whole log kept would keep
    every one)."""
    import gc
    import weakref

    from journal.handouts import hooks
    from journal.handouts.hooks import Milestone, Who

    alive: list[int] = []
    with journal.open(str(night)) as campaign:
        service = service_of(campaign)
        assert service is not None
        final = service.state()
        real = hooks.narrator_of(service.ruleset.name)

        class Watching(type(real)):  # type: ignore[misc]
            def milestones(self, who: Who, steps: object) -> list[Milestone]:
                passed: list[weakref.ref[object]] = []
                for step in steps:  # type: ignore[attr-defined]
                    passed.append(weakref.ref(step.after))
                gc.collect()
                alive.append(sum(ref() is not None for ref in passed[:-1]))
                alive.append(len(passed))
                return []

        monkeypatch.setattr("journal.handouts.arc.narrator_of", lambda ruleset: Watching())
        arc_of(stream(service, final), "Linda")
    held, walked = alive
    assert walked == final.seq and held <= 3, (held, walked)
