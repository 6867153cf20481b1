"""A sanity roll at the `journal play` prompt, as a GM types it: names, threats, kinds and
bonds completed with Tab; the dice asked for in the order the ruling needs them (the d100
with what it must beat and the loss at stake, the loss's dice only once it is known, the
INT roll only after 5 or more lost, the insanity's hours only once it is understood); what
the ruling leaves owed said at once; the same events as the one-shot CLI with every die
entered."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli
from support.pty import Table

#: Mara, SAN 55, INT 70: 80 fails, 1d10 shows 6: 5 or more lost, INT roll 40 made, 3 hours
ANSWERS = [
    ("Mara's sanity roll: d100, needs 55 or less; loss 1/1d10", "80"),
    ("Mara's loss (a failure): 1d10", "6"),
    ("Mara's INT roll (5 or more lost): d100, needs 70 or less", "40"),
    ("Mara's hours of temporary insanity: 1d10", "3"),
]
ENTERED = ("--dice", "80", "--loss-dice", "6", "--int-dice", "40", "--hours-dice", "3")


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "d100-sanity")
    runner("character", "add", "Mara", "--pow", "55", "--int", "70")
    runner("session", "start", "One")
    runner("sanity", "Mara", "--loss", "0/1d4", "--threat", "ghoul-1", "--dice", "10")
    return runner


def _data(cli: Cli, seq: int) -> dict[str, object]:
    event = next(e for e in cli.json("log") if e["seq"] == seq)  # type: ignore[union-attr, index]
    return dict(event["data"])  # type: ignore[index]


def test_a_sanity_roll_asks_for_its_dice_as_the_ruling_needs_them(
    night: Cli, tmp_path: Path
) -> None:
    table = Table(night.db, tmp_path).started("night")
    try:
        table.type(
            "sanity Ma\t --loss 1/1d10 --threat gh\t", "sanity Mara --loss 1/1d10 --threat ghoul-1"
        )
        for label, faces in ANSWERS:
            table.answer(label, faces)
        table.shows("Notice: Mara has a bout of madness: record it with `journal bout Mara")
        table.ready()
        assert (
            "#5 Mara's sanity roll against ghoul-1 (1/1d10): d100 80 vs SAN 55: failed"
            in table.text()
        )
        # a success asks for the d100 alone (S is a number: no loss dice)
        table.type("sanity Mara --loss 1/1d10")
        table.answer("Mara's sanity roll: d100, needs 49 or less; loss 1/1d10", "7")
        table.ready()
        table.run("bout Mara --what 'she runs' --dice 4")
    finally:
        table.close()
    played = _data(night, 5)
    other = Cli(night.runner, str(tmp_path / "reference.db"))
    other("campaign", "new", "night", "--ruleset", "d100-sanity")
    other("character", "add", "Mara", "--pow", "55", "--int", "70")
    other("session", "start", "One")
    other("sanity", "Mara", "--loss", "0/1d4", "--threat", "ghoul-1", "--dice", "10")
    other("sanity", "Mara", "--loss", "1/1d10", "--threat", "ghoul-1", *ENTERED)
    assert played == _data(other, 5)
    assert _data(night, 6)["total"] == 1 and _data(night, 7)["for_seq"] == 5


def test_completion_of_kinds_and_bonds(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "op", "--ruleset", "d100-sanity", "--option", "preset=delta-green")
    runner("character", "add", "Reyes", "--pow", "11", "--bond", "Her sister Ana=11")
    table = Table(runner.db, tmp_path).started("op")
    try:
        table.type(
            "sanity Re\t --loss 1/1d8 --kind vi\t --project Her\t",
            "sanity Reyes --loss 1/1d8 --kind violence --project 'Her sister Ana'",
        )
        table.answer("Reyes's sanity roll: d100, needs 55 or less; loss 1/1d8", "90")
        table.answer("Reyes's loss (a failure): 1d8", "6")
        table.answer("Reyes's projection onto a bond (Her sister Ana): 1d4", "2")
        table.ready()
    finally:
        table.close()
    data = _data(runner, 3)
    assert (data["project"], data["projected"], data["total"], data["bond_after"]) == (
        "Her sister Ana",
        2,
        4,
        9,
    )
