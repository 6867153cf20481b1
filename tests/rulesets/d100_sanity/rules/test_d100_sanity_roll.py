"""The sanity roll, rule by rule (docs/d100-sanity.md, "The sanity roll" and "Insanity"):
each test shows its dice and the numbers they give.

Mara: SAN 55, INT 70. Eli: SAN 45, INT 65, Mythos 4 (maximum 95). Session 1, no clock."""

from __future__ import annotations

from typing import Any

import pytest
from support.d100 import rolled, table
from support.rules_harness import Table

from journal.errors import RuleError
from journal.rules.core.commands import (
    AddCharacter,
    AdvanceClock,
    EndSession,
    SetClock,
    StartSession,
)
from journal.rulesets.d100_sanity.rules.bout import RecordBout
from journal.rulesets.d100_sanity.rules.sanity import Sanity, SanityRolled
from journal.rulesets.d100_sanity.rules.scenario_end import EndScenario
from journal.rulesets.d100_sanity.rules.scenario_start import StartScenario


def roll(t: Table, who: str, stakes: str, **dice: Any) -> SanityRolled:
    """A sanity roll of `who` losing `stakes` (S/F), its dice entered (`sanity=57, loss=4`)."""
    found = rolled(t, Sanity(who, stakes), **dice)
    assert isinstance(found, SanityRolled)
    return found


# --- the d100 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "success", "fumble"),
    [(1, True, False), (55, True, False), (56, False, False), (95, False, False),
     (99, False, False), (100, False, True)],
)  # fmt: skip
def test_at_or_under_san_succeeds_and_100_always_fumbles(
    coc: Table, face: int, success: bool, fumble: bool
) -> None:
    """SAN 55: 55 succeeds, 56 fails; at SAN 50 or more only 100 fumbles."""
    loss = {} if success or fumble else {"loss": 3}  # a success loses 1, a fumble 6: no dice
    p = roll(coc, "Mara", "1/1d6", sanity=face, **loss)
    assert (p.success, p.fumble, p.san, p.roll) == (success, fumble, 55, face)
    assert p.total == (1 if success else 6 if fumble else 3)


@pytest.mark.parametrize(("face", "fumble"), [(95, False), (96, True), (99, True), (100, True)])
def test_below_san_50_96_to_100_fumble(coc: Table, face: int, fumble: bool) -> None:
    """Eli at SAN 45: 96-100 fumble, 95 is a plain failure."""
    p = roll(coc, "Eli", "1/1d6", sanity=face, **({} if fumble else {"loss": 2}))
    assert p.fumble is fumble and p.success is False
    assert p.total == (6 if fumble else 2)


@pytest.mark.parametrize(("san", "fumble"), [(50, False), (49, True)])
def test_the_fumbles_edge_is_san_50(san: int, fumble: bool) -> None:
    """"Below 50": at SAN 50 a 97 is a plain failure, at 49 a fumble."""
    t = table()
    t.do(AddCharacter("Ada", {"pow": san, "int": 60}))
    p = roll(t, "Ada", "1/1d6", sanity=97, **({} if fumble else {"loss": 2}))
    assert (p.san, p.fumble, p.total) == (san, fumble, 6 if fumble else 2)


def test_a_success_loses_s_a_failure_f_a_fumble_f_at_its_most(coc: Table) -> None:
    """0/1d6: 30 succeeds, loses 0 (no dice); 70 fails, 1d6 shows 4; 100 fumbles: 6."""
    first = roll(coc, "Mara", "1/1d4+1", sanity=30)
    assert (first.terms, first.total, first.san_after) == ((("fixed", 1),), 1, 54)
    failed = roll(coc, "Mara", "1/1d4+1", sanity=70, loss=(3,))
    assert (failed.terms, failed.total, failed.san_after) == ((("1d4", 3), ("+1", 1)), 4, 50)
    fumble = roll(coc, "Eli", "1/1d4+1", sanity=100)
    assert (fumble.terms, fumble.total) == ((("1d4+1 at its most", 5),), 5)
    assert "loss" not in fumble.dice  # no loss dice on a fumble
    assert fumble.rolled == "1d4+1 at its most"


def test_san_never_below_0(coc: Table) -> None:
    """Eli, SAN 45, fumbles a 1d10/1d100: 100 at its most, 45 lost, SAN 0: permanently
    insane, no more rolls."""
    p = roll(coc, "Eli", "1d10/1d100", sanity=100)
    assert p.terms == (("1d100 at its most", 100), ("SAN stops at 0", -55))
    assert (p.total, p.san_after, p.permanent, p.began, p.bout) == (45, 0, True, None, False)
    with pytest.raises(RuleError, match=r"permanently insane .*retire"):
        coc.do(Sanity("Eli", "0/1"), dice={"sanity": (1,)})
    with pytest.raises(RuleError, match="permanently insane"):
        coc.do(RecordBout("Eli", what="screams"), dice={"length": (2,)})


