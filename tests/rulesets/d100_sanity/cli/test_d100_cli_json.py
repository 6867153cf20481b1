"""`sanity --json` and `status --json` of d100 sanity: the keys docs/CLI.md lists, with the
numbers of the roll."""

from __future__ import annotations

from support.cli import Cli


def test_a_sanity_roll_as_json(runner: Cli) -> None:
    runner("campaign", "new", "op", "--ruleset", "d100-sanity", "--option", "preset=delta-green")
    runner("character", "add", "Reyes", "--pow", "11", "--bond", "Ana=11")
    found = runner.json(
        "sanity", "Reyes", "--loss", "1/1d20", "--kind", "unnatural", "--dice", "99",
        "--loss-dice", "14", "--project", "Ana", "--project-dice", "2",
        "--reaction", "submit", "--disorder", "Counts the exits",
    )  # fmt: skip
    assert (found["roll"], found["san"], found["success"], found["fumble"]) == (
        99,
        55,
        False,
        False,
    )
    assert found["terms"] == [["1d20", 14], ["projected onto Ana (1d4 2)", -2]]
    assert (found["total"], found["san_after"], found["projected"], found["bond_after"]) == (
        12,
        43,
        2,
        9,
    )
    assert (found["breaking_point"], found["breaking_point_after"]) == (44, 32)
    assert (found["insanity"], found["fifth"], found["then"]) == ("temporary", None, [4, 5])
    status = runner.json("status")["characters"]["Reyes"]  # type: ignore[index]
    assert (status["san"], status["breaking_point"], status["state"]) == (43, 32, "breaking")
    assert status["bonds"] == {"Ana": 9} and status["disorders"] == ["Counts the exits"]
    assert status["due"] == [] and status["today"] is None  # the fifth's rule is off here
