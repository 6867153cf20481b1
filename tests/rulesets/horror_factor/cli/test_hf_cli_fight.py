"""The fight through the CLI (RULES.md Part 1): dice sources, the encounter's HF and its
modifiers, specializations, shifts, drops, and the `status` table a GM reads mid-fight.

The table: Freddie (R10 W10 H0, no training), Linda (R12 W10 H2, some training,
supernatural 4), Mara (R10 W10 H1, some training).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from support.cli import clean_folder, clone, typist

if TYPE_CHECKING:
    from support.cli import Cli

PARTY = {
    "Freddie": "--reaction 10 --willpower 10 --hardness 0 --training none",
    "Linda": "--reaction 12 --willpower 10 --hardness 2 --training some --spec supernatural=4",
    "Mara": "--reaction 10 --willpower 10 --hardness 1 --training some",
}


def seat(run: Callable[..., object]) -> None:
    run("campaign", "new", "night", "--ruleset", "horror-factor")
    for name, sheet in PARTY.items():
        run("character", "add", name, *sheet.split())


@pytest.fixture(scope="module")
def seated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The party, seated once through the CLI; each test copies the file."""
    folder = tmp_path_factory.mktemp("hf-fight")
    with clean_folder(folder):
        seat(typist(folder / "seated.db"))
    return folder / "seated.db"


@pytest.fixture
def table(runner: Cli, seated: Path) -> Cli:
    clone(seated, runner.db)
    return runner


def hfs(runner: Cli) -> dict[str, int]:
    characters = runner.json("status")["characters"]  # type: ignore[index]
    return {n: c["encounter"]["hf"] for n, c in characters.items() if c["encounter"]}


def last_event(runner: Cli) -> dict[str, Any]:
    return runner.json("log")[-1]  # type: ignore[index,no-any-return]


# --- dice ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "purpose"),
    [(("initiative", "Freddie"), "initiative"), (("check", "Mara", "--hf", "4"), "check")],
)
def test_dice_left_out_are_rolled_and_recorded(
    table: Cli, command: tuple[str, ...], purpose: str
) -> None:
    """README.md, "Dice": "leave it out and the journal ... rolls. Either way every face and its
    source (entered, rolled, seeded) is recorded." The total still follows from its terms."""
    table("encounter", "start", "Alley", "--hf", "4", "--cast", "Freddie")
    document = table.json(*command)
    assert isinstance(document, dict)
    dice = document["dice"][purpose]
    assert dice["source"] == "rolled"
    assert len(dice["faces"]) == 2 and all(1 <= face <= 10 for face in dice["faces"])
    plus, minus = dice["faces"]
    assert document["terms"][-2:] == [["+d10", plus], ["-d10", -minus]]
    assert sum(value for _, value in document["terms"]) == document["total"]
    assert last_event(table)["data"]["dice"][purpose] == dice


def test_entered_dice_are_recorded_as_entered(table: Cli) -> None:
    table("encounter", "start", "Alley", "--hf", "4", "--cast", "Freddie")
    table("initiative", "Freddie", "--dice", "+5/-6")
    assert last_event(table)["data"]["dice"] == {
        "initiative": {"faces": [5, 6], "source": "entered"}
    }


SEEDED_FIGHT = [
    ("encounter", "start", "Alley", "--hf", "horde", "--cast", "Freddie,Linda,Mara"),
    ("initiative", "Freddie"),
    ("initiative", "Linda"),
    ("turn",),
    ("initiative", "Mara"),
    ("encounter", "end"),
    ("check", "Freddie"),
]


def test_a_seed_makes_rolling_reproducible(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README.md, "Dice": "`JOURNAL_DICE_SEED=42` makes rolling reproducible for demos and
    tests", and the event says so: two databases, the same seed and commands, the same faces."""
    monkeypatch.setenv("JOURNAL_DICE_SEED", "1031")
    rolled = []
    for db in ("one.db", "two.db"):
        table = dataclasses.replace(runner, db=str(tmp_path / db))
        seat(table)
        for command in SEEDED_FIGHT:
            table(*command)
        log = table.json("log")
        assert isinstance(log, list)
        rolled.append([(e["seq"], e["data"]["dice"]) for e in log if "dice" in e["data"]])
    assert rolled[0] == rolled[1]
    assert len(rolled[0]) == 4
    assert all(r["source"] == "seeded" for _, dice in rolled[0] for r in dice.values())
    assert len({tuple(r["faces"]) for _, dice in rolled[0] for r in dice.values()}) > 1


# --- the encounter's HF -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flags", "hf"),
    [
        (("--hf", "horde"), 6),
        (("--hf", "play-fight"), 0),
        (("--hf", "Very Powerful Creature"), 6),
        (("--hf", "3"), 3),
        (("--hf", "3", "--creepy"), 4),
        (("--hf", "3", "--very-creepy"), 5),
        (("--hf", "horde", "--outnumbered"), 7),  # "the example's horde while outnumbered is 7"
        (("--hf", "horde", "--outnumbered", "--very-creepy", "--ambush"), 11),
    ],
)
def test_the_encounter_hf_and_its_modifiers(table: Cli, flags: tuple[str, ...], hf: int) -> None:
    """ "Modifiers: outnumbered +1; creepy surroundings +1 (or +2, "rarely"); ambush +2 on the
    first turn only. The result may exceed 6." """
    table("encounter", "start", "Alley", *flags, "--cast", "Freddie,Linda")
    assert hfs(table) == {"Freddie": hf, "Linda": hf}
    started = last_event(table)["data"]
    assert (started["hf"], sum(value for _, value in started["terms"])) == (hf, hf)


