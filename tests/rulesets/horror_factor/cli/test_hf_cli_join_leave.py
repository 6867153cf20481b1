"""Arriving late and leaving a fight, typed at the command line (issue 12).

The table: Freddie (R10 W10 H0), Ariella (R10 W10 H0), Linda (R12 W10 H2, some training)
and Mara (R10 W10 H1, some training), who is not in the fight when it starts.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.cli import Cli, count_events

PARTY = {
    "Freddie": "--reaction 10 --willpower 10 --hardness 0 --training none",
    "Ariella": "--reaction 10 --willpower 10 --hardness 0 --training none",
    "Linda": "--reaction 12 --willpower 10 --hardness 2 --training some",
    "Mara": "--reaction 10 --willpower 10 --hardness 1 --training some",
}


@pytest.fixture
def table(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for name, sheet in PARTY.items():
        runner("character", "add", name, *sheet.split())
    return runner


def refused(runner: Cli, *args: str) -> str:
    before = count_events(runner.db)
    stderr = runner.refused(*args).stderr
    assert count_events(runner.db) == before, args
    return stderr


def fight(runner: Cli, name: str) -> dict[str, Any] | None:
    return runner.json("status")["characters"][name]["encounter"]  # type: ignore[index,no-any-return]


def test_a_newcomer_faces_the_hf_with_the_ambush_on_turn_one(table: Cli) -> None:
    """ "An ambush increases the Horror Factor by 2 for the first turn only": Mara, arriving
    in turn 1 of an ambush (horde 6, outnumbered +1, ambush +2), faces 9."""
    table("encounter", "start", "Horde", "--hf", "horde", "--outnumbered", "--ambush",
          "--cast", "Freddie,Linda")  # fmt: skip
    out = table("encounter", "join", "Mara").stdout
    assert "Mara joins the fight in turn 1: encounter HF 7, ambush (turn 1 only) +2 = 9" in out
    assert fight(table, "Mara")["hf"] == 9  # type: ignore[index]
    table("turn")  # the ambush expires for everyone, newcomers too
    assert fight(table, "Mara")["hf"] == 6  # type: ignore[index]  # 9 - 1 (no roll) - 2


def test_a_newcomer_after_turn_one_faces_the_hf_without_decay(table: Cli) -> None:
    """ "Horror Factor decreases by 1 for each turn after the first, but only for those
    characters who were able to act that turn": Mara was not there, so she faces the
    encounter's HF (7, no ambush after turn 1) while Freddie is down to 5; the group's
    first drop before she came changes nothing of hers."""
    table("encounter", "start", "Horde", "--hf", "horde", "--outnumbered", "--ambush",
          "--cast", "Freddie,Linda")  # fmt: skip
    table("turn")
    table("turn")
    table("drop", "Linda")
    table("encounter", "join", "Mara")
    status = table.json("status")["characters"]  # type: ignore[index]
    hf = {n: c["encounter"]["hf"] for n, c in status.items() if c["encounter"]}
    assert hf == {"Freddie": 4, "Linda": 3, "Mara": 7}
    document = table.json("initiative", "Mara", "--dice", "+5/-5")  # 10 - (7 - 1) = 4
    assert (document["total"], document["action_penalty"]) == (4, 6)  # type: ignore[index]
    # a Horror Check about this fight faces the HF she entered at
    table("encounter", "end")
    check = table.json("check", "Mara", "--dice", "+9/-1")  # 10 + 1 - 7 + 9 - 1 = 12
    assert (check["hf"], check["result"]) == (7, "pass")  # type: ignore[index]


def test_leaving_freezes_the_hf_and_the_end_names_only_whom_the_gm_names(table: Cli) -> None:
    """ "Do or Die experience means you've had to fight for your life several times, and
    that you actually fought, not ran away or hid": Ariella flees; her HF waits (no decay,
    no group shifts) and the end changes her only if the GM names her."""
    table("encounter", "start", "Cellar", "--hf", "5", "--cast", "Freddie,Ariella,Linda")
    out = table("encounter", "leave", "Ariella", "--reason", "fled down the alley").stdout
    assert "Ariella is out of the fight (turn 1): fled down the alley; HF stays 5" in out
    table("turn")
    table("shift", "--all", "inspired")
    table("drop", "Linda")
    status = table.json("status")["characters"]  # type: ignore[index]
    assert {n: c["encounter"]["hf"] for n, c in status.items() if c["encounter"]} == {
        "Freddie": 2,
        "Ariella": 5,
        "Linda": 1,
    }
    assert status["Ariella"]["encounter"]["left"] == "fled down the alley"
    assert "out (fled down the alley)" in table("status").stdout
    out = table("encounter", "end", "--do-or-die", "Freddie,Linda").stdout
    assert "Ariella: unchanged" in out
    # named at the end, one who left may still be ruled (here: broken)
    table("encounter", "start", "Attic", "--hf", "3", "--cast", "Ariella,Freddie")
    table("encounter", "leave", "Ariella", "--reason", "knocked out")
    assert "Ariella: broken" in table("encounter", "end", "--broken", "Ariella").stdout


def test_one_who_left_comes_back_at_the_hf_they_left_with(table: Cli) -> None:
    """ "Horror Factor decreases by 1 for each turn after the first, but only for those
    characters who were able to act that turn": away, Ariella did not act; she leaves at HF 5
    in turn 1 and is back in turn 3 at 5."""
    table("encounter", "start", "Cellar", "--hf", "5", "--cast", "Freddie,Ariella")
    table("encounter", "leave", "Ariella", "--reason", "knocked out")
    table("turn")
    table("turn")
    out = table("encounter", "join", "Ariella").stdout
    assert "Ariella is back in the fight (turn 3): HF 5" in out
    assert fight(table, "Ariella")["hf"] == 5  # type: ignore[index]
    assert fight(table, "Freddie")["hf"] == 3  # type: ignore[index]
    table("initiative", "Ariella", "--dice", "+5/-5")
    assert table.json("audit")["differences"] == []  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("encounter", "join", "Freddie"), ("Freddie is already in the fight 'Cellar' (HF 5)",)),
        (("encounter", "join", "Nobody"), ("no character named 'Nobody'",)),
        (("encounter", "leave", "Mara", "--reason", "x"), ("Mara is not in the encounter",)),
        (("encounter", "leave", "Freddie", "--reason", "  "), ("say why Freddie is out",)),
        (("encounter", "leave", "Ariella", "--reason", "again"), ("Ariella already left",)),
        # out of the fight, nothing of the fight can be done for them
        (("initiative", "Ariella", "--dice", "+5/-5"), ("Ariella left the fight (fled)",)),
        (("soak", "Ariella", "1"), ("Ariella left the fight (fled)", "cannot soak")),
        (("shift", "Ariella", "hurt"), ("Ariella left the fight (fled)",)),
        (("drop", "Ariella"), ("Ariella left the fight (fled)", "encounter join Ariella")),
    ],
)
def test_refusals(table: Cli, args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    """One out of the fight "cannot act": no initiative, soak, shift or drop until they join
    again; nobody joins twice or leaves without a reason."""
    table("encounter", "start", "Cellar", "--hf", "5", "--cast", "Freddie,Ariella")
    table("encounter", "leave", "Ariella", "--reason", "fled")
    error = refused(table, *args)
    for fragment in fragments:
        assert fragment in error, (fragment, error)


def test_join_and_leave_need_a_fight(table: Cli) -> None:
    """ "Changes to the Horror Factor During the Course of the Fight": no fight, no joining."""
    assert "no encounter is running" in refused(table, "encounter", "join", "Mara")
    assert "no encounter is running" in refused(
        table, "encounter", "leave", "Mara", "--reason", "fled"
    )
    usage = table.refused("encounter", "leave", "Mara", exit_code=2)
    assert "Missing option '--reason'" in usage.stderr