# --- a threat's cap ---------------------------------------------------------------------------


def test_a_threat_caps_its_loss_within_the_scenario(coc: Table) -> None:
    """The ghoul (1/1d6): 5 lost, then 4 more would pass its 6: 1 lost; then nothing. A new
    scenario starts the count again; another threat is another count."""
    coc.do(StartScenario("The house"))
    first = rolled(coc, Sanity("Mara", "1/1d6", threat="ghoul"), sanity=90, loss=5)
    assert (first.cap, first.threat_lost, first.tally, first.total) == (6, 0, 5, 5)
    second = rolled(coc, Sanity("Mara", "1/1d6", threat="ghoul"), sanity=90, loss=4)
    assert second.terms == (("1d6", 4), ("cap for ghoul: 6 a scenario, 5 lost already", -3))
    assert (second.total, second.tally) == (1, 6)
    third = rolled(coc, Sanity("Mara", "1/1d6", threat="ghoul"), sanity=10)
    assert (third.total, third.terms[-1][1]) == (0, -1)
    other = rolled(coc, Sanity("Mara", "1/1d6", threat="rat"), sanity=90, loss=2)
    assert other.total == 2
    coc.do(EndScenario())
    coc.do(StartScenario("The next"))
    again = rolled(coc, Sanity("Mara", "1/1d6", threat="ghoul"), sanity=90, loss=4)
    assert (again.total, again.threat_lost) == (4, 0)


def test_the_cap_is_the_largest_loss_given_for_the_threat(coc: Table) -> None:
    """1/1d4 (cap 4) then 1/1d10 for the same threat: the cap grows to 10."""
    rolled(coc, Sanity("Mara", "1/1d4", threat="x"), sanity=90, loss=4)
    p = rolled(coc, Sanity("Mara", "1/1d10", threat="x"), sanity=90, loss=(5,))
    assert (p.cap, p.total) == (10, 5)


def test_without_a_scenario_the_session_is_the_scope(coc: Table) -> None:
    rolled(coc, Sanity("Mara", "0/1d2", threat="x"), sanity=90, loss=2)
    coc.do(EndSession())
    coc.do(StartSession("Two"))
    p = rolled(coc, Sanity("Mara", "0/1d2", threat="x"), sanity=90, loss=2)
    assert (p.scope, p.threat_lost, p.total) == ("session 2", 0, 2)


def test_the_cap_is_a_campaign_option() -> None:
    t = table(threat_cap="no")
    t.do(AddCharacter("Mara", {"pow": 55, "int": 70}))
    rolled(t, Sanity("Mara", "0/1d2", threat="x"), sanity=90, loss=2)
    p = rolled(t, Sanity("Mara", "0/1d2", threat="x"), sanity=90, loss=2)
    assert (p.cap, p.total) == (None, 2)


# --- temporary insanity -----------------------------------------------------------------------


def test_five_lost_calls_for_an_int_roll_made_temporary_insanity(coc: Table) -> None:
    """5 lost: INT roll 70 vs 70 made: temporarily insane for 1d10 (3) hours, a bout owed;
    with no clock it lasts the session."""
    p = roll(coc, "Mara", "1/1d6", sanity=80, loss=5, int=70, hours=3)
    assert (p.int_roll, p.int_target, p.understood) == (70, 70, True)
    assert p.began is not None and (p.began.kind, p.began.length, p.began.unit) == (
        "temporary",
        3,
        "hours",
    )
    assert p.began.by_session and p.bout
    mara = coc.rules.characters["Mara"]
    assert [d.what for d in mara.due] == ["bout"]
    assert mara.insane(None, 1) and not mara.insane(None, None)


def test_an_int_roll_failed_represses_it(coc: Table) -> None:
    p = roll(coc, "Mara", "1/1d6", sanity=80, loss=6, int=71)
    assert (p.understood, p.began, p.bout) == (False, None, False)
    assert "hours" not in p.dice


def test_four_lost_is_no_temporary_insanity(coc: Table) -> None:
    p = roll(coc, "Mara", "1/1d6", sanity=80, loss=4)
    assert (p.int_roll, p.began) == (None, None)


