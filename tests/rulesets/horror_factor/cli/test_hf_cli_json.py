"""The JSON documents scripts rely on (docs/CLI.md, the JSON keys scripts rely on):
`initiative --json`, `check --json` and `status --json` for horror-factor campaigns.

The contract keys must all be there with these meanings; a document may carry more (the
dice, the HF source), which never breaks a script reading the contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from support.cli import Cli  # for annotations only: another conftest may own the name later


def keys(names: str) -> set[str]:
    return set(names.split())


INITIATIVE_KEYS = keys(
    "seq character turn hf effective_hf action_penalty total can_act defense_penalty terms"
)
CHECK_KEYS = keys("seq character total result hardness brokenness terms")
STATUS_KEYS = keys("campaign ruleset seq characters")
CHARACTER_KEYS = keys(
    "hardness hardness_cap brokenness willpower willpower_max specializations encounter"
)
ENCOUNTER_KEYS = keys(
    "turn hf soak effective_hf action_penalty initiative can_act defense_penalty left"
)


def add(runner: Cli, name: str, sheet: str) -> None:
    runner("character", "add", name, *sheet.split())


@pytest.fixture
def table(runner: Cli) -> Cli:
    """Freddie R10 W10 H0 (none); Linda R12 W10 H2 (some)."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    add(runner, "Freddie", "--reaction 10 --willpower 10 --hardness 0 --training none")
    add(runner, "Linda", "--reaction 12 --willpower 10 --hardness 2 --training some")
    return runner


@pytest.mark.parametrize(
    ("name", "dice", "expected"),
    [
        # R10 - (HF 5 - H0) + 5 - 6 = 4: acts
        (
            "Freddie",
            "+5/-6",
            {
                "hf": 5,
                "effective_hf": 5,
                "action_penalty": 5,
                "total": 4,
                "can_act": True,
                "defense_penalty": 0,
            },
        ),
        # R10 - 5 + 1 - 8 = -2: froze, and -2 to Defense
        ("Freddie", "+1/-8", {"total": -2, "can_act": False, "defense_penalty": -2}),
        # R10 - 5 + 1 - 6 = 0: "Total <= 0: the character cannot act", no Defense penalty
        ("Freddie", "+1/-6", {"total": 0, "can_act": False, "defense_penalty": 0}),
        # R12 - (HF 5 - H2) + 3 - 5 = 7
        ("Linda", "+3/-5", {"action_penalty": 3, "total": 7, "can_act": True}),
    ],
)
def test_initiative_json(table: Cli, name: str, dice: str, expected: dict[str, object]) -> None:
    table("encounter", "start", "Alley", "--hf", "brutality", "--cast", "Freddie,Linda")
    document = table.json("initiative", name, "--dice", dice)
    assert isinstance(document, dict)
    assert set(document) >= INITIATIVE_KEYS
    assert (document["seq"], document["character"], document["turn"]) == (5, name, 1)
    assert {k: document[k] for k in expected} == expected
    assert sum(value for _, value in document["terms"]) == document["total"]
    assert document["terms"][0] == ["Reaction", 10 if name == "Freddie" else 12]


def test_initiative_json_shows_the_soak(table: Cli) -> None:
    """Effective HF = max(0, HF - soak this turn); the penalty follows it at once."""
    table("encounter", "start", "Alley", "--hf", "6", "--cast", "Linda")
    table("soak", "Linda", "3")
    document = table.json("initiative", "Linda", "--dice", "+4/-4")
    assert isinstance(document, dict)
    assert {k: document[k] for k in ("hf", "effective_hf", "action_penalty", "total")} == {
        "hf": 6,
        "effective_hf": 3,
        "action_penalty": 1,
        "total": 11,
    }
    assert document["terms"][1] == ["HF 6 - soak 3 - Hardness 2", -1]


