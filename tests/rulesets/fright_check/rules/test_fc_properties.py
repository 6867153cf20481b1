"""Properties over random sheets, modifiers and dice (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.fright_check import mara, refold
from support.rules_harness import Table

from journal.dice import DiceBox
from journal.errors import RuleError
from journal.rules.core.commands import AdvanceClock, SetClock
from journal.rulesets.fright_check.rules import RULESET
from journal.rulesets.fright_check.rules.change_row import ChangeRow
from journal.rulesets.fright_check.rules.encounter_end import EndCombat
from journal.rulesets.fright_check.rules.encounter_start import StartCombat
from journal.rulesets.fright_check.rules.fright import FrightCheck, FrightChecked
from journal.rulesets.fright_check.rules.heal import Heal
from journal.rulesets.fright_check.rules.recover import Recover
from journal.rulesets.fright_check.rules.rest import Rest
from journal.rulesets.fright_check.rules.trait import NameTrait

d6 = st.integers(1, 6)
three = st.tuples(d6, d6, d6)

checks = st.builds(
    FrightCheck,
    character=st.just("Mara"),
    threat=st.sampled_from(["ghoul-1", "ghoul-2", "shade-1"]),
    kind=st.sampled_from([None, "ghoul", "shade"]),
    monster=st.integers(-10, 0),
    count=st.none() | st.integers(0, 150),
    touched=st.booleans(),
    dark=st.booleans(),
    alone=st.booleans(),
    report=st.integers(0, 3),
    extra=st.lists(st.tuples(st.just("GM"), st.integers(-15, 15)), max_size=2).map(tuple),
    heat_of_battle=st.none() | st.booleans(),
    override=st.just("the test goes past the bounds"),
)


def decide_check(will: int, command: FrightCheck, seed: int) -> FrightChecked:
    table = mara(will=will, traits={"Fearlessness": 3})
    (event,) = table.do(command, seed=seed)
    assert isinstance(event, FrightChecked)
    return event


@settings(max_examples=100, deadline=None)
@given(st.integers(8, 20), checks, st.integers(0, 10_000))
def test_modified_will_above_13_acts_as_13(will: int, command: FrightCheck, seed: int) -> None:
    event = decide_check(will, command, seed)
    assert event.modified_will is not None and event.roll is not None
    assert event.effective_will == min(13, event.modified_will)
    if event.modified_will > 13:
        assert event.success == (event.roll <= 13)
        assert event.margin == 13 - event.roll


@settings(max_examples=100, deadline=None)
@given(st.integers(3, 20), checks, st.integers(0, 10_000))
def test_a_success_never_reads_the_table(will: int, command: FrightCheck, seed: int) -> None:
    event = decide_check(will, command, seed)
    if event.success:
        assert event.row is None and event.table_roll is None
        assert event.effects == () and event.pending == ()
        assert set(event.dice) == {"will"}
    else:
        assert event.row is not None and 4 <= event.row <= 40
        assert event.failure_margin is not None and event.failure_margin >= 1
        assert event.table_total == event.table_roll + event.failure_margin  # type: ignore[operator]


steps = st.lists(
    st.one_of(
        st.tuples(st.just("check"), checks, st.integers(0, 10_000)),
        st.tuples(st.just("clock"), st.sampled_from(["30min", "6h", "23h", "24h", "2d"])),
        st.tuples(st.just("combat"), st.booleans()),
        st.tuples(st.just("name"), st.sampled_from(["worsen", "new"])),
        st.tuples(st.just("recover"), st.booleans(), st.integers(0, 10_000)),
        st.tuples(st.just("heal"), st.integers(0, 3), st.integers(0, 3)),
        st.tuples(st.just("rest")),
        st.tuples(st.just("change"), st.integers(4, 40), st.integers(0, 10_000)),
    ),
    min_size=1,
    max_size=12,
)


def play(table: Table, step: tuple[Any, ...]) -> None:
    kind = step[0]
    if kind == "check":
        table.do(step[1], seed=step[2])
    elif kind == "clock":
        table.do(AdvanceClock(step[1]))
    elif kind == "combat":
        table.do(StartCombat("fight") if table.rules.combat is None else EndCombat())
    elif kind in ("recover", "heal", "rest", "change"):
        _recovery(table, step)
    else:
        pending = table.rules.get("Mara").pending
        if not pending:
            return
        item = pending[0]
        worsen = "Phobia (dark)" if step[1] == "worsen" else None
        name = f"trait {table.state.seq}"
        try:
            table.do(NameTrait("Mara", item.seq, name if worsen is None else "", worsen=worsen))
        except RuleError:
            table.do(NameTrait("Mara", item.seq, name))


def _recovery(table: Table, step: tuple[Any, ...]) -> None:
    """A recovery roll, healing, a rest or a change of row; refused ones are skipped."""
    kind = step[0]
    mara_now = table.rules.get("Mara")
    failed = [c.seq for c in mara_now.history if c.row is not None]
    command: object
    if kind == "recover":
        command = Recover("Mara", care=step[1])
    elif kind == "heal":
        command = Heal("Mara", hp=step[1], fp=step[2])
    elif kind == "rest":
        command = Rest()
    elif failed:
        command = ChangeRow("Mara", failed[-1], step[1], "more fitting")
    else:
        return
    try:
        table.do(command, seed=step[-1] if isinstance(step[-1], int) else 0)
    except RuleError:
        return
    after = table.rules.get("Mara")
    assert after.hp <= after.hp_max and after.fp <= after.fp_max
    assert all(p.seq in {c.seq for c in after.history} for p in after.pending)


@settings(max_examples=60, deadline=None)
@given(steps)
def test_replaying_the_log_gives_the_live_projection(script: list[tuple[Any, ...]]) -> None:
    table = mara(
        will=9,
        disadvantages=[{"name": "Phobia (dark)", "points": -10, "self_control": 15}],
    )
    table.do(SetClock("1925-10-31 22:00"))
    for step in script:
        play(table, step)
    replayed = refold(table.events)
    assert replayed == table.state
    assert RULESET.status(replayed) == RULESET.status(table.state)
    # and every ruling decides again identically from the state before it
    for index, (payload, _) in enumerate(table.events):
        command = RULESET.command_for(payload)
        if command is not None:
            dice = DiceBox.replaying(getattr(payload, "dice", {}))
            assert RULESET.decide(refold(table.events[:index]), command, dice) == [payload]
