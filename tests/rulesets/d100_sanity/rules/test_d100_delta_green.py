"""The Delta Green preset, rule by rule (docs/d100-sanity.md, "The Delta Green preset").

Reyes: POW 11, SAN 55 (POW x 5), breaking point 44, bonds Ana 11 and Tomas 9."""

from __future__ import annotations

from typing import Any

import pytest
from support.d100 import rolled, table
from support.rules_harness import Table

from journal.errors import RuleError
from journal.rules.core.commands import AddCharacter, EndSession, StartSession
from journal.rulesets.d100_sanity.rules.adapt import AdaptationCosted, RecordCost
from journal.rulesets.d100_sanity.rules.disorder import DisorderGained, GainDisorder
from journal.rulesets.d100_sanity.rules.react import ChooseReaction, ReactionChosen
from journal.rulesets.d100_sanity.rules.sanity import Sanity, SanityRolled


def roll(t: Table, kind: str, stakes: str = "1/1d8", **dice: Any) -> SanityRolled:
    found = rolled(t, Sanity("Reyes", stakes, kind=kind), **dice)
    assert isinstance(found, SanityRolled)
    return found


def test_the_sheet(dg: Table) -> None:
    reyes = dg.rules.characters["Reyes"]
    assert (reyes.san, reyes.san_max, reyes.breaking_point) == (55, 99, 44)
    assert [(b.name, b.score) for b in reyes.bonds] == [("Ana", 11), ("Tomas", 9)]


def test_every_loss_names_its_kind(dg: Table) -> None:
    with pytest.raises(RuleError, match="names its kind: add --kind violence"):
        dg.do(Sanity("Reyes", "1/1d6"), dice={"sanity": (90,)})
    with pytest.raises(RuleError, match="a loss is of violence, helplessness, unnatural"):
        dg.do(Sanity("Reyes", "1/1d6", kind="fire"), dice={"sanity": (90,)})
    assert len(dg.events) == 3


def test_breaking_point_reached_gives_a_disorder_and_falls(dg: Table) -> None:
    """55 - 4 - 4 = 47, above 44; then 47 - 3 = 44: at the breaking point: a disorder owed,
    the point falls to 44 - 11 = 33."""
    for _ in range(2):
        first = roll(dg, "unnatural", sanity=90, loss=4)
        assert (first.broke, first.breaking_point_after) == (False, 44)
    p = roll(dg, "unnatural", sanity=90, loss=3)
    assert (p.san_after, p.broke, p.breaking_point, p.breaking_point_after) == (44, True, 44, 33)
    reyes = dg.rules.characters["Reyes"]
    assert reyes.breaking_point == 33 and [d.what for d in reyes.due] == ["disorder"]
    named = dg.do(GainDisorder("Reyes", "Counts the exits"))[0]
    assert isinstance(named, DisorderGained) and named.for_seq == dg.state.seq - 1
    assert dg.rules.characters["Reyes"].due == ()
    assert [d.name for d in dg.rules.characters["Reyes"].disorders] == ["Counts the exits"]


def test_no_disorder_without_a_breaking_point_or_an_insanity(dg: Table) -> None:
    with pytest.raises(RuleError, match="not insane and no breaking point waits"):
        dg.do(GainDisorder("Reyes", "Counts the exits"))


def test_adaptation_three_boxes_then_no_more_loss(dg: Table) -> None:
    """Three losses to violence check its three boxes (the third still costs SAN); the fourth
    costs nothing, a term of its own; the cost is asked for, then recorded."""
    boxes = [roll(dg, "violence", "0/1d4", sanity=90, loss=1).boxes for _ in range(3)]
    assert boxes == [1, 2, 3]
    reyes = dg.rules.characters["Reyes"]
    assert reyes.adapted == ("violence",) and reyes.san == 52
    assert [(d.what, d.kind) for d in reyes.due] == [("cost", "violence")]
    p = roll(dg, "violence", "0/1d4", sanity=90, loss=3)
    assert (p.terms, p.total, p.boxes, p.adapted) == (
        (("1d4", 3), ("adapted to violence", -3)),
        0,
        3,
        False,
    )
    costed = dg.do(RecordCost("Reyes", "CHA -3"))[0]
    assert isinstance(costed, AdaptationCosted) and costed.kind == "violence"
    assert dg.rules.characters["Reyes"].due == ()
    with pytest.raises(RuleError, match="no adaptation waiting for its cost"):
        dg.do(RecordCost("Reyes", "again"))


def test_a_loss_of_nothing_checks_no_box(dg: Table) -> None:
    p = roll(dg, "violence", "0/1d4", sanity=10)
    assert (p.total, p.boxes) == (0, 0)


def test_the_unnatural_never_adapts(dg: Table) -> None:
    for _ in range(4):
        p = roll(dg, "unnatural", "1/1d4", sanity=10)
        assert (p.total, p.boxes, p.adapted) == (1, None, False)
    reyes = dg.rules.characters["Reyes"]
    assert reyes.adapted == () and dict(reyes.boxes) == {}


