"""The acceptance test: the rule text's zombie fight typed at the command line gives every
number of the table in RULES.md (including 14 where the text slips and writes 13)."""

from __future__ import annotations

import json

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli
from support.worked_example import COMMANDS

# turn, character -> (HF faced, initiative, acts?, offensive penalty, defense)
TABLE = {
    (1, "Freddie"): (7, 2, True, -7, 0),
    (1, "Ariella"): (7, -4, False, -7, -4),
    (1, "Linda"): (7, 5, True, -5, 0),
    (2, "Ariella"): (7, 5, True, -7, 0),
    (2, "Freddie"): (6, 7, True, -6, 0),
    (2, "Linda"): (6, 14, True, -4, 0),
    (4, "Freddie"): (4, 9, True, -4, 0),
    (4, "Ariella"): (5, 1, True, -5, 0),
    (4, "Linda"): (2, 16, True, 0, 0),
}


@pytest.fixture
def fight(runner: Cli) -> list[dict[str, object]]:
    for command in COMMANDS:
        runner(*command)
    return runner.json("log")  # type: ignore[return-value]


def _event(log: list[dict], type_: str, **match: object) -> dict:  # type: ignore[type-arg]
    return next(
        e for e in log if e["type"] == type_ and all(e["data"][k] == v for k, v in match.items())
    )


def test_every_initiative_of_the_table(fight: list[dict]) -> None:  # type: ignore[type-arg]
    rolls = {
        (e["data"]["turn"], e["data"]["character"]): e["data"]
        for e in fight
        if e["type"] == "InitiativeRolled"
    }
    assert set(rolls) == set(TABLE)
    for key, (hf, total, acts, penalty, defense) in TABLE.items():
        roll = rolls[key]
        assert (
            roll["effective_hf"],
            roll["total"],
            roll["can_act"],
            -roll["action_penalty"],
            roll["defense_penalty"],
        ) == (hf, total, acts, penalty, defense), key


def test_linda_turn_two_is_14_and_shows_its_terms(fight: list[dict], runner: Cli) -> None:  # type: ignore[type-arg]
    """'+9/-3, for a total of 13' - but 12 + 2 - 6 is 8, so by the text's own rule it is 14."""
    roll = _event(fight, "InitiativeRolled", character="Linda", turn=2)
    assert roll["data"]["terms"] == [
        ["Reaction", 12],
        ["HF 6 - Hardness 2", -4],
        ["+d10", 9],
        ["-d10", -3],
    ]
    assert roll["data"]["total"] == 14
    explained = runner("explain", "Linda", str(roll["seq"])).stdout
    assert "Reaction 12, HF 6 - Hardness 2 -4, +d10 +9, -d10 -3 = 14" in explained


def test_turn_three_has_no_rolls_and_everyone_counts_as_acting(
    runner: Cli, fight: list[dict]
) -> None:  # type: ignore[type-arg]
    """'He just reduces the Horror Factor by 1 more (down to 5 for Freddie and Linda
    and 6 for Ariella)'."""
    third = [e for e in fight if e["type"] == "TurnAdvanced"][1]
    assert third["data"]["turn"] == 3
    status = runner.json("status", "--as-of", str(third["seq"]))["characters"]  # type: ignore[index]
    assert {n: c["encounter"]["hf"] for n, c in status.items()} == {
        "Freddie": 5,
        "Ariella": 6,
        "Linda": 5,
    }


def test_the_first_drop_lowers_everyone_at_once(runner: Cli, fight: list[dict]) -> None:  # type: ignore[type-arg]
    """'Linda's Horror Factor drops to 2 ... Freddie's drops to 3 ... Ariella's ... to 4.'"""
    drop = _event(fight, "EnemyDropped", character="Linda")
    status = runner.json("status", "--as-of", str(drop["seq"]))["characters"]  # type: ignore[index]
    assert {n: c["encounter"]["hf"] for n, c in status.items()} == {
        "Freddie": 3,
        "Ariella": 4,
        "Linda": 2,
    }
    assert {n: c["encounter"]["action_penalty"] for n, c in status.items()} == {
        "Freddie": 3,
        "Ariella": 4,
        "Linda": 0,
    }
    assert (status["Linda"]["willpower"], status["Linda"]["willpower_max"]) == (8, 10)


def test_next_turn_after_the_drop(runner: Cli) -> None:
    """'...will be at 1 next turn ... at 2 next turn ... at 3 next turn.'"""
    upto_drop = COMMANDS[: [c[0] for c in COMMANDS].index("drop") + 1]
    for command in upto_drop:
        runner(*command)
    runner("turn")
    status = runner.json("status")["characters"]  # type: ignore[index]
    assert {n: c["encounter"]["hf"] for n, c in status.items()} == {
        "Freddie": 2,
        "Ariella": 3,
        "Linda": 1,
    }


def test_do_or_die_hardens_all_three(runner: Cli, fight: list[dict]) -> None:  # type: ignore[type-arg]
    """'Freddie, Ariella, and Linda all faced their first "do or die" experience ...
    gained 1 level.'"""
    status = runner.json("status")["characters"]  # type: ignore[index]
    assert {n: (c["hardness"], c["hardness_cap"]) for n, c in status.items()} == {
        "Freddie": (1, 3),
        "Ariella": (1, 3),
        "Linda": (3, 4),
    }
    assert status["Linda"]["willpower"] == 8
    assert runner("audit").exit_code == 0


def test_the_shipped_log_is_this_fight(fight: list[dict]) -> None:  # type: ignore[type-arg]
    shipped = WORKED_EXAMPLE
    events = [json.loads(line) for line in shipped.read_text().splitlines()]
    assert [(e["type"], e["data"], e["game_time"], e["session"]) for e in events] == [
        (e["type"], e["data"], e["game_time"], e["session"]) for e in fight
    ]


def test_demo_imports_and_explains(runner: Cli) -> None:
    out = runner("demo").stdout
    assert "27 new events" in out
    assert "= 14" in out and "says 13" in out
    assert "Linda    2 (eff 0)" in out
    assert "0 new events" in runner("demo").stdout


def test_demo_leaves_a_gms_own_journal_alone(runner: Cli) -> None:
    runner("campaign", "new", "mine", "--ruleset", "horror-factor")
    result = runner.refused("demo")
    assert "already holds your campaign(s) mine" in result.stderr
    assert [c["campaign"] for c in runner.json("campaign", "list")] == ["mine"]  # type: ignore[union-attr,index]