def test_ambush_is_plus_2_on_turn_1_only(table: Cli) -> None:
    """ "On the turn after an ambush, the ambush +2 expires for everyone, frozen or not."
    Freddie freezes (HF stays), Linda acts (-1), Mara rolls nothing (counts as acting)."""
    table("encounter", "start", "Cellar", "--hf", "4", "--ambush", "--cast", "Freddie,Linda,Mara")
    assert hfs(table) == {"Freddie": 6, "Linda": 6, "Mara": 6}
    table("initiative", "Freddie", "--dice", "+1/-10")
    table("initiative", "Linda", "--dice", "+5/-5")
    table("turn")
    assert hfs(table) == {"Freddie": 4, "Linda": 3, "Mara": 3}
    table("turn")
    assert hfs(table) == {"Freddie": 3, "Linda": 2, "Mara": 2}


@pytest.mark.parametrize(
    ("category", "label", "penalty"),
    [
        ("supernatural", "Hardness (supernatural) 4", 2),  # HF 6 - 4
        ("Supernatural", "Hardness (supernatural) 4", 2),
        ("mythos", "Hardness 2", 4),  # no such specialization: the general Hardness
        (None, "Hardness 2", 4),
    ],
)
def test_a_category_uses_the_specialization(
    table: Cli, category: str | None, label: str, penalty: int
) -> None:
    """ "The character's specialization for the encounter's category if it has one, else the
    general Hardness." Mara has no specialization: always her general Hardness 1."""
    flags = ("--category", category) if category else ()
    table("encounter", "start", "Crypt", "--hf", "6", *flags, "--cast", "Linda,Mara")
    roll = table.json("initiative", "Linda", "--dice", "+5/-5")
    assert isinstance(roll, dict)
    assert roll["action_penalty"] == penalty
    assert roll["terms"][1] == [f"HF 6 - {label}", -penalty]
    mara = table.json("status")["characters"]["Mara"]["encounter"]  # type: ignore[index]
    assert mara["action_penalty"] == 5


def test_a_horror_check_after_a_categorised_fight_uses_the_specialization(table: Cli) -> None:
    """ "HF is the initial HF the character faced in that encounter (turn 1 value, modifiers
    and ambush included)", against the Hardness that applied there."""
    table(
        "encounter",
        "start",
        "Crypt",
        "--hf",
        "5",
        "--ambush",
        "--category",
        "supernatural",
        "--cast",
        "Linda",
    )
    table("turn")
    table("encounter", "end")
    document = table.json("check", "Linda", "--dice", "+3/-3")
    assert isinstance(document, dict)
    assert document["terms"][:3] == [
        ["Willpower", 10],
        ["Hardness (supernatural)", 4],
        ["HF (initial HF of Crypt)", -7],
    ]
    assert (document["total"], document["result"]) == (7, "fail")


# --- shifts and drops --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cause", "delta", "group"),
    [
        ("shot-ignored", 1, False),
        ("near-miss-gunfire", 1, False),
        ("near-miss-explosion", 1, False),
        ("outgunned", 1, False),
        ("reinforcements", 1, False),
        ("killed-someone", 2, False),
        ("hurt", 2, False),
        ("grabbed", 2, False),
        ("Grabbed", 2, False),
        ("inspired", -1, True),  # "`inspired`: every participant -1", whoever is named
    ],
)
def test_catalog_causes(table: Cli, cause: str, delta: int, group: bool) -> None:
    """ "Events during the turn change it at once, for the named character"."""
    table("encounter", "start", "Alley", "--hf", "4", "--cast", "Freddie,Linda")
    table("shift", "Freddie", cause)
    assert hfs(table) == {"Freddie": 4 + delta, "Linda": 4 + delta if group else 4}
    data = last_event(table)["data"]
    assert (data["cause"], data["applied"], data["catalog"]) == (cause.lower(), delta, True)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("Freddie", "sees her sister among them", "1"), {"Freddie": 5, "Linda": 4}),
        (("Freddie", "a friendly face", "-2"), {"Freddie": 2, "Linda": 4}),
        (("Freddie", "hurt", "3"), {"Freddie": 7, "Linda": 4}),  # the GM's delta wins
        (("Freddie", "a miracle", "-9"), {"Freddie": 0, "Linda": 4}),  # "never below 0"
        (("--all", "inspired"), {"Freddie": 3, "Linda": 3}),
        (("--all", "a rousing speech", "-2"), {"Freddie": 2, "Linda": 2}),
        (("--all", "near-miss-explosion"), {"Freddie": 5, "Linda": 5}),
    ],
)
def test_custom_and_group_shifts(
    table: Cli, args: tuple[str, ...], expected: dict[str, int]
) -> None:
    """ "The GM may also give any other cause and delta"; `shift --all CAUSE [DELTA]`."""
    table("encounter", "start", "Alley", "--hf", "4", "--cast", "Freddie,Linda")
    table("shift", *args)
    assert hfs(table) == expected


