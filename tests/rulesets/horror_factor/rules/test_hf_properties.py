"""Properties of random fights (RULES.md Part 1 as a whole): refused commands are skipped."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.rules_harness import Table

from journal import projection
from journal.dice import DiceBox
from journal.errors import JournalError
from journal.events.canonical import canonical_json
from journal.rules.core.commands import AddCharacter
from journal.rules.core.state import CampaignState
from journal.rulesets.horror_factor.rules.award import Award, HardnessAwarded
from journal.rulesets.horror_factor.rules.catalog import CAUSES, HARDENING_CAP, PRESETS, TRAININGS
from journal.rulesets.horror_factor.rules.check import HorrorCheck, HorrorChecked
from journal.rulesets.horror_factor.rules.drop import DropEnemy
from journal.rulesets.horror_factor.rules.encounter_end import EncounterEnded, EndEncounter
from journal.rulesets.horror_factor.rules.encounter_join import EncounterJoined, JoinEncounter
from journal.rulesets.horror_factor.rules.encounter_leave import LeaveEncounter
from journal.rulesets.horror_factor.rules.encounter_start import (
    EncounterStarted as StartEncounterEvent,
)
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.peace import Peace
from journal.rulesets.horror_factor.rules.rest import Rest
from journal.rulesets.horror_factor.rules.shift import Shift
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn

NAMES = ("Freddie", "Ariella", "Linda")
FAST = settings(max_examples=75, deadline=None)

names = st.sampled_from(NAMES)
some_names = st.lists(names, max_size=3, unique=True).map(tuple)
d10 = st.integers(1, 10)
pair = st.tuples(d10, d10)


def _within_the_cap(sheet: dict[str, Any]) -> dict[str, Any]:
    """A sheet the rules accept: Hardness and every specialization within the training's
    cap (RULES.md: a sheet above it is refused)."""
    cap = HARDENING_CAP[sheet["training"]]
    specs = {name: min(level, cap) for name, level in sheet["specializations"].items()}
    return {**sheet, "hardness": min(sheet["hardness"], cap), "specializations": specs}


sheets = st.fixed_dictionaries(
    {
        "reaction": st.integers(1, 20),
        "willpower": st.integers(1, 20),
        "hardness": st.integers(0, 7),
        "training": st.sampled_from(TRAININGS),
        "specializations": st.dictionaries(
            st.sampled_from(["supernatural", "mythos"]), st.integers(0, 7), max_size=2
        ),
        "brokenness": st.integers(0, 6),
    }
).map(_within_the_cap)

Step = tuple[object, dict[str, tuple[int, int]] | None]


def _with_dice(purpose: str) -> Any:
    return pair.map(lambda faces: {purpose: faces})


starts = st.tuples(
    st.builds(
        StartEncounter,
        title=st.just("Fight"),
        hf=st.one_of(st.sampled_from(list(PRESETS)), st.integers(0, 9).map(str)),
        cast=st.lists(names, min_size=1, max_size=3, unique=True).map(tuple),
        outnumbered=st.booleans(),
        ambush=st.booleans(),
        creepy=st.integers(0, 2),
        category=st.sampled_from([None, "supernatural", "mythos"]),
    ),
    st.none(),
)
in_fight: st.SearchStrategy[Step] = st.one_of(
    st.tuples(st.just(AdvanceTurn()), st.none()),
    st.tuples(st.builds(RollInitiative, names), _with_dice("initiative")),
    st.tuples(st.builds(Soak, names, st.integers(0, 4)), st.none()),
    st.tuples(
        st.builds(
            Shift,
            st.one_of(st.none(), names),
            st.sampled_from([*CAUSES, "a scream"]),
            st.one_of(st.none(), st.integers(-3, 3)),
        ),
        st.none(),
    ),
    st.tuples(st.builds(DropEnemy, names), st.none()),
    st.tuples(st.builds(JoinEncounter, names), st.none()),
    st.tuples(st.builds(LeaveEncounter, names, st.sampled_from(["fled", ""])), st.none()),
)
ends = st.tuples(
    st.one_of(
        st.just(EndEncounter()),
        st.builds(EndEncounter, some_names),
        st.builds(EndEncounter, st.just(()), some_names),
        st.builds(EndEncounter, some_names, some_names),
    ),
    st.none(),
)
between: st.SearchStrategy[Step] = st.one_of(
    st.tuples(
        st.builds(
            HorrorCheck,
            names,
            st.one_of(st.none(), st.integers(0, 9)),
            st.sampled_from([None, "mythos"]),
        ),
        _with_dice("check"),
    ),
    st.tuples(
        st.builds(Rest, some_names, st.booleans(), st.one_of(st.none(), st.integers(1, 5))),
        st.none(),
    ),
    st.tuples(
        st.builds(
            Peace,
            names,
            st.integers(1, 12),
            st.integers(0, 3),
            st.booleans(),
            st.booleans(),
            st.booleans(),
            st.sampled_from([None, "the GM says so"]),
            st.sampled_from([None, "mythos"]),
        ),
        st.none(),
    ),
)
awards: st.SearchStrategy[Step] = st.tuples(
    st.builds(
        Award,
        names,
        st.integers(1, 3),
        st.just("a hard year"),
        st.sampled_from([None, "mythos"]),
    ),
    st.none(),
)


def campaigns(after: st.SearchStrategy[Step] = between) -> st.SearchStrategy[list[Step]]:
    """Encounters (start, a turn-by-turn fight, an end) with other commands in between; any
    command may come out of place and be refused."""
    encounter = st.tuples(
        starts,
        st.lists(st.one_of(in_fight, in_fight, in_fight, starts, after), max_size=16),
        ends,
        st.lists(st.one_of(after, in_fight), max_size=4),
    ).map(lambda parts: [parts[0], *parts[1], parts[2], *parts[3]])
    return st.lists(encounter, max_size=3).map(lambda fights: [s for f in fights for s in f])


def fight(sheet_list: list[dict[str, Any]], steps: list[Step]) -> tuple[Table, list[object]]:
    table = Table("horror-factor")
    for name, sheet in zip(NAMES, sheet_list, strict=True):
        table.do(AddCharacter(name, sheet))
    done: list[object] = []
    for command, dice in steps:
        try:
            table.do(command, dice=dice)
        except JournalError:
            continue
        done.append(command)
        check_invariants(table)
    return table, done


def check_invariants(table: Table) -> None:
    rules = table.rules
    encounter = rules.encounter
    for name, who in rules.characters.items():
        assert 0 <= who.willpower <= who.willpower_max
        assert 0 <= who.hardness <= 7
        assert 0 <= who.brokenness <= 6
        assert who.peak_hardness >= who.hardness
        if encounter is not None and name in encounter.participants:
            p = encounter.participants[name]
            assert p.hf >= 0
            assert 0 <= p.soak <= 3
            hardness, _ = who.hardness_for(encounter.category)
            current = table.ruleset.status(table.state)[name].encounter
            assert current is not None
            assert current.effective_hf == max(0, p.hf - p.soak)
            assert current.action_penalty == max(0, current.effective_hf - hardness)


@FAST
@given(st.lists(sheets, min_size=3, max_size=3), campaigns())
def test_random_fights_keep_the_invariants(
    sheet_list: list[dict[str, Any]], steps: list[Step]
) -> None:
    """ "HF never goes below 0"; "Action penalty = max(0, effective HF - Hardness)"; Willpower
    "current: 0..max"; Hardness 0-7 and brokenness 0-6."""
    fight(sheet_list, steps)


@FAST
@given(st.lists(sheets, min_size=3, max_size=3), campaigns())
def test_hardness_never_passes_the_cap_automatically(
    sheet_list: list[dict[str, Any]], steps: list[Step]
) -> None:
    """ "Hardening past the cap is a deliberate GM award ...: allowed only as an explicit
    award with a reason, never automatically."""
    table, _ = fight(sheet_list, steps)
    for name, sheet in zip(NAMES, sheet_list, strict=True):
        bound = max(sheet["hardness"], HARDENING_CAP[sheet["training"]])
        assert table.rules.characters[name].hardness <= bound


@FAST
@given(
    st.lists(sheets, min_size=3, max_size=3),
    campaigns(st.one_of(between, awards)),
)
def test_replay_equals_live_and_rulings_round_trip(
    sheet_list: list[dict[str, Any]], steps: list[Step]
) -> None:
    """ "Replaying the log recomputes every ruling": folding the recorded events again (read
    back from JSON) gives the same state, and each ruling decided again from its recorded
    inputs gives the same event."""
    table, _ = fight(sheet_list, steps)
    state = CampaignState()
    walk = list(projection.steps(table.records()))
    assert len(walk) == len(table.events)
    for step, (payload, _) in zip(walk, table.events, strict=True):
        if step.before.seq:
            command = table.ruleset.command_for(payload)
            if command is not None:
                replay = DiceBox.replaying(getattr(payload, "dice", {}))
                assert table.ruleset.decide(step.before, command, replay) == [payload]
        assert step.payload == payload  # read back from the stored JSON
        state = step.after
    assert state == table.state


#: three sheets, a campaign of fights and awards, and what draws the events voided in it
with_voids = given(
    st.lists(sheets, min_size=3, max_size=3),
    campaigns(st.one_of(between, awards)),
    st.data(),
)


def _voided(table: Table, data: st.DataObject) -> projection.Corrections:
    """Some of the table's events voided (none of its first four: the campaign, its cast)."""
    count = len(table.events)
    voided = data.draw(st.sets(st.integers(4, max(4, count - 1))), label="voided")
    seqs = frozenset(meta.seq for index, (_, meta) in enumerate(table.events) if index in voided)
    return projection.Corrections.voiding(seqs)


