"""FP and HP on the sheet: lost to the table, regained by healing and a night's rest, typed
at the command line (issue 12; RULES.md Part 2, "On failure"). See support.fright_check_cli
for Eli."""

from __future__ import annotations

import pytest
from support import CAMPAIGNS
from support.cli import Cli
from support.fright_check_cli import eli, fright_row, refused, seat


@pytest.fixture
def table(runner: Cli) -> Cli:
    return seat(runner)


def test_the_sheet_has_hp_and_fp(runner: Cli) -> None:
    """RULES.md "FP and HP lost on the table are tracked on the sheet": FP defaults to HT, HP
    to 10 (an average ST: the sheet has no ST); both may be given."""
    seat(runner, "--hp", "12", "--fp", "11")
    runner("character", "add", "Ada", "--will", "9", "--ht", "13", "--iq", "10")
    status = runner.json("status")["characters"]  # type: ignore[index]
    assert (status["Eli"]["hp"], status["Eli"]["hp_max"], status["Eli"]["fp_max"]) == (12, 12, 11)
    assert (status["Ada"]["hp_max"], status["Ada"]["fp_max"]) == (10, 13)
    assert "HP 0 is out of range" in refused(
        runner, "character", "add", "Bo", "--will", "9", "--ht", "9", "--iq", "9", "--hp", "0"
    )


def test_fp_lost_on_the_table_heals_and_comes_back_with_rest(table: Cli) -> None:
    """ "14, 15 - Lose 1d FP, and take 1d seconds of stunning as per 10": Eli loses 4 FP
    (10 -> 6), first aid gives back 2, a night's rest the rest (and ends the stun)."""
    fright_row(table, 14, "fp=4", "stun=2")
    assert (eli(table)["fp"], eli(table)["fp_max"]) == (6, 10)
    assert "Eli heals: FP 6->8/10 (+2)" in table("heal", "Eli", "--fp", "2").stdout
    out = table("rest").stdout
    assert "A night's rest: Eli FP 8->10/10 (stun from #" in out and "over)" in out
    assert "A night's rest: Eli FP 8 → 10 of 10, over: stun" in table("recap").stdout
    assert (eli(table)["fp"], eli(table)["conditions"]) == (10, [])


def test_a_rest_tells_what_each_condition_it_ended_came_from(table: Cli) -> None:
    """Issue 41 E15: a recap said "Cole, over: stun" without the check that caused it. Each
    condition a rest ends is told with the Fright Check it came from, in the players' words
    of its threat (the name `threat add` gave it, else its id in words)."""
    table("threat", "add", "nurse", "--name", "the night nurse")
    fright_row(table, 14, "fp=4", "stun=2", threat="nurse")
    table("rest")
    told = "Eli FP 6 → 10 of 10, over: stun (from the Fright Check against the night nurse)"
    for audience in ("players", "Eli", "gm"):
        assert told in table("recap", "--for", audience).stdout, audience
    fright_row(table, 14, "fp=2", "stun=2", threat="drawer-4")
    table("rest")
    assert "over: stun (from the Fright Check against drawer 4)" in table("recap").stdout


def test_hp_lost_on_the_table_heals_up_to_the_maximum(table: Cli) -> None:
    """ "32 - Stricken. You fall to the ground, taking 2d of injury": 3 + 4 = 7 HP (10 -> 3);
    healing never passes the maximum, and healing a full pool is refused."""
    fright_row(table, 32, "injury=3,4")
    assert eli(table)["hp"] == 3
    table("heal", "Eli", "--hp", "5")
    out = table("heal", "Eli", "--hp", "5").stdout
    assert "HP 8->10/10 (+5)" in out
    assert "Eli's HP is already at its maximum 10" in refused(table, "heal", "Eli", "--hp", "1")
    assert "give --hp N and/or --fp N" in refused(table, "heal", "Eli")
    assert "give --hp N and/or --fp N" in refused(table, "heal", "Eli", "--hp", "-2")
    assert table.json("audit")["differences"] == []  # type: ignore[index]


def test_the_faint_as_per_18_costs_hp_on_a_failed_ht_roll(table: Cli) -> None:
    """ "18 - Faint as above, and roll vs. HT immediately. On a failed roll, take 1 HP of
    injury as you collapse."""
    fright_row(table, 18, "faint=3", "ht=6,5,4")  # 15 vs HT 10: failed
    assert eli(table)["hp"] == 9
    players = table("recap").stdout
    assert "HT roll failed; 1 HP of injury" in players and "6,5,4" not in players
    assert "| **Eli** | 10 / 10 / 12 | 9 of 10 / 10 of 10; faint |" in players


def test_a_nights_rest_waits_for_the_end_of_the_fight(table: Cli) -> None:
    """RULES.md "until recovered (rest, first aid, time)": no night's rest in a running fight."""
    table("encounter", "start", "Brawl", "--cast", "Eli")
    error = refused(table, "rest", "--all")
    assert "Eli is still in the fight 'Brawl'" in error and "encounter end" in error
    table("encounter", "end")
    # issue 22: only what changed is listed; a rest that changes nothing says so
    assert "A night's rest for Eli: nothing to recover" in table("rest", "Eli").stdout
    assert "Eli is named twice" in refused(table, "rest", "Eli", "eli")


def test_the_morgue_campaign_tracks_its_losses(runner: Cli) -> None:
    """The shipped log's losses land on the sheets: Marsh (HT 11: FP 11, HP 10) loses 3 FP
    on row 15 (back after the day's sleep) and, on row 31's seizure, 3 FP and 5 HP after a
    critically failed HT roll, and 1 HT for good, which takes her FP maximum to 10 (issue 18:
    basic FP equals HT); first aid gives 2 HP back. Ortiz's total panic is over after his
    second recovery roll."""
    runner("import", str(CAMPAIGNS / "morgue" / "log.jsonl"))
    status = runner.json("status")["characters"]  # type: ignore[index]
    marsh = status["Marsh"]
    assert (marsh["hp"], marsh["hp_max"], marsh["fp"], marsh["fp_max"]) == (7, 10, 8, 10)
    assert "total-panic" not in [c["kind"] for c in status["Ortiz"]["conditions"]]
    assert "HP" in runner("status").stdout.splitlines()[1]


def test_joining_and_leaving_a_fight_moves_heat_of_battle(table: Cli) -> None:
    """ "Heat of Battle: +5 if you are in combat when the terrifying thing happens": Ada
    arrives late and gets it; Eli leaves (fled) and no longer does."""
    table("character", "add", "Ada", "--will", "10", "--ht", "10", "--iq", "10")
    table("encounter", "start", "Brawl", "--cast", "Eli")
    assert (
        "Ada joins the fight 'Brawl': heat of battle +5" in table("encounter", "join", "Ada").stdout
    )
    assert "Ada is already in the fight 'Brawl'" in refused(table, "encounter", "join", "Ada")
    table("encounter", "leave", "Eli", "--reason", "fled")
    assert "Eli is not in the fight" in refused(
        table, "encounter", "leave", "Eli", "--reason", "again"
    )
    heat = {}
    for name in ("Ada", "Eli"):
        document = table.json("fright", name, "--threat", "ghoul", "--dice", "3,3,3")
        heat[name] = [m["value"] for m in document["modifiers"] if "heat of battle" in m["label"]]  # type: ignore[index]
    assert heat == {"Ada": [5], "Eli": [0]}
    table("encounter", "end")
    assert "no combat is running" in refused(table, "encounter", "join", "Ada")
    assert table.json("audit")["differences"] == []  # type: ignore[index]
