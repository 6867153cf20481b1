"""Snapshots: a disposable cache of folded projections. Status folds only what came after
the newest usable one; a void reaching behind it, or other rules code, sets it aside; each
is bound to the event it folds up to, and a command never needs it to be there."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import WORKED_EXAMPLE
from support.api import service_of

from journal.app import Campaign as Journal
from journal.cache import encoded, snapshot_registry
from journal.events.recorded import FoldRow
from journal.frozen import changed
from journal.rules import rules_version
from journal.rules.core.commands import TakeNote, VoidEvent
from journal.rules.core.state import CampaignState
from journal.store import Store, codec, snapshots
from journal.store.access import Access
from journal.store.recorder import DriverError
from journal.transfer import import_file

VOIDABLE = [8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24]


def _zombies(db: str, *, cached: bool = False) -> Journal:
    """The shipped campaign, imported; without the snapshot the import keeps, unless
    `cached`."""
    store = Store.open(db)
    with WORKED_EXAMPLE.open() as log:
        import_file(store, log)
    if not cached:
        store.drop_snapshots("jackson-zombies")
    return Journal.open(store, "jackson-zombies")


def _snapshot(journal: Journal, seq: int, state: CampaignState | None = None) -> None:
    """Keep a snapshot at `seq` through the store, as the journal does (bound and
    digested): of the true state, or of `state` (a forger who knows the format)."""
    kept = encoded(state or journal.state(seq, cached=False))
    assert kept is not None
    journal.store.save_snapshot(journal.campaign, seq, *kept)


def _latest(journal: Journal) -> CampaignState:
    found = journal.store.latest_snapshot(journal.campaign, rules_version("horror-factor"))
    assert found is not None
    registry = snapshot_registry("horror-factor")
    assert registry is not None
    state: CampaignState = snapshots.load(found, registry)
    return state


def test_an_import_keeps_the_state_it_folded(tmp_path: Path) -> None:
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}", cached=True)
    state = _latest(journal)
    assert state.seq == 27 and state == journal.state(cached=False)
    journal.store.close()


def test_a_snapshot_is_bound_to_the_event_it_folds_up_to(tmp_path: Path) -> None:
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    _snapshot(journal, 22)
    (row,) = journal.store.snapshot_rows(journal.campaign)
    document = json.loads(str(row.document))
    event = journal.store.get(journal.campaign, 22)
    assert event is not None and row.event_hash == event.hash
    assert document["head_hash"] == event.hash and document["seq"] == 22
    assert document["rules_version"] == rules_version("horror-factor") == row.rules_version
    binding = {"seq": 22, "head_hash": event.hash, "rules_version": row.rules_version}
    assert document["format"] == snapshots.SEAL.format
    assert document["digest"] == snapshots.SEAL.digest(binding, document["state"])
    journal.store.close()


def test_status_folds_only_the_events_after_the_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    _snapshot(journal, 22)
    folded: list[int] = []
    read = journal.store.read_for_fold

    def reading(campaign: str, *, after: int = 0, upto: int | None = None) -> Iterator[FoldRow]:
        for row in read(campaign, after=after, upto=upto):
            folded.append(row[0])
            yield row

    monkeypatch.setattr(journal.store, "read_for_fold", reading)
    state = journal.state()
    assert folded == [23, 24, 25, 26, 27]
    assert state == journal.state(cached=False)
    journal.store.close()


def test_a_void_reaching_behind_the_snapshot_sets_it_aside(tmp_path: Path) -> None:
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    _snapshot(journal, 24)
    journal.execute(VoidEvent(22, "Linda kept her Willpower"))
    assert journal.state().rules == journal.state(cached=False).rules
    journal.store.close()


def test_a_snapshot_of_other_rules_code_is_never_read(tmp_path: Path) -> None:
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    full = journal.state(cached=False)
    forged = changed(full, characters=("Freddie",))
    kept = encoded(forged)
    assert kept is not None
    journal.store.save_snapshot(journal.campaign, 27, "hf-0:oldcode", kept[1])
    assert len(journal.state().characters) == 3
    version = rules_version("horror-factor")
    assert version.startswith("hf-") and version != "hf-0:oldcode"
    # Proof that a snapshot of the current code is read: one forged by someone who knows
    # the format (and recomputes its digest) is believed by status; `verify` finds it
    # (tests/store/snapshots/test_snapshot_tampering.py) and `audit` any ruling decided from it.
    _snapshot(journal, 27, forged)
    assert len(journal.state().characters) == 1
    journal.store.close()


def test_keeping_a_snapshot_clears_those_of_other_rules_code(tmp_path: Path) -> None:
    """After an upgrade of the journal its old snapshots are never read again: the first
    new one kept clears them (the campaign's others stay, for reads of earlier events)."""
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    kept = encoded(journal.state(20, cached=False))
    assert kept is not None
    journal.store.save_snapshot(journal.campaign, 20, "hf-0:oldcode", kept[1])
    _snapshot(journal, 10)
    _snapshot(journal, 22)
    found = [(r.seq, r.rules_version) for r in journal.store.snapshot_rows(journal.campaign)]
    assert found == [(10, rules_version("horror-factor")), (22, rules_version("horror-factor"))]
    journal.store.close()


def test_long_folds_keep_a_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("journal.app.SNAPSHOT_EVERY", 10)
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    journal.state()
    assert _latest(journal).seq == 27
    journal.store.close()


def test_a_bad_snapshot_the_command_cannot_delete_is_only_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a database the command may not write (a read-only file or role), a bad snapshot
    is set aside all the same: the state comes from the log, and the row stays."""
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}", cached=True)
    with journal.store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE snapshots SET state = 'garbage'")
    told: list[str] = []
    journal.notice = told.append

    def refused(self: Access) -> None:
        readonly = sqlite3.OperationalError("attempt to write a readonly database")
        raise DriverError(readonly, operational=True)

    monkeypatch.setattr(Access, "writing", refused)
    assert journal.state() == journal.state(cached=False)
    assert told == ["discarded the snapshot at #27 (it is not JSON): rebuilt from the log"]
    assert len(journal.store.snapshot_rows(journal.campaign)) == 1
    journal.store.close()


def test_a_ruleset_that_declares_no_state_classes_keeps_no_snapshots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A third-party ruleset written before `state_classes`: every command folds the log."""
    from journal.rules import load, state_classes

    monkeypatch.setattr(type(load("horror-factor")), "state_classes", ())
    monkeypatch.setattr("journal.app.SNAPSHOT_EVERY", 5)
    state_classes.cache_clear()
    try:
        journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}", cached=True)
        assert journal.store.snapshot_rows(journal.campaign) == []
        journal.execute(TakeNote("no snapshot"))
        assert journal.state() == journal.state(cached=False)
        assert journal.store.snapshot_rows(journal.campaign) == []
        journal.store.close()
    finally:
        state_classes.cache_clear()


