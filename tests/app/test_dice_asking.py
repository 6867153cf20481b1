"""Dice asked for as the ruling needs them: the DiceBox asks only for what was not
entered, the answers are recorded as entered, a blank answer rolls, and a retry after a
lost race decides again on the fresh state without asking twice."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from journal.api.journal import Journal
from journal.app import Campaign
from journal.dice import ENTERED, ROLLED, DiceBox, DiceRequest, Stake, read_faces
from journal.errors import JournalError, RuleError
from journal.rules.core.commands import AddCharacter, TakeNote
from journal.store import Store

SHEET = {"reaction": 12, "willpower": 10, "hardness": 2, "training": "some"}


def test_the_box_asks_only_for_what_was_not_entered() -> None:
    import random

    asked: list[tuple[str, int, int, Stake | None]] = []

    def ask(purpose: str, count: int, sides: int, stake: Stake | None) -> Sequence[int] | None:
        asked.append((purpose, count, sides, stake))
        return (4, 4, 4) if purpose == "table" else None

    box = DiceBox({"will": (6, 6, 5)}, random.Random(1), ask=ask)
    assert box.roll("will", 3, 6, Stake(target=8)).faces == (6, 6, 5)
    assert box.roll("table", 3, 6, Stake(bonus=9)).faces == (4, 4, 4)
    stun = box.roll("stun", 1, 6)
    # what rides on a roll reaches whoever is asked for it
    assert asked == [("table", 3, 6, Stake(bonus=9)), ("stun", 1, 6, None)]
    assert {p: r.source for p, r in box.rolled().items()} == {
        "will": ENTERED,
        "table": ENTERED,  # answered when asked: as good as --table-dice
        "stun": ROLLED,  # a blank answer: the journal rolled it
    }
    assert box.rolled_anew() == [box._rolls["stun"]] and stun.source == ROLLED
    with pytest.raises(RuleError, match="a d6 shows 1 to 6, not 7"):
        DiceBox(ask=lambda *_: (7,)).roll("stun", 1, 6)


@pytest.mark.parametrize(
    ("typed", "count", "sides", "faces"),
    [
        ("+5/-6", 2, 10, (5, 6)),
        ("5 6", 2, 10, (5, 6)),
        ("3,4,5", 3, 6, (3, 4, 5)),
        ("  ", 3, 6, None),
    ],
)
def test_what_the_gm_types_when_asked(
    typed: str, count: int, sides: int, faces: tuple[int, ...] | None
) -> None:
    assert read_faces(typed, count, sides) == faces


@pytest.mark.parametrize(
    ("typed", "error"),
    [("5", "needs 2 dice of 1-10, got 1"), ("+5/-11", "not 11"), ("five", "are not dice")],
)
def test_what_does_not_fit_is_refused(typed: str, error: str) -> None:
    with pytest.raises(RuleError, match=error):
        read_faces(typed, 2, 10)


def _fight(journal: Campaign) -> None:
    from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter

    journal.execute(AddCharacter("Linda", SHEET))
    journal.execute(StartEncounter("The horde", "horde", ("Linda",), outnumbered=True))


def test_a_lost_race_decides_again_on_the_fresh_state_without_asking_twice(
    journal: Campaign, db_url: str
) -> None:
    """The GM is asked for Linda's initiative; meanwhile another writer records a shift
    (HF 7 -> 9). The append loses the race, the ruling is decided again on the fresh state,
    with the faces already given."""
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative
    from journal.rulesets.horror_factor.rules.shift import Shift

    _fight(journal)
    asked: list[DiceRequest] = []

    def ask(request: DiceRequest) -> Sequence[int]:
        asked.append(request)
        if len(asked) == 1:
            with Store.open(db_url) as other:
                Campaign(other, "night").execute(Shift("Linda", "grabbed"))
        return (3, 5)

    night = Journal(journal.store, "night")  # the API words what the service asks for
    outcome = night.run(RollInitiative("Linda"), ask=ask)
    # Reaction 12, HF 7 - Hardness 2: penalty 5, so the pair must come to 1 - 7 = -6
    assert [r.label for r in asked] == ["Linda's initiative: +d10 -d10, acts at -6 or better"]
    (rolled,) = outcome.records
    assert rolled.seq == 5  # after the other writer's shift (#4)
    assert rolled.data["hf"] == 9 and rolled.data["total"] == 12 - 7 + 3 - 5
    assert rolled.data["dice"] == {"initiative": {"faces": [3, 5], "source": "entered"}}


def test_a_refused_command_asks_nothing(journal: Campaign) -> None:
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative

    _fight(journal)
    asked: list[DiceRequest] = []
    with pytest.raises(JournalError):
        journal.execute(RollInitiative("Nobody"), ask=lambda r: asked.append(r) or None)
    journal.execute(TakeNote("no dice here"), ask=lambda r: asked.append(r) or None)
    assert asked == []


def test_a_fright_check_asks_in_the_order_the_ruling_needs(tmp_path: object) -> None:
    import journal
    from journal.rulesets.fright_check.rules.fright import FrightCheck

    answers = {"will": (6, 6, 5), "table": (3, 4, 4), "faint": (1, 2, 3, 4), "fp": (2,)}
    asked: list[str] = []

    def ask(request: DiceRequest) -> Sequence[int]:
        asked.append(request.label)
        return answers[request.purpose]

    sheet = {"will": 10, "ht": 10, "iq": 12}
    with journal.create(f"{tmp_path}/fc.db", "morgue", ruleset="fright-check") as morgue:
        morgue.run(AddCharacter("Eli", sheet))
        morgue.run(FrightCheck("eli", "corpse-3", body="violent", mutilation=2), ask=ask)
        assert asked == [
            "Eli's Fright Check: 3d6, needs 8 or less",  # Will 10, mutilation -2
            "Eli failed by 9: the table's 3d6 (+9)",  # 6+6+5 = 17 against 8
            "Eli's faint: 4d6",
            "Eli's FP lost: 1d6",
        ]
        asked.clear()
        morgue.run(FrightCheck("Eli", "corpse-4", body="peaceful"), ask=lambda r: (3, 3, 4))
        assert asked == []  # (the lambda answered) and a success needs no table roll
        assert [r.seq for r in morgue.recorded] == [2, 3, 4]


def test_every_prompt_names_whose_roll_it_is_and_what_it_must_beat(tmp_path: object) -> None:
    """Issue 22: "Eli's Fright Check: 3d6, needs 8 or less", "Eli failed by 7: the table's
    3d6 (+7)", "Eli's recovery from stun: 3d6, needs 10 or less"."""
    import journal
    from journal.rulesets.fright_check.rules.fright import FrightCheck
    from journal.rulesets.fright_check.rules.recover import Recover

    # Will 10, a mutilated victim (-2): 8. 3,3,3 = 9 fails by 1; the table 2,2,2 + 1 = 7:
    # stunned, snapping out of it on unmodified Will (10)
    answers = {"will": (3, 3, 3), "table": (2, 2, 2), "recovery": (6, 6, 6)}
    asked: list[str] = []

    def ask(request: DiceRequest) -> Sequence[int]:
        asked.append(request.label)
        return answers[request.purpose]

    with journal.create(f"{tmp_path}/fc.db", "morgue", ruleset="fright-check") as morgue:
        morgue.run(AddCharacter("Eli", {"will": 10, "ht": 10, "iq": 12}))
        morgue.run(FrightCheck("Eli", "corpse-3", body="violent", mutilation=2), ask=ask)
        morgue.run(Recover("Eli"), ask=ask)
    assert asked == [
        "Eli's Fright Check: 3d6, needs 8 or less",
        "Eli failed by 1: the table's 3d6 (+1)",
        "Eli's recovery from stun: 3d6, needs 10 or less",
    ]
