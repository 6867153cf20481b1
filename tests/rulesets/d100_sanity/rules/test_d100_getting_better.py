"""Getting better, and the rulings that follow an insanity (docs/d100-sanity.md, "Getting
better", "Insanity"): awards, a scenario's end, therapy a month at a time, Mythos lowering
maximum SAN, bouts and disorders on the GM's words or tables, an insanity ended.

Mara: SAN 55, INT 70. Eli: SAN 45, Mythos 4 (maximum 95)."""

from __future__ import annotations

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
from journal.rulesets.d100_sanity.rules.award import AwardSan, SanAwarded
from journal.rulesets.d100_sanity.rules.bout import BoutRecorded, RecordBout
from journal.rulesets.d100_sanity.rules.disorder import DisorderGained, GainDisorder
from journal.rulesets.d100_sanity.rules.gm_tables import GMTable, read_table
from journal.rulesets.d100_sanity.rules.lucid import EndInsanity, InsanityEnded
from journal.rulesets.d100_sanity.rules.mythos import GainMythos, MythosGained
from journal.rulesets.d100_sanity.rules.sanity import Sanity
from journal.rulesets.d100_sanity.rules.scenario_end import EndScenario, ScenarioEnded
from journal.rulesets.d100_sanity.rules.scenario_start import StartScenario
from journal.rulesets.d100_sanity.rules.therapy import TherapyRecorded, TherapyRoll

BOUTS = "1: Runs\n2-3: Laughs\n# a comment\n\nFreezes\n"


def lose(t: Table, who: str, amount: int) -> None:
    """`who` fails a roll losing `amount` (an INT roll failed: no insanity)."""
    dice = {"sanity": (90,), "loss": (amount,)} | ({"int": (99,)} if amount >= 5 else {})
    t.do(Sanity(who, "1/1d20"), dice=dice)


def test_an_award_never_passes_maximum_san(coc: Table) -> None:
    lose(coc, "Mara", 3)
    p = rolled(coc, AwardSan("Mara", "1d6", None, "the cult broken"), award=5)
    assert isinstance(p, SanAwarded)
    assert (p.terms, p.total, p.san_after) == ((("1d6", 5),), 5, 57)
    coc.do(GainMythos("Mara", 44, "the book"))  # maximum 55, SAN 57 falls to it
    lose(coc, "Mara", 2)
    p = rolled(coc, AwardSan("Mara", "1d6", None, "rest"), award=6)
    assert p.terms == (("1d6", 6), ("maximum SAN 55", -4)) and p.san_after == 55


def test_a_skill_raised_to_90_awards_2d6(coc: Table) -> None:
    lose(coc, "Mara", 9)
    p = rolled(coc, AwardSan("Mara", "", "Library Use", ""), award=(3, 4))
    assert (p.amount, p.skill, p.reason, p.total) == (
        "2d6",
        "Library Use",
        "Library Use raised to 90",
        7,
    )
    with pytest.raises(RuleError, match="awards 2d6: leave out --san"):
        coc.do(AwardSan("Mara", "1d6", "Occult", ""))
    with pytest.raises(RuleError, match="say what is awarded"):
        coc.do(AwardSan("Mara", "", None, "why"))
    with pytest.raises(RuleError, match="say why"):
        coc.do(AwardSan("Mara", "3", None, " "))


def test_a_scenarios_end_awards_each_their_own(coc: Table) -> None:
    coc.do(StartScenario("The house"))
    lose(coc, "Mara", 4)
    lose(coc, "Eli", 2)
    p = coc.do(EndScenario("1d6"), dice={"award Mara": (3,), "award Eli": (6,)})[0]
    assert isinstance(p, ScenarioEnded)
    assert [(g.character, g.total, g.san_after) for g in p.awards] == [
        ("Mara", 3, 54),
        ("Eli", 6, 49),
    ]
    assert coc.rules.scenario is None
    with pytest.raises(RuleError, match="no scenario is running"):
        coc.do(EndScenario())
    coc.do(StartScenario("Next"))
    with pytest.raises(RuleError, match="still running"):
        coc.do(StartScenario("Another"))
    only = coc.do(EndScenario("2", ("eli",)))[0]
    assert isinstance(only, ScenarioEnded) and [g.character for g in only.awards] == ["Eli"]