@FAST
@with_voids
def test_folding_with_voids_never_raises(
    sheet_list: list[dict[str, Any]], steps: list[Step], data: st.DataObject
) -> None:
    """RULES protocol: evolve "must be TOTAL: an event that no longer applies (because an
    earlier event was voided ...) is ignored and never raises"; the state stays in range."""
    table, _ = fight(sheet_list, steps)
    state = CampaignState()
    for step in projection.steps(table.records(), _voided(table, data)):
        state = step.after
        for who in state.rules.characters.values():
            assert 0 <= who.willpower <= who.willpower_max
            assert 0 <= who.hardness <= 7
        if state.rules.encounter is not None:
            assert all(p.hf >= 0 for p in state.rules.encounter.participants.values())
    table.ruleset.status(state)


@FAST
@given(st.lists(sheets, min_size=3, max_size=3), campaigns())
def test_one_change_per_incident(sheet_list: list[dict[str, Any]], steps: list[Step]) -> None:
    """ "his Hardness rating should increase by 1 per incident": for each character and each
    encounter they faced, at most one ruling (the end naming them, or a Horror Check about
    it) whatever commands come."""
    table, _ = fight(sheet_list, steps)
    facing: dict[str, int] = {}
    rulings: dict[tuple[str, int], int] = {}
    for payload, meta in table.events:
        if isinstance(payload, StartEncounterEvent):
            facing.update({name: meta.seq for name in payload.cast})
        elif isinstance(payload, EncounterJoined) and not payload.rejoined:
            facing[payload.character] = meta.seq
        elif isinstance(payload, EncounterEnded):
            for r in payload.results:
                if r.outcome != "none":
                    key = (r.character, facing[r.character])
                    rulings[key] = rulings.get(key, 0) + 1
        elif isinstance(payload, HorrorChecked) and payload.encounter is not None:
            key = (payload.character, facing[payload.character])
            rulings[key] = rulings.get(key, 0) + 1
    assert all(count == 1 for count in rulings.values()), rulings