def test_projecting_onto_a_bond(dg: Table) -> None:
    """6 lost, 1d4 3 projected onto Ana: 3 lost, Ana 11 -> 8; a loss of 2 with a 4 on the
    d4: 2 projected, nothing lost."""
    p = rolled(
        dg, Sanity("Reyes", "1/1d8", kind="violence", project="ana"), sanity=90, loss=6, project=3
    )
    assert p.terms == (("1d8", 6), ("projected onto Ana (1d4 3)", -3))
    assert (p.total, p.projected, p.bond_before, p.bond_after, p.project) == (3, 3, 11, 8, "Ana")
    small = rolled(
        dg, Sanity("Reyes", "1/1d8", kind="violence", project="Ana"), sanity=90, loss=2, project=4
    )
    assert (small.projected, small.total, small.bond_after) == (2, 0, 6)
    bonds = {b.name: b.score for b in dg.rules.characters["Reyes"].bonds}
    assert bonds == {"Ana": 6, "Tomas": 9}


def test_projection_is_no_more_than_the_bond(dg: Table) -> None:
    dg.do(AddCharacter("Park", {"pow": 13, "bonds": ["June=2"]}))
    p = rolled(
        dg, Sanity("Park", "1/1d8", kind="violence", project="June"), sanity=90, loss=7, project=4
    )
    assert (p.projected, p.total, p.bond_after) == (2, 5, 0)
    with pytest.raises(RuleError, match=r"broken .*nothing to project onto"):
        dg.do(Sanity("Park", "1/1d8", kind="violence", project="June"), dice={"sanity": (90,)})
    with pytest.raises(RuleError, match="no bond 'Mother'"):
        dg.do(Sanity("Park", "1/1d8", kind="violence", project="Mother"), dice={"sanity": (90,)})


def test_nothing_to_project_rolls_no_d4(dg: Table) -> None:
    p = rolled(dg, Sanity("Reyes", "0/1d8", kind="violence", project="Ana"), sanity=10)
    assert (p.total, p.projected, "project" in p.dice) == (0, 0, False)


def test_temporary_insanity_asks_flee_struggle_or_submit(dg: Table) -> None:
    """5 lost: temporarily insane, no INT roll, no bout: the player's choice is owed, until
    the session ends."""
    p = roll(dg, "helplessness", sanity=90, loss=5)
    assert (p.int_roll, p.bout, p.reaction_due) == (None, False, True)
    assert p.began is not None and p.began.by_session
    with pytest.raises(RuleError, match="flees, struggles or submits"):
        dg.do(ChooseReaction("Reyes", "hide"))
    chosen = dg.do(ChooseReaction("Reyes", "Flee"))[0]
    assert isinstance(chosen, ReactionChosen) and chosen.reaction == "flee"
    with pytest.raises(RuleError, match="no choice to make"):
        dg.do(ChooseReaction("Reyes", "submit"))
    again = roll(dg, "helplessness", sanity=90, loss=5)
    assert again.reaction_due and again.began is None  # insane already: the choice again
    dg.do(EndSession())
    dg.do(StartSession("Two"))
    assert not dg.rules.characters["Reyes"].insane(None, 2)
    with pytest.raises(RuleError, match="no choice to make"):
        dg.do(ChooseReaction("Reyes", "submit"))  # moot once the session is over


def test_said_in_the_same_breath(dg: Table) -> None:
    """`--reaction` and `--disorder` with the roll that calls for them: three events."""
    roll(dg, "unnatural", sanity=90, loss=6)
    events = dg.do(
        Sanity("Reyes", "1/1d10", kind="unnatural", reaction="submit", disorder="Fear of silos"),
        dice={"sanity": (90,), "loss": (7,)},
    )
    assert [e.type for e in events] == ["SanityRolled", "ReactionChosen", "DisorderGained"]
    assert dg.rules.characters["Reyes"].due == ()
    with pytest.raises(RuleError, match="no adaptation waiting"):
        dg.do(Sanity("Reyes", "0/1", kind="unnatural", cost="something"), dice={"sanity": (10,)})


def test_no_fifth_of_the_day_unless_the_option_says() -> None:
    t = table("delta-green")
    t.do(AddCharacter("Reyes", {"pow": 11}))
    p = rolled(t, Sanity("Reyes", "1/1d20", kind="unnatural"), sanity=90, loss=(12,))
    assert p.began is not None and p.began.kind == "temporary" and not p.indefinite
    t2 = table("delta-green", indefinite="yes")
    t2.do(AddCharacter("Reyes", {"pow": 11}))
    p2 = rolled(t2, Sanity("Reyes", "1/1d20", kind="unnatural"), sanity=90, loss=(12,), months=2)
    assert p2.began is not None and p2.began.kind == "indefinite" and p2.bout