def test_on_the_clock_a_temporary_insanity_ends_at_its_hours(coc: Table) -> None:
    coc.do(SetClock("1925-10-31T21:00"))
    p = roll(coc, "Mara", "1/1d6", sanity=80, loss=6, int=10, hours=2)
    assert p.began is not None and p.began.ends == "1925-10-31T23:00"
    assert coc.rules.characters["Mara"].insane("1925-10-31T22:59", 1)
    coc.do(AdvanceClock("2h"))
    assert not coc.rules.characters["Mara"].insane(coc.state.clock, 1)
    assert coc.rules.characters["Mara"].owing(coc.state.clock, 1) == ()  # the bout is moot
    with pytest.raises(RuleError, match="not insane"):
        coc.do(RecordBout("Mara", what="screams"), dice={"length": (2,)})


# --- indefinite insanity ----------------------------------------------------------------------


def test_a_fifth_of_the_days_san_makes_an_indefinite_insanity(coc: Table) -> None:
    """Mara at 55 (a fifth: 11): 8 then 3 lost the same day: 11, indefinitely insane for 1d6
    (4) months; with no clock, until treated."""
    roll(coc, "Mara", "1/1d10", sanity=90, loss=8, int=90)
    p = roll(coc, "Mara", "1/1d10", sanity=90, loss=3, months=4)
    assert (p.day_san, p.day_lost) == (55, 11)
    assert p.began is not None and (p.began.kind, p.began.length, p.began.ends) == (
        "indefinite",
        4,
        None,
    )
    assert p.bout and not p.began.by_session
    assert coc.rules.characters["Mara"].insane(None, None)  # until treated


def test_the_fifth_rounds_down_and_the_day_turns_at_midnight(coc: Table) -> None:
    """Eli at 45: a fifth is 9. 8 lost on the 31st, 1 more after midnight: a new day (SAN 37,
    a fifth 7), no indefinite insanity."""
    coc.do(SetClock("1925-10-31T23:00"))
    roll(coc, "Eli", "1/1d10", sanity=90, loss=8, int=90)
    coc.do(AdvanceClock("2h"))
    p = roll(coc, "Eli", "1/1d10", sanity=90, loss=1)
    assert (p.day, p.day_san, p.day_lost, p.began) == ("1925-11-01", 37, 1, None)


def test_without_a_clock_the_session_is_the_day(coc: Table) -> None:
    roll(coc, "Eli", "1/1d10", sanity=90, loss=8, int=90)
    coc.do(EndSession())
    coc.do(StartSession("Two"))
    p = roll(coc, "Eli", "1/1d10", sanity=90, loss=1)
    assert (p.day, p.day_lost, p.began) == ("session 2", 1, None)


def test_indefinite_comes_in_place_of_a_temporary_and_once(coc: Table) -> None:
    """Eli loses 9 at once (a fifth of 45, and 5 or more): indefinite, no INT roll; more
    loss that day brings a bout (underlying), not a second indefinite insanity."""
    p = roll(coc, "Eli", "1/1d10", sanity=90, loss=9, months=2)
    assert p.began is not None and p.began.kind == "indefinite"
    assert p.int_roll is None and "int" not in p.dice
    again = roll(coc, "Eli", "1/1d10", sanity=90, loss=2)
    assert (again.began, again.underlying, again.bout) == (None, True, True)


def test_the_fifth_is_a_campaign_option() -> None:
    t = table(indefinite="no")
    t.do(AddCharacter("Mara", {"pow": 55, "int": 70}))
    p = roll(t, "Mara", "1/1d20", sanity=90, loss=(12,), int=99)
    assert p.began is None and not p.indefinite


# --- underlying insanity and bouts --------------------------------------------------------------


def test_any_loss_while_insane_brings_a_new_bout(coc: Table) -> None:
    roll(coc, "Mara", "1/1d6", sanity=80, loss=5, int=10, hours=3)
    coc.do(RecordBout("Mara", what="runs"), dice={"length": (4,)})
    assert coc.rules.characters["Mara"].due == ()
    p = roll(coc, "Mara", "1/1d6", sanity=10)
    assert (p.total, p.underlying, p.bout, p.int_roll) == (1, True, True, None)
    nothing = roll(coc, "Mara", "0/1d6", sanity=10)
    assert (nothing.total, nothing.bout) == (0, False)


def test_the_sheet_keeps_what_holds(coc: Table) -> None:
    """An insanity over on the clock, and the bout it still owed, leave the sheet at the next
    roll: a long campaign's sheet does not grow with every night's madness."""
    coc.do(SetClock("1925-10-31T21:00"))
    roll(coc, "Mara", "1/1d6", sanity=80, loss=6, int=10, hours=1)
    mara = coc.rules.characters["Mara"]
    assert len(mara.insanities) == 1 and [d.what for d in mara.due] == ["bout"]
    coc.do(AdvanceClock("2h"))
    roll(coc, "Mara", "0/1d2", sanity=10)
    mara = coc.rules.characters["Mara"]
    assert (mara.insanities, mara.due) == ((), ())
