"""`journal play` at a real terminal: the rule text's zombie fight typed as a GM would
(names completed with Tab, the dice answered when asked) records exactly what the one-shot
CLI records, and the board under the prompt follows the fight."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from support.cli import Cli
from support.pty import Table
from support.worked_example import COMMANDS

#: arguments typed as a prefix and Tab (the rest is completed)
NAMES = {"Freddie": "Fr", "Ariella": "Ar", "Linda": "Li"}
NAMED = ("initiative", "soak", "drop")
LISTED = ("--cast", "--do-or-die", "--about")


def at_the_table(args: tuple[str, ...]) -> tuple[str, str, str | None]:
    """What the GM types for one command of the worked example (keys, with Tabs), what the
    prompt line then reads, and the dice left out to answer when asked."""
    words, dice = list(args), None
    if "--dice" in words:
        at = words.index("--dice")
        dice = words[at + 1]
        del words[at : at + 2]
    keys, shown = [], []
    for index, word in enumerate(words):
        typed = shlex.quote(word)
        if index == 1 and words[0] in NAMED:
            typed = NAMES[word] + "\t"
        elif index and words[index - 1] in LISTED:
            typed = ",".join(NAMES[name] + "\t" for name in word.split(","))
        elif index and words[index - 1] == "--hf":
            typed = word[:3] + "\t"  # horde: "ho" would also be homicidal-fistfight
        keys.append(typed)
        shown.append(shlex.quote(word))
    return " ".join(keys), " ".join(shown), dice


def comparable(log: list[dict[str, object]]) -> list[tuple[object, ...]]:
    """Everything but what differs by nature between two runs: ids, clocks and hashes."""
    return [
        (e["seq"], e["type"], e["schema"], e["data"], e["game_time"], e["session"]) for e in log
    ]


@pytest.fixture
def reference(tmp_path: Path) -> list[dict[str, object]]:
    """The worked example through the one-shot CLI, dice entered with --dice."""
    from click.testing import CliRunner

    cli = Cli(CliRunner(), str(tmp_path / "reference.db"))
    for command in COMMANDS:
        cli(*command)
    return cli.json("log")  # type: ignore[return-value]


def test_the_worked_example_at_the_play_prompt(
    runner: Cli, tmp_path: Path, reference: list[dict[str, object]]
) -> None:
    runner(*COMMANDS[0])  # `journal play` opens a campaign: it is started first
    table = Table(runner.db, tmp_path).started("jackson-zombies")
    # each prompt says what the pair must come to for the roll to act (a total above 0)
    rolls = [e["data"] for e in reference if e["type"] == "InitiativeRolled"]
    needs = [1 - (r["total"] - r["dice"]["initiative"]["faces"][0]  # type: ignore[index]
                  + r["dice"]["initiative"]["faces"][1]) for r in rolls]  # type: ignore[index]  # fmt: skip
    try:
        turns = 0
        for command in COMMANDS[1:]:
            keys, shown, dice = at_the_table(command)
            table.type(keys, shown)
            if dice is not None:
                label = f"{command[1]}'s initiative: +d10 -d10, acts at {needs.pop(0):+d} or better"
                table.answer(label, dice)
            table.ready()
            turns += command == ("turn",)
            if command == ("initiative", "Linda", "--dice", "+3/-5"):
                # turn 1: Ariella froze (marked), everyone has rolled
                table.wait(lambda: re.search(r"^✗ Ariella +7 ", table.board(), re.M), "✗ Ariella")
                assert "○" not in table.board()
            if command == ("turn",) and turns == 3:
                # turn 4 begins: nobody has rolled yet
                table.wait(
                    lambda: (
                        len(re.findall(r"^○ (Freddie|Ariella|Linda) ", table.board(), re.M)) == 3
                    ),
                    "everyone marked ○",
                )
            if command == ("soak", "Linda", "2"):
                # RULES.md: turn 4, Linda soaks 2 first: HF 4, effective 2, no penalty
                table.wait(
                    lambda: re.search(r"^○ Linda +4 \(eff 2\) +0 +- ", table.board(), re.M),
                    "Linda's soak on the board",
                )
            if command == ("drop", "Linda"):
                # ... then drops the first zombie: HF 2, her soak still holds: effective 0
                table.wait(
                    lambda: re.search(r"^  Linda +2 \(eff 0\) +0 +16 ", table.board(), re.M),
                    "Linda's effective HF 0 on the board",
                )
                assert re.search(r"^  Freddie +3 +-3 +9 ", table.board(), re.M)
        table.child.send(b"\x04")  # Ctrl-D
        table.shows("Recorded 26 events this session (#2 to #27)")
        assert table.finish() == 0
    finally:
        table.close()
    played = runner.json("log")
    assert comparable(played) == comparable(reference)  # type: ignore[arg-type]
    entered = [e["data"]["dice"] for e in played if e["type"] == "InitiativeRolled"]  # type: ignore[index]
    assert all(d["initiative"]["source"] == "entered" for d in entered)  # as with --dice
