"""RULES.md Part 1, "Per-character HF track inside an encounter"."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.errors import JournalError, RuleError
from journal.rulesets.horror_factor.rules.drop import DropEnemy, EnemyDropped
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.shift import HorrorFactorShifted, Shift
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn, TurnAdvanced
from journal.rulesets.horror_factor.telling import TELLING

CAST = ("Freddie", "Ariella", "Linda")


def hfs(table: Table) -> dict[str, int]:
    encounter = table.rules.encounter
    assert encounter is not None
    return {n: p.hf for n, p in encounter.participants.items()}


def rolled(table: Table, name: str, plus: int, minus: int) -> None:
    table.do(RollInitiative(name), dice={"initiative": (plus, minus)})


def shifted(table: Table, command: Shift) -> HorrorFactorShifted:
    (event,) = table.do(command)
    assert isinstance(event, HorrorFactorShifted)
    return event


def test_acted_loses_one_froze_keeps(trio: Table) -> None:
    """ "a character who was able to act in turn k has HF - 1. A character who froze in
    turn k (see Initiative) keeps the same HF: they "face the full Horror Factor again"."""
    trio.do(StartEncounter("Zombies", "horde", CAST, outnumbered=True))
    rolled(trio, "Freddie", 5, 6)  # 2: acts
    rolled(trio, "Ariella", 1, 8)  # -4: froze
    rolled(trio, "Linda", 3, 5)  # 5: acts
    (event,) = trio.do(AdvanceTurn())
    assert isinstance(event, TurnAdvanced)
    assert event.turn == 2
    assert hfs(trio) == {"Freddie": 6, "Ariella": 7, "Linda": 6}
    reasons = {c.character: c.reason for c in event.changes}
    assert reasons == {"Freddie": "acted: -1", "Ariella": "froze: same", "Linda": "acted: -1"}


def test_total_zero_counts_as_froze(trio: Table) -> None:
    """ "Total <= 0: the character cannot act this turn (froze, "freaks out")."""
    trio.do(StartEncounter("Zombies", "horde", ("Freddie",), outnumbered=True))
    rolled(trio, "Freddie", 3, 6)  # 10 - 7 + 3 - 6 = 0
    trio.do(AdvanceTurn())
    assert hfs(trio) == {"Freddie": 7}


def test_no_initiative_counts_as_acted(trio: Table) -> None:
    """ "A turn with no initiative rolls counts as everyone able to act (the example's
    turn 3)."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    rolled(trio, "Ariella", 1, 10)  # froze
    (event,) = trio.do(AdvanceTurn())
    assert hfs(trio) == {"Freddie": 5, "Ariella": 6, "Linda": 5}
    assert isinstance(event, TurnAdvanced)
    assert event.changes[0].terms == (("HF", 6), ("no initiative, counts as acted", -1))


def test_ambush_expires_for_everyone(trio: Table) -> None:
    """ "On the turn after an ambush, the ambush +2 expires for everyone, frozen or not."""
    trio.do(StartEncounter("Ambush", "weak-creature", CAST, ambush=True))
    assert hfs(trio) == {"Freddie": 6, "Ariella": 6, "Linda": 6}
    rolled(trio, "Freddie", 1, 10)  # froze
    rolled(trio, "Linda", 5, 5)  # acts
    (event,) = trio.do(AdvanceTurn())
    assert hfs(trio) == {"Freddie": 4, "Ariella": 3, "Linda": 3}
    assert isinstance(event, TurnAdvanced)
    assert event.changes[0].reason == "froze: same; ambush expired: -2"
    trio.do(AdvanceTurn())
    assert hfs(trio) == {"Freddie": 3, "Ariella": 2, "Linda": 2}


@pytest.mark.parametrize(
    ("cause", "delta"),
    [
        ("shot-ignored", 1),
        ("near-miss-gunfire", 1),
        ("near-miss-explosion", 1),
        ("outgunned", 1),
        ("reinforcements", 1),
        ("killed-someone", 2),
        ("hurt", 2),
        ("grabbed", 2),
    ],
)
def test_catalog_causes(trio: Table, cause: str, delta: int) -> None:
    """ "Events during the turn change it at once, for the named character: +1
    `shot-ignored`, ..., `reinforcements`; +2 `killed-someone`, `hurt`, `grabbed`."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    event = shifted(trio, Shift("linda", cause.upper()))
    assert (event.character, event.cause, event.applied, event.catalog) == (
        "Linda",
        cause,
        delta,
        True,
    )
    assert hfs(trio) == {"Freddie": 4, "Ariella": 4, "Linda": 4 + delta}


def test_any_other_cause_needs_a_delta(trio: Table) -> None:
    """ "The GM may also give any other cause and delta." Refusal: an unknown cause without a
    delta."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    with pytest.raises(RuleError, match=r"not in the catalog .*give the HF change too"):
        trio.do(Shift("Linda", "sees her sister turn"))
    event = shifted(trio, Shift("Linda", "  sees her  sister turn ", 3))
    assert (event.cause, event.delta, event.applied, event.catalog) == (
        "sees her sister turn",
        3,
        3,
        False,
    )
    assert hfs(trio)["Linda"] == 7


