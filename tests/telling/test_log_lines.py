"""The log's line of each core event (`journal log`, explain, recaps, the audit's findings),
word for word: the core's lines are found by the event's class, the others told by their
ruleset, and an event nobody tells reads as its type."""

from __future__ import annotations

import pytest

from journal.events.registry import DiceRoll, Event, to_data
from journal.events.terms import describe_terms
from journal.rules import load
from journal.rules.core.events import (
    Adjustment,
    CampaignCreated,
    ChainSealed,
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    ClockAdvanced,
    ClockSet,
    EventVoided,
    NoteTaken,
    NumbersAdjusted,
    RulingAmended,
    SessionEnded,
    SessionStarted,
)
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled
from journal.telling.lines import describe_payload

ROLL = InitiativeRolled(
    character="Linda",
    turn=2,
    dice={"initiative": DiceRoll((8, 6), "entered")},
    reaction=12,
    hf=5,
    soak=0,
    effective_hf=5,
    hardness=2,
    hardness_label="Hardness",
    action_penalty=3,
    total=11,
    terms=(("Reaction", 12), ("HF 5 - Hardness 2", -3), ("+d10", 8), ("-d10", -6)),
    can_act=True,
    defense_penalty=0,
)

CORE: list[tuple[Event, str]] = [
    (
        CampaignCreated("night", "horror-factor", "The Night", {"exceptional_margin": 5}),
        "Campaign 'The Night' (night) begins, ruleset horror-factor, options exceptional_margin=5",
    ),
    (
        CampaignCreated("calm", "horror-factor", "Calm", {}),
        "Campaign 'Calm' (calm) begins, ruleset horror-factor",
    ),
    (
        CharacterAdded("Linda", {"reaction": 12, "hardness": 2, "notes": None, "tags": []}),
        "Linda joins: hardness 2; reaction 12",
    ),
    (
        SessionStarted(2, "The cellar", "1925-10-31T22:00"),
        "Session 2 starts: The cellar (at 1925-10-31T22:00)",
    ),
    (SessionStarted(3, "Dawn"), "Session 3 starts: Dawn"),
    (SessionEnded(2), "Session 2 ends"),
    (ClockSet("1925-10-31T22:00"), "Clock set to 1925-10-31T22:00"),
    (
        ClockAdvanced("2h", "1925-11-01T00:00", "1925-10-31T22:00"),
        "Clock advances 2h to 1925-11-01T00:00",
    ),
    (NoteTaken("The lights go out."), "Note: The lights go out."),
    (NoteTaken("Sarge lies", True, ("Sarge", "Linda")), "GM note [Sarge, Linda]: Sarge lies"),
    (
        EventVoided(7, "wrong player", "InitiativeRolled"),
        "Voids #7 (initiative rolled): wrong player",
    ),
    (
        EventVoided(7, "wrong player", "InitiativeRolled", "Linda's initiative +8/-6"),
        "Voids #7 (Linda's initiative +8/-6): wrong player",
    ),
    (CharacterRenamed("Tobais", "Tobias"), "Tobais is renamed Tobias"),
    (CharacterRetired("Sarge", "moved to Boston"), "Sarge retires: moved to Boston"),
    (CharacterRetired("Sarge", ""), "Sarge retires"),
    (
        ChainSealed(12),
        "Hash chain sealed: events 1-12, hashed by an older journal, bound to this campaign",
    ),
    (
        NumbersAdjusted("Linda", (Adjustment("willpower", 8, 6),), "a bad night"),
        "GM's ruling for Linda: Willpower 8->6: a bad night",
    ),
]


@pytest.mark.parametrize(("payload", "line"), CORE, ids=[type(p).__name__ for p, _ in CORE])
def test_each_core_event_has_its_line(payload: Event, line: str) -> None:
    assert describe_payload(payload, load("horror-factor")) == line


def test_a_ruleset_event_is_told_by_its_ruleset() -> None:
    assert describe_payload(ROLL, load("horror-factor")) == (
        "Linda rolls initiative +8/-6: Reaction 12, HF 5 - Hardness 2 -3, +d10 +8, -d10 -6 = 11 "
        "(acts; penalty -3)"
    )


def test_a_re_rule_reads_as_the_ruling_it_stands_for() -> None:
    amended = RulingAmended(9, "InitiativeRolled", 1, _data(ROLL), "misread die")
    assert describe_payload(amended, load("horror-factor")) == (
        "Re-rules #9 (misread die): Linda rolls initiative +8/-6: Reaction 12, HF 5 - "
        "Hardness 2 -3, +d10 +8, -d10 -6 = 11 (acts; penalty -3)"
    )


def test_an_event_nobody_tells_reads_as_its_type() -> None:
    assert describe_payload(ROLL, None) == "InitiativeRolled"
    assert describe_payload(SessionEnded(1), None) == "Session 1 ends"


def _data(payload: Event) -> dict[str, object]:
    return dict(to_data(payload))


@pytest.mark.parametrize(
    ("terms", "total", "line"),
    [
        ((("Reaction", 10), ("HF 5 - Hardness 0", -5), ("+d10", 0), ("-d10", -2)), 3,
         "Reaction 10, HF 5 - Hardness 0 -5, +d10 +0, -d10 -2 = 3"),
        ((("Reaction", -1), ("soak", 2)), None, "Reaction -1, soak +2"),
        ((("base", 4), ("flag", True)), 5, "base 4, flag +1 = 5"),  # a bool signs as its int
        ((), 7, " = 7"),
        ((), None, ""),
    ],
)  # fmt: skip
def test_terms_read_the_first_unsigned_and_the_others_signed(
    terms: tuple[tuple[str, int], ...], total: int | None, line: str
) -> None:
    assert describe_terms(terms, total) == line