@pytest.mark.parametrize(
    ("dice", "result", "hardness", "brokenness"),
    [
        ("+5/-1", "pass", 3, 0),  # 10 + 2 - 6 + 5 - 1 = 10 >= 10: hardened
        ("+4/-1", "fail", 2, 1),  # 9: broken
        ("+2/-2", "fail", 2, 1),  # 6: not yet exceptional (10 - 5 = 5)
        ("+1/-2", "exceptional-failure", 1, 1),  # 5: broken and Hardness -1
    ],
)
def test_check_json(table: Cli, dice: str, result: str, hardness: int, brokenness: int) -> None:
    document = table.json("check", "Linda", "--hf", "6", "--dice", dice)
    assert isinstance(document, dict)
    assert set(document) >= CHECK_KEYS
    assert (document["seq"], document["character"], document["result"]) == (4, "Linda", result)
    assert (document["hardness"], document["brokenness"]) == (hardness, brokenness)
    assert [label for label, _ in document["terms"]] == [
        "Willpower",
        "Hardness",
        "HF (given)",
        "+d10",
        "-d10",
    ]
    assert sum(value for _, value in document["terms"]) == document["total"]


def test_status_json_outside_a_fight(table: Cli) -> None:
    document = table.json("status")
    assert isinstance(document, dict)
    assert set(document) >= STATUS_KEYS
    assert (document["campaign"], document["ruleset"], document["seq"]) == (
        "night",
        "horror-factor",
        3,
    )
    linda = document["characters"]["Linda"]
    assert set(linda) >= CHARACTER_KEYS
    assert {k: linda[k] for k in CHARACTER_KEYS} == {
        "hardness": 2,
        "hardness_cap": 4,
        "brokenness": 0,
        "willpower": 10,
        "willpower_max": 10,
        "specializations": {},
        "encounter": None,
    }


def test_status_json_in_a_fight(table: Cli) -> None:
    """`initiative`/`can_act` are null before the character rolls this turn, and again after
    `turn`; `encounter` is null for who is not in the fight and once it ends."""
    add(table, "Mara", "--reaction 10 --willpower 10 --hardness 1 --training some")
    table("encounter", "start", "Alley", "--hf", "brutality", "--cast", "Freddie,Linda")
    table("initiative", "Freddie", "--dice", "+1/-8")
    table("soak", "Linda", "2")

    characters = table.json("status")["characters"]  # type: ignore[index]
    assert characters["Mara"]["encounter"] is None
    assert set(characters["Freddie"]["encounter"]) == ENCOUNTER_KEYS
    assert characters["Freddie"]["encounter"] == {
        "turn": 1,
        "hf": 5,
        "soak": 0,
        "effective_hf": 5,
        "action_penalty": 5,
        "initiative": -2,
        "can_act": False,
        "defense_penalty": -2,
        "left": None,
    }
    assert characters["Linda"]["encounter"] == {
        "turn": 1,
        "hf": 5,
        "soak": 2,
        "effective_hf": 3,
        "action_penalty": 1,
        "initiative": None,
        "can_act": None,
        "defense_penalty": 0,
        "left": None,
    }
    assert characters["Linda"]["willpower"] == 8

    table("turn")
    characters = table.json("status")["characters"]  # type: ignore[index]
    assert characters["Freddie"]["encounter"] == {
        "turn": 2,
        "hf": 5,
        "soak": 0,
        "effective_hf": 5,
        "action_penalty": 5,
        "initiative": None,
        "can_act": None,
        "defense_penalty": 0,
        "left": None,
    }  # froze in turn 1: faces the full HF again
    assert characters["Linda"]["encounter"]["hf"] == 4  # no roll counts as acting
    assert characters["Linda"]["encounter"]["soak"] == 0  # a soak lasts one turn

    table("encounter", "end")
    characters = table.json("status")["characters"]  # type: ignore[index]
    assert all(c["encounter"] is None for c in characters.values())
    assert characters["Linda"]["willpower"] == 8  # spent until rest