def test_a_delta_of_zero_is_refused(trio: Table) -> None:
    """A shift that changes nothing is refused rather than recorded."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    with pytest.raises(RuleError, match="changes nothing"):
        trio.do(Shift("Linda", "a noise", 0))


@pytest.mark.parametrize(
    "command",
    [Shift("Linda", "weird", 99), Shift("Linda", "weird", -11), Shift("Linda", "hurt", 11),
     Shift(None, "inspired", 11)],
)  # fmt: skip
def test_a_shift_past_ten_is_refused(trio: Table, command: Shift) -> None:
    """A shift moves HF by -10 to 10 (the text's causes are 1 or 2): `99` is a typo."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    with pytest.raises(RuleError, match=rf"-10 to 10, not {command.delta}:"):
        trio.do(command)
    shifted(trio, Shift("Linda", "weird", 10))
    shifted(trio, Shift("Linda", "calm", -10))


def test_the_gm_may_override_a_catalog_delta(trio: Table) -> None:
    """ "The GM may also give any other cause and delta": a delta given wins, recorded."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    event = shifted(trio, Shift("Linda", "hurt", 3))
    assert (event.delta, event.applied, event.catalog) == (3, 3, True)
    assert "(GM's delta)" in TELLING.describe(event)


def test_shift_all(trio: Table) -> None:
    """`journal shift --all CAUSE`: the cause applies to every participant."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    event = shifted(trio, Shift(None, "reinforcements"))
    assert event.character is None
    assert hfs(trio) == {"Freddie": 5, "Ariella": 5, "Linda": 5}
    assert len(event.changes) == 3


def test_inspired_lowers_everyone(trio: Table) -> None:
    """ "`inspired`: every participant -1." Group events record every participant's
    change."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    shifted(trio, Shift("Ariella", "hurt"))
    event = shifted(trio, Shift(None, "inspired"))
    assert event.group
    assert hfs(trio) == {"Freddie": 3, "Ariella": 5, "Linda": 3}
    assert [(c.character, c.before, c.after) for c in event.changes] == [
        ("Freddie", 4, 3),
        ("Ariella", 6, 5),
        ("Linda", 4, 3),
    ]


def test_inspired_named_still_lowers_the_group(trio: Table) -> None:
    """ "`inspired`: every participant -1": naming the one who inspired changes the group."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    event = shifted(trio, Shift("Linda", "inspired"))
    assert event.character == "Linda"
    assert hfs(trio) == {"Freddie": 3, "Ariella": 3, "Linda": 3}


def test_first_enemy_dropped(trio: Table) -> None:
    """ "**First enemy dropped** in the encounter: every other participant -1 and the one who
    dropped it -2 (not -3 ...). Later drops change nothing automatically."""
    trio.do(StartEncounter("Zombies", "weak-creature", CAST))
    (first,) = trio.do(DropEnemy("Ariella"))
    assert isinstance(first, EnemyDropped)
    assert (first.number, len(first.changes)) == (1, 3)
    assert hfs(trio) == {"Freddie": 3, "Ariella": 2, "Linda": 3}
    (second,) = trio.do(DropEnemy("Linda"))
    assert isinstance(second, EnemyDropped)
    assert (second.number, second.changes) == (2, ())
    assert hfs(trio) == {"Freddie": 3, "Ariella": 2, "Linda": 3}
    assert "HF unchanged" in TELLING.describe(second)


def test_hf_never_below_zero(trio: Table) -> None:
    """ "HF never goes below 0."""
    trio.do(StartEncounter("Friendly", "fistfight", CAST))
    event = shifted(trio, Shift("Linda", "found a bazooka", -5))
    assert hfs(trio)["Linda"] == 0
    assert event.changes[0].terms == (("HF", 1), ("found a bazooka", -5), ("not below 0", 4))
    trio.do(DropEnemy("Linda"))
    trio.do(AdvanceTurn())
    assert hfs(trio) == {"Freddie": 0, "Ariella": 0, "Linda": 0}


@pytest.mark.parametrize(
    "command",
    [
        RollInitiative("Linda"),
        Shift("Linda", "hurt"),
        Shift(None, "inspired"),
        DropEnemy("Linda"),
        AdvanceTurn(),
    ],
)
def test_refused_outside_a_fight(trio: Table, command: object) -> None:
    """Refusals: initiative/soak/shift/drop outside a fight; `AdvanceTurn` with no fight."""
    with pytest.raises(RuleError, match=r"no encounter is running.*journal encounter start"):
        trio.do(command)


@pytest.mark.parametrize(
    "command",
    [RollInitiative("Ariella"), Shift("Ariella", "hurt"), DropEnemy("Ariella")],
)
def test_refused_for_someone_not_in_the_cast(trio: Table, command: object) -> None:
    """Refusals: initiative/soak/shift/drop for someone not in the cast."""
    trio.do(StartEncounter("Duel", "lethal-weapon", ("Linda", "Freddie")))
    with pytest.raises(RuleError, match="Ariella is not in the encounter 'Duel'"):
        trio.do(command)


def test_unknown_character_is_refused(trio: Table) -> None:
    """Names are checked against the campaign's cast."""
    trio.do(StartEncounter("Duel", "lethal-weapon", CAST))
    with pytest.raises(JournalError, match="no character named 'Bob'"):
        trio.do(Shift("Bob", "hurt"))