def test_snapshots_of_a_plugin_ruleset_are_kept_and_read(tmp_path: Path) -> None:
    """The example plugin's state lives outside the journal's package: its ruleset
    declares its classes, so its campaigns keep snapshots too."""
    from journal_stress.rules.stress import Stress

    from journal.api.database_level import create

    with create(str(tmp_path / "w.db"), "ward", "stress") as ward:
        from journal.rules.core.commands import AddCharacter

        ward.run(AddCharacter("Mina", {"nerve": 4}))
        ward.run(Stress("Mina", 3, "the lights die"))
        campaign = service_of(ward)
        kept = encoded(campaign.state(cached=False))
        assert kept is not None
        campaign.store.save_snapshot("ward", 3, *kept)
        registry = snapshot_registry("stress")
        assert registry is not None
        found = campaign.store.latest_snapshot("ward", rules_version("stress"))
        assert found is not None
        assert snapshots.load(found, registry) == campaign.state(cached=False)
        assert codec.tag(type(campaign.state().rules)) == "journal_stress.rules.state:StressState"


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    points=st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=3),
    voids=st.lists(st.sampled_from(VOIDABLE), max_size=3, unique=True),
    notes=st.integers(min_value=0, max_value=5),
    as_of=st.one_of(st.none(), st.integers(min_value=1, max_value=40)),
)
def test_snapshot_plus_the_rest_equals_a_full_replay(
    tmp_path_factory,
    points: list[int],
    voids: list[int],
    notes: int,
    as_of: int | None,  # type: ignore[no-untyped-def]
) -> None:
    folder = tmp_path_factory.mktemp("snap")
    journal = _zombies(f"sqlite:///{folder / 'j.db'}")
    for seq in voids:
        journal.execute(VoidEvent(seq, "property test"))
    for i in range(notes):
        journal.execute(TakeNote(f"note {i}"))
    head = journal.store.head(journal.campaign)[0]
    for point in points:
        _snapshot(journal, min(point, head))
    assert journal.state(as_of) == journal.state(as_of, cached=False)
    journal.store.close()