def test_a_named_inspiration_reads_as_the_groups(table: Cli) -> None:
    table("encounter", "start", "Alley", "--hf", "4", "--cast", "Freddie,Linda")
    out = table("shift", "Linda", "inspired").stdout
    assert "HF -1 for everyone: inspired by Linda: Freddie 4->3, Linda 4->3" in out


def test_the_first_drop_and_a_later_one(table: Cli) -> None:
    """ "First enemy dropped in the encounter: every other participant -1 and the one who
    dropped it -2 ... Later drops change nothing automatically." """
    table("encounter", "start", "Alley", "--hf", "5", "--cast", "Freddie,Linda,Mara")
    assert (
        "drops the first enemy: HF Freddie 5->4, Linda 5->3, Mara 5->4"
        in table("drop", "Linda").stdout
    )
    assert "Freddie drops enemy #2 (HF unchanged)" in table("drop", "Freddie").stdout
    assert hfs(table) == {"Freddie": 4, "Linda": 3, "Mara": 4}
    table("encounter", "end")
    table("encounter", "start", "Yard", "--hf", "2", "--cast", "Freddie,Mara")
    table("drop", "Mara")  # each encounter has its own first drop
    assert hfs(table) == {"Freddie": 1, "Mara": 0}


# --- the table a GM reads -------------------------------------------------------------------


def test_status_is_a_compact_aligned_table(table: Cli) -> None:
    """The issue: "each character's HF (and effective HF when soaking), action penalty,
    initiative, whether they can act, defense penalty, Willpower and Hardness"."""
    table(
        "encounter", "start", "Alley", "--hf", "horde", "--outnumbered", "--cast", "Freddie,Linda"
    )
    table("initiative", "Freddie", "--dice", "+1/-8")
    table("soak", "Linda", "2")
    table("initiative", "Linda", "--dice", "+3/-5")
    shown = table("status").stdout.splitlines()
    # Linda's supernatural 4 (issue 22: specializations at all times)
    assert shown[1:] == [
        "Encounter 'Alley', turn 1 (initial HF 7)",
        "name     HF         penalty  init  acts   defense  WP     hardness  broken  specs",
        "Linda    7 (eff 5)       -3     7  yes          0  8/10   2/4            0  supernatural 4",  # noqa: E501
        "Freddie  7               -7    -4  FROZE       -4  10/10  0/3            0  -",
        "Mara     -                -     -  -            -  10/10  1/4            0  -",
    ]
    table("turn")
    shown = table("status").stdout.splitlines()
    assert shown[3:5] == [
        "Freddie   7       -7     -     -        0  10/10  0/3            0  -",
        "Linda     6       -4     -     -        0  8/10   2/4            0  supernatural 4",
    ]


def test_status_shows_the_hardness_that_applies_in_this_fight(runner: Cli) -> None:
    """RULES.md: "The character's specialization for the encounter's category if it has one,
    else the general Hardness"; the table shows both when they differ."""
    runner("campaign", "new", "arkham", "--ruleset", "horror-factor")
    runner(
        "character",
        "add",
        "Prof",
        "--reaction",
        "11",
        "--willpower",
        "12",
        "--hardness",
        "1",
        "--training",
        "some",
        "--spec",
        "mythos=4",
    )
    runner("encounter", "start", "Shoggoth", "--hf", "6", "--category", "mythos", "--cast", "Prof")
    assert "1/4 (mythos 4)" in runner("status").stdout
    fight = runner.json("status")["characters"]["Prof"]["fight"]  # type: ignore[index]
    assert (fight["hardness"], fight["hardness_label"]) == (4, "Hardness (mythos)")


def test_a_soak_after_the_turns_initiative_says_the_roll_stands(table: Cli) -> None:
    """Issue 22: a soak entered after that turn's initiative was accepted silently; it
    lowers the action penalty from then on (RULES.md: "It changes at once whenever HF, soak
    or Hardness changes") but cannot change the roll."""
    table("encounter", "start", "Zombies", "--hf", "horde", "--cast", "Linda,Freddie")
    before = table("soak", "Freddie", "1")
    assert "Notice" not in before.stderr  # soaked first: the roll will use it
    table("initiative", "Linda", "--dice", "+5/-2")
    after = table("soak", "Linda", "2")
    assert after.stderr.startswith("Notice: Linda rolled initiative this turn before soaking:")
    assert "the roll (" in after.stderr and "lowers the action penalty" in after.stderr
    (soaked,) = table.json("soak", "Linda", "1")  # type: ignore[misc]  # stdout stays JSON
    assert soaked["data"]["character"] == "Linda"