def test_awards_are_the_only_way_past_the_cap() -> None:
    """ "allowed only as an explicit award with a reason"."""
    table, done = fight(
        [{"reaction": 10, "willpower": 10, "hardness": 3, "training": "none"}] * 3,
        [(Award("Freddie", 2, "the wastes"), None)],
    )
    assert done and table.rules.characters["Freddie"].hardness == 5
    assert isinstance(table.events[-1][0], HardnessAwarded)


def test_fold_after_voids_examples(trio: Table) -> None:
    """evolve "must be TOTAL": an initiative with no encounter running is ignored; a turn
    after a voided turn still applies; a start whose predecessor's end was voided replaces
    it."""
    trio.do(StartEncounter("First", "horde", NAMES))
    trio.do(AdvanceTurn())
    trio.do(AdvanceTurn())
    trio.do(RollInitiative("Linda"), dice={"initiative": (5, 5)})
    trio.do(EndEncounter())
    trio.do(StartEncounter("Second", "fistfight", ("Linda",)))
    events = trio.events

    def fold_without(skip: set[int]) -> CampaignState:
        """The one fold over the recorded events, voiding those at the indexes `skip`."""
        voided = frozenset(meta.seq for index, (_, meta) in enumerate(events) if index in skip)
        return projection.fold(trio.records(), projection.Corrections.voiding(voided))

    start = next(i for i, (p, _) in enumerate(events) if isinstance(p, StartEncounterEvent))
    no_start = fold_without({start, len(events) - 1})
    assert no_start.rules.encounter is None
    no_turn_two = fold_without({start + 1, len(events) - 2, len(events) - 1})
    encounter = no_turn_two.rules.encounter
    assert encounter is not None and encounter.turn == 3
    assert encounter.participants["Linda"].initiative == 10
    no_end = fold_without({len(events) - 2})
    assert no_end.rules.encounter is not None
    assert no_end.rules.encounter.title == "Second"


@FAST
@with_voids
def test_the_replays_fold_of_rows_is_the_walk(
    sheet_list: list[dict[str, Any]], steps: list[Step], data: st.DataObject
) -> None:
    """The replay's hot path (`fold_rows`, what `Store.read_for_fold` reads: no record made)
    and `fold` of records both leave the state the walk of `steps` leaves, voids included,
    from the first event or from a state halfway."""
    table, _ = fight(sheet_list, steps)
    corrections = _voided(table, data)
    records = table.records()
    walked = [step.after for step in projection.steps(records, corrections)][-1]
    rows = [
        (r.seq, r.type, r.schema, canonical_json(r.data), r.recorded_at, r.game_time, r.session)
        for r in records
    ]
    assert projection.fold_rows(rows, corrections) == walked
    assert projection.fold(records, corrections) == walked
    halfway = projection.fold(records[: len(records) // 2], corrections)
    assert projection.fold_rows(rows[len(rows) // 2 :], corrections, halfway) == walked
