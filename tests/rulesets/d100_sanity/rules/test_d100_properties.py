"""The invariants of d100 sanity, over random nights of either preset (rolls with any loss,
kind, threat and projection; awards, therapy, Mythos; scenarios, sessions and the clock;
bouts, disorders, choices, costs and treatment): SAN stays within 0 and its maximum, in
every state and in what every ruling decided (the fold's own clamp aside); the
roll that takes the day's losses to a fifth of its SAN always brings an indefinite
insanity (or SAN 0); breaking points only fall; nothing ever adapts to the unnatural. Each
run checks that most of its commands were accepted, so a run of refusals cannot pass."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.d100 import table

from journal.errors import RuleError
from journal.rules.core.commands import (
    AddCharacter,
    AdvanceClock,
    EndSession,
    SetClock,
    StartSession,
)
from journal.rulesets.d100_sanity.rules.adapt import RecordCost
from journal.rulesets.d100_sanity.rules.award import AwardSan
from journal.rulesets.d100_sanity.rules.bout import RecordBout
from journal.rulesets.d100_sanity.rules.disorder import GainDisorder
from journal.rulesets.d100_sanity.rules.lucid import EndInsanity
from journal.rulesets.d100_sanity.rules.mythos import GainMythos
from journal.rulesets.d100_sanity.rules.react import ChooseReaction
from journal.rulesets.d100_sanity.rules.sanity import Sanity, SanityRolled
from journal.rulesets.d100_sanity.rules.scenario_end import EndScenario
from journal.rulesets.d100_sanity.rules.scenario_start import StartScenario
from journal.rulesets.d100_sanity.rules.state import SanityState
from journal.rulesets.d100_sanity.rules.therapy import TherapyRoll

NAMES = ("Mara", "Eli")
LOSSES = ("0/1d4", "1/1d6", "1/1d10", "1d6/1d20", "1d10/1d100", "0/1d3", "2/2d6")
KINDS = ("violence", "helplessness", "unnatural")


def _sanity(draw: st.DrawFn, dg: bool) -> Sanity:
    return Sanity(
        draw(st.sampled_from(NAMES)),
        draw(st.sampled_from(LOSSES)),
        kind=draw(st.sampled_from(KINDS)) if dg else draw(st.none() | st.sampled_from(KINDS)),
        threat=draw(st.none() | st.sampled_from(("ghoul", "well", "barn"))),
        project=draw(st.none() | st.just("Ana")) if dg else None,
    )


@st.composite
def commands(draw: st.DrawFn, dg: bool) -> object:
    who = draw(st.sampled_from(NAMES))
    choice = draw(st.integers(0, 15))
    if choice <= 7:
        return _sanity(draw, dg)
    return [
        AwardSan(who, draw(st.sampled_from(("1d6", "3", "2d6"))), None, "a win"),
        TherapyRoll(who, draw(st.integers(-5, 5))),
        GainMythos(who, draw(st.integers(1, 8)), "a tome"),
        StartScenario("A scenario"),
        EndScenario(draw(st.sampled_from(("", "1d6")))),
        AdvanceClock(draw(st.sampled_from(("30min", "3h", "20h", "2d", "1mo")))),
        draw(st.sampled_from((EndSession(), StartSession("Next")))),
        draw(
            st.sampled_from(
                (
                    RecordBout(who, what="screams"),
                    GainDisorder(who, f"Fear {draw(st.integers(0, 9))}"),
                    EndInsanity(who, "treated"),
                    ChooseReaction(who, "flee"),
                    RecordCost(who, "CHA -1"),
                )
            )
        ),
    ][choice - 8]


def _sheet(dg: bool) -> dict[str, dict[str, Any]]:
    """Mara starts near the maximum (Mythos gained soon takes it below her SAN), Eli lower."""
    if dg:
        return {"Mara": {"pow": 19, "bonds": ["Ana=10"]}, "Eli": {"pow": 9, "bonds": ["Ana=6"]}}
    return {"Mara": {"pow": 96, "int": 70}, "Eli": {"pow": 45, "int": 60, "mythos": 4}}


def night(dg: bool, clock: bool, script: list[tuple[object, int]]) -> tuple[Any, int, int]:
    """The table after `script` (each command rolled from its seed; therapy's dice entered),
    and how many of its commands were accepted of those tried on someone still sane (at 0
    SAN every command but the GM's is refused); each state is checked as it comes."""
    t = table("delta-green" if dg else "coc")
    if clock:
        t.do(SetClock("1925-10-31T20:00"))
    for name, sheet in _sheet(dg).items():
        t.do(AddCharacter(name, sheet))
    accepted = tried = 0
    for command, seed in script:
        before: SanityState = t.rules
        who = before.characters.get(getattr(command, "character", None) or "")
        tried += who is None or who.san > 0
        dice = {"therapy": (seed % 100 + 1,)} if isinstance(command, TherapyRoll) else None
        try:
            events = t.do(command, dice=dice, seed=seed)
        except RuleError:
            continue
        accepted += 1
        check(t, before, events)
    return t, accepted, tried


def check(t: Any, before: SanityState, events: list[Any]) -> None:
    rules: SanityState = t.rules
    for who in rules.characters.values():
        assert 0 <= who.san <= who.san_max, who
        assert "unnatural" not in who.adapted and "unnatural" not in who.boxes, who
        was = before.characters.get(who.name)
        if was is not None and was.breaking_point is not None:
            assert who.breaking_point is not None and who.breaking_point <= was.breaking_point
    for p in events:  # what each ruling decided keeps SAN within 0 and its maximum too
        most = getattr(p, "san_max_after", getattr(p, "san_max", None))
        if isinstance(most, int):
            assert 0 <= p.san_after <= most, p
        if isinstance(p, SanityRolled) and p.indefinite and p.total > 0:
            fifth = max(1, p.day_san // 5)
            if p.day_lost - p.total < fifth <= p.day_lost:
                who = rules.characters[p.character]
                held = who.insane(t.state.clock, t.state.session)
                assert who.san == 0 or any(i.kind == "indefinite" for i in held), p


@settings(max_examples=60, deadline=None)
@given(
    dg=st.booleans(),
    clock=st.booleans(),
    data=st.data(),
)
def test_the_invariants_hold_over_random_nights(dg: bool, clock: bool, data: st.DataObject) -> None:
    script = data.draw(
        st.lists(st.tuples(commands(dg), st.integers(0, 10_000)), min_size=10, max_size=40)
    )
    _, accepted, tried = night(dg, clock, script)
    assert accepted >= tried // 4, (accepted, tried)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_fifth_in_a_day_always_triggers(data: st.DataObject) -> None:
    """Rolls alone, one character, the clock still: the day is one day, and the roll that
    reaches a fifth of its first SAN brings the indefinite insanity."""
    t = table()
    t.do(AddCharacter("Mara", {"pow": data.draw(st.integers(5, 99)), "int": 50}))
    crossed = 0
    for seed in data.draw(st.lists(st.integers(0, 10_000), min_size=1, max_size=12)):
        loss = data.draw(st.sampled_from(LOSSES))
        before = t.rules
        try:
            events = t.do(Sanity("Mara", loss), seed=seed)
        except RuleError:
            assert t.rules.characters["Mara"].san == 0
            break
        check(t, before, events)
        p = events[0]
        crossed += p.total > 0 and p.day_lost - p.total < max(1, p.day_san // 5) <= p.day_lost
    assert crossed <= 1  # once a day at most