def test_therapy_once_a_month_of_game_time(coc: Table) -> None:
    coc.do(SetClock("1926-01-04T10:00"))
    lose(coc, "Mara", 9)
    p = rolled(coc, TherapyRoll("Mara", 2, "therapy", "Dr. H"), therapy=(34, 2))
    assert isinstance(p, TherapyRecorded)
    assert (p.terms, p.san_after, p.next_at) == (
        (("therapy (entered)", 2),),
        48,
        "1926-02-04T10:00",
    )
    assert p.dice["therapy"].faces == (34, 2) and p.dice["therapy"].source == "entered"
    coc.do(AdvanceClock("30d"))
    with pytest.raises(RuleError, match="one a month of game time, the next from 1926-02-04 10:00"):
        coc.do(TherapyRoll("Mara", 1), dice={"therapy": (5,)})
    coc.do(AdvanceClock("1d"))
    worse = rolled(coc, TherapyRoll("Mara", -3, "self-help"), therapy=(88,))
    assert (worse.how, worse.total, worse.san_after) == ("self-help", -3, 45)
    with pytest.raises(RuleError, match="enter the dice"):
        coc.do(TherapyRoll("Eli", 1))


def test_without_a_clock_therapy_once_a_session(coc: Table) -> None:
    rolled(coc, TherapyRoll("Mara", 0), therapy=(50,))
    with pytest.raises(RuleError, match="one a session while no clock is set"):
        coc.do(TherapyRoll("Mara", 1), dice={"therapy": (5,)})
    coc.do(EndSession())
    coc.do(StartSession("Two"))
    assert rolled(coc, TherapyRoll("Mara", 1), therapy=(5,)).san_after == 56
    with pytest.raises(RuleError, match="-20 to \\+20"):
        coc.do(TherapyRoll("Eli", 21), dice={"therapy": (5,)})


def test_mythos_lowers_maximum_san_at_once(coc: Table) -> None:
    """Eli: Mythos 4 -> 54, maximum 95 -> 45: SAN 45 stays; Mara: Mythos 0 -> 50, maximum 49:
    SAN 55 falls to 49."""
    p = coc.do(GainMythos("Mara", 50, "the Necronomicon"))[0]
    assert isinstance(p, MythosGained)
    assert (p.mythos_after, p.san_max_after, p.san_after, p.total) == (50, 49, 49, 6)
    assert p.terms == (("maximum SAN now 49 (99 - Mythos 50)", -6),)
    q = coc.do(GainMythos("Eli", 50, "the same"))[0]
    assert isinstance(q, MythosGained) and (q.san_max_after, q.san_after, q.total) == (45, 45, 0)
    with pytest.raises(RuleError, match="would pass 99"):
        coc.do(GainMythos("Eli", 46, "too much"))
    with pytest.raises(RuleError, match="1 or more"):
        coc.do(GainMythos("Eli", 0, "none"))


def test_unnatural_reaching_the_breaking_point() -> None:
    t = table("delta-green")
    t.do(AddCharacter("Reyes", {"pow": 11}))  # SAN 55, breaking point 44
    p = t.do(GainMythos("Reyes", 60, "the silo"))[0]
    assert isinstance(p, MythosGained)
    assert (p.skill, p.san_after, p.broke, p.breaking_point_after) == ("Unnatural", 39, True, 28)
    assert [d.what for d in t.rules.characters["Reyes"].due] == ["disorder"]


