"""Snapshots: a disposable cache of folded projections. Status folds only what came after
the newest usable one; a void reaching behind it, or other rules code, sets it aside."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from journal import projection
from journal.app import Campaign as Journal
from journal.rules import rules_version
from journal.rules.core import TakeNote, VoidEvent
from journal.store import Store, codec, snapshots
from journal.transfer import import_file

SHIPPED = Path(__file__).parents[2] / "campaigns" / "jackson-zombies" / "log.jsonl"
VOIDABLE = [8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24]


def _zombies(db: str, *, cached: bool = False) -> Journal:
    """The shipped campaign, imported; without the snapshot the import keeps, unless
    `cached`."""
    store = Store.open(db)
    with SHIPPED.open() as log:
        import_file(store, log)
    if not cached:
        store.drop_snapshots("jackson-zombies")
    return Journal.open(store, "jackson-zombies")


def _snapshot(journal: Journal, seq: int) -> None:
    state = journal.state(seq, cached=False)
    version = rules_version(state.ruleset)
    journal.store.save_snapshot(journal.campaign, seq, version, snapshots.dump(state))


def test_the_codec_round_trips_a_whole_state(tmp_path: Path) -> None:
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    state = journal.state(24, cached=False)
    assert codec.decode(codec.encode(state)) == state
    journal.store.close()


def test_an_import_keeps_the_state_it_folded(tmp_path: Path) -> None:
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}", cached=True)
    version = rules_version("horror-factor")
    seq, state = journal.store.latest_snapshot(journal.campaign, version) or (0, None)
    assert seq == 27 and snapshots.load_state(state) == journal.state(cached=False)
    journal.store.close()


def test_status_folds_only_the_events_after_the_snapshot(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    _snapshot(journal, 22)
    folded: list[int] = []
    real_apply = projection.apply

    def counting(state, payload, meta, ruleset):  # type: ignore[no-untyped-def]
        folded.append(meta.seq)
        return real_apply(state, payload, meta, ruleset)

    monkeypatch.setattr(projection, "apply", counting)
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
    bogus = snapshots.dump(dataclasses.replace(full, characters=("Freddie",)))  # a forged cache
    journal.store.save_snapshot(journal.campaign, 27, "hf-0:oldcode", bogus)
    assert len(journal.state().characters) == 3
    version = rules_version("horror-factor")
    assert version.startswith("hf-") and version != "hf-0:oldcode"
    journal.store.save_snapshot(journal.campaign, 27, version, bogus)
    assert len(journal.state().characters) == 1  # proof that a matching snapshot is read
    journal.store.close()


def test_long_folds_keep_a_snapshot(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("journal.app.SNAPSHOT_EVERY", 10)
    journal = _zombies(f"sqlite:///{tmp_path / 'j.db'}")
    journal.state()
    version = rules_version("horror-factor")
    assert journal.store.latest_snapshot(journal.campaign, version) is not None
    journal.store.close()


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
