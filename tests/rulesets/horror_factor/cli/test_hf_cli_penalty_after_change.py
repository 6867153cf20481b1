"""Action penalties change the moment the HF changes, in every report of the turn.

RULES.md Part 1, "After the encounter": "Action penalties change the moment the HF changes
(a shift, the first drop, a soak): every report of a turn (status, the board, a recap's
turn table) shows the penalty after the change, not the one of the initiative roll." The
text: "Each characters Action Penalty is reduced immediately, not at the start of the next
turn." (issue 18: a recap's turn table kept the initiative's penalty.)

    Freddie R10 H0, Ariella R10 H0: a horde, HF 7
    initiative Freddie +5/-6   penalty -7
    initiative Ariella +8/-2   penalty -7
    shift Freddie hurt         HF 7 -> 9: penalty -9
    drop Ariella               the first drop: Ariella 7 -> 5 (-5), Freddie 9 -> 8 (-8)
"""

from __future__ import annotations

from typing import Any

import pytest
from support.cli import Cli


@pytest.fixture
def fight(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for name in ("Freddie", "Ariella"):
        runner("character", "add", name, "--reaction", "10", "--willpower", "10",
               "--hardness", "0", "--training", "none")  # fmt: skip
    runner("session", "start", "The horde")
    runner("encounter", "start", "Horde", "--hf", "horde", "--outnumbered",
           "--cast", "Freddie,Ariella")  # fmt: skip
    runner("initiative", "Freddie", "--dice", "+5/-6")
    runner("initiative", "Ariella", "--dice", "+8/-2")
    return runner


def _rows(runner: Cli, audience: str) -> dict[str, dict[str, Any]]:
    recap: Any = runner.json("recap", "--for", audience)
    encounter = next(s for s in recap["story"] if s["kind"] == "encounter")
    return {row["name"]: row for row in encounter["turns"][-1]["rows"]}


def _penalties(runner: Cli) -> dict[str, int]:
    status: Any = runner.json("status")
    return {n: c["encounter"]["action_penalty"] for n, c in status["characters"].items()}


@pytest.mark.parametrize("audience", ["gm", "players"])
def test_a_recaps_turn_table_shows_the_penalty_after_a_shift_and_the_first_drop(
    fight: Cli, audience: str
) -> None:
    assert {n: r["penalty"] for n, r in _rows(fight, audience).items()} == {
        "Freddie": 7,
        "Ariella": 7,
    }
    fight("shift", "Freddie", "hurt")
    assert _rows(fight, audience)["Freddie"]["penalty"] == 9 == _penalties(fight)["Freddie"]
    fight("drop", "Ariella")
    rows = _rows(fight, audience)
    assert {n: (r["hf_end"], r["penalty"]) for n, r in rows.items()} == {
        "Freddie": (8, 8),
        "Ariella": (5, 5),
    }
    assert {n: r["penalty"] for n, r in rows.items()} == _penalties(fight)
    # the initiative totals stand as rolled: only the penalty follows the HF
    assert (rows["Freddie"]["initiative"], rows["Ariella"]["initiative"]) == (2, 9)
    shown = fight("recap", "--for", audience).stdout
    assert "| **Freddie** | 7 → 8 |" in shown and "| -8 |" in shown


def test_the_board_and_status_show_the_penalty_after_the_change(fight: Cli) -> None:
    fight("drop", "Ariella")
    assert _penalties(fight) == {"Freddie": 6, "Ariella": 5}
    table = fight("status").stdout
    assert "Freddie" in table and "-6" in table and "-5" in table