def test_a_bout_on_the_gms_words_or_table(coc: Table) -> None:
    with pytest.raises(RuleError, match="not insane: a bout"):
        coc.do(RecordBout("Mara", what="runs"), dice={"length": (2,)})
    coc.do(
        Sanity("Mara", "1/1d6"), dice={"sanity": (90,), "loss": (6,), "int": (1,), "hours": (2,)}
    )
    with pytest.raises(RuleError, match="one of them"):
        coc.do(RecordBout("Mara", what="runs", table="bouts", table_text=BOUTS))
    with pytest.raises(RuleError, match="one of them"):
        coc.do(RecordBout("Mara"))
    b = coc.do(RecordBout("Mara", True, "", "bouts", BOUTS), dice={"length": (7,), "entry": (3,)})[
        0
    ]
    assert isinstance(b, BoutRecorded)
    assert (b.mode, b.length, b.unit, b.what, b.roll, b.table) == (
        "summary",
        7,
        "hours",
        "Laughs",
        3,
        "bouts",
    )
    assert [e.text for e in b.entries] == ["Runs", "Laughs", "Freezes"]
    assert b.for_seq is not None and coc.rules.characters["Mara"].due == ()


def test_a_disorder_while_insane_from_a_table(coc: Table) -> None:
    coc.do(
        Sanity("Mara", "1/1d6"), dice={"sanity": (90,), "loss": (6,), "int": (1,), "hours": (2,)}
    )
    d = coc.do(
        GainDisorder("Mara", "", "phobia", "phobias", "1: Water\n2: Dark\n"), dice={"entry": (2,)}
    )[0]
    assert isinstance(d, DisorderGained) and (d.name, d.kind, d.roll, d.for_seq) == (
        "Dark",
        "phobia",
        2,
        None,
    )
    with pytest.raises(RuleError, match="already has the disorder 'Dark'"):
        coc.do(GainDisorder("Mara", "dark"))
    with pytest.raises(RuleError, match="a disorder is a phobia, mania, other"):
        coc.do(GainDisorder("Mara", "Hoarding", "habit"))


def test_lucid_ends_the_insanity_and_what_it_owed(coc: Table) -> None:
    with pytest.raises(RuleError, match="not insane now"):
        coc.do(EndInsanity("Mara", "treated"))
    coc.do(Sanity("Mara", "1/1d20"), dice={"sanity": (90,), "loss": (11,), "months": (3,)})
    assert [d.what for d in coc.rules.characters["Mara"].due] == ["bout"]
    with pytest.raises(RuleError, match="say why"):
        coc.do(EndInsanity("Mara", ""))
    e = coc.do(EndInsanity("Mara", "Arkham Sanitarium"))[0]
    assert isinstance(e, InsanityEnded) and e.kinds == ("indefinite",)
    mara = coc.rules.characters["Mara"]
    assert mara.insane(None, 1) == () and mara.due == ()


def test_a_table_reads_as_a_gm_writes_it() -> None:
    read = read_table("bouts", BOUTS)
    assert [(e.low, e.high, e.text) for e in read.entries] == [
        (1, 1, "Runs"),
        (2, 3, "Laughs"),
        (4, 4, "Freezes"),
    ]
    assert read.die == 4 and read.entry(3).text == "Laughs"
    assert read_table("bouts", read.text()) == read
    assert read_table("x", "1. one\n2) two\n3 : three").die == 3
    assert isinstance(read, GMTable)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "has no entries"),
        ("# only a comment\n", "has no entries"),
        ("2: two", "line 1: entries must run 1, 2, 3"),
        ("1: one\n1: again", "line 2: entries must run"),
        ("1-3: one\n3: two", "line 2: entries must run"),
        ("1: one\n3: three", "line 2: entries must run"),
        ("1:", "the entry 1 has no text"),
        ("1-1001: far", "too long"),
    ],
)
def test_a_table_that_does_not_fit_is_refused(text: str, match: str) -> None:
    with pytest.raises(RuleError, match=match):
        read_table("bouts", text)
