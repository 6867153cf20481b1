"""A Fright Check's dice asked for in the order the ruling needs them: 3d6, then the
table's 3d6 only when it failed, then each effect's dice; at the `play` prompt and from the
one-shot CLI at a terminal alike. `--no-input` (or no terminal) rolls as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli, count_events
from support.pty import Table, Terminal

SHEET = ("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
#: Will 10, a mutilated victim of violence (-2): 8. 6,6,5 = 17 fails (critical), by 9;
#: the table 3,4,4 + 9 = 20: row 20, a faint of 4d (seconds) and 1d FP lost
CHECK = ("fright", "Eli", "--threat", "corpse-3", "--body", "violent", "--mutilated", "2")
ANSWERS = [
    ("Eli's Fright Check: 3d6, needs 8 or less", "6,6,5"),
    ("Eli failed by 9: the table's 3d6 (+9)", "3,4,4"),
    ("Eli's faint: 4d6", "1 2 3 4"),
    ("Eli's FP lost: 1d6", "2"),
]
ENTERED = ("--dice", "6,6,5", "--table-dice", "3,4,4", "--effect-dice", "faint=1,2,3,4",
           "--effect-dice", "fp=2")  # fmt: skip


@pytest.fixture
def morgue(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner(*SHEET)
    return runner


def last_event(cli: Cli) -> dict[str, object]:
    event: dict[str, object] = cli.json("log")[-1]  # type: ignore[index]
    for key in ("event_id", "recorded_at", "prev_hash", "hash", "writer", "salts"):
        event.pop(key)  # (salts: random, as its id)
    return event


@pytest.fixture
def reference(morgue: Cli, tmp_path: Path) -> dict[str, object]:
    """The same check through the one-shot CLI, every die entered in advance."""
    from click.testing import CliRunner

    other = Cli(CliRunner(), str(tmp_path / "reference.db"))
    other("campaign", "new", "morgue", "--ruleset", "fright-check")
    other(*SHEET)
    other(*CHECK, *ENTERED)
    return last_event(other)


def test_a_failed_check_at_the_play_prompt_asks_for_the_table_dice_then(
    morgue: Cli, tmp_path: Path, reference: dict[str, object]
) -> None:
    table = Table(morgue.db, tmp_path).started("morgue")
    try:
        table.type("fright El\t " + " ".join(CHECK[2:]), " ".join(CHECK))
        for label, faces in ANSWERS:
            table.answer(label, faces)
        table.ready()
        assert "#3 Eli" in table.text() and "→ row 20: faint" in table.text()
        # a check that succeeds asks for its 3d6 only
        table.type("fright Eli --threat corpse-4 --body peaceful")
        table.answer("Eli's Fright Check: 3d6, needs 13 or less", "3,3,4")
        table.ready()
    finally:
        table.close()
    log: list[dict[str, object]] = morgue.json("log")  # type: ignore[assignment]
    assert [e["seq"] for e in log] == [1, 2, 3, 4]
    assert log[3]["data"] == log[3]["data"] | {  # type: ignore[operator]
        "dice": {"will": {"faces": [3, 3, 4], "source": "entered"}}
    }
    # the failed check is what the one-shot CLI records with every die entered in advance
    # (who entered it: the play session, by its own id; the one-shot CLI, by user@host)
    assert "/play-" in str(log[2]["writer"])
    played = {
        k: v
        for k, v in log[2].items()
        if k not in ("event_id", "recorded_at", "writer", "salts")
    }
    assert played | {"prev_hash": "", "hash": ""} == reference | {
        "voided": False,
        "prev_hash": "",
        "hash": "",
    }


def test_the_one_shot_cli_asks_at_a_terminal_in_the_same_order(
    morgue: Cli, tmp_path: Path, reference: dict[str, object]
) -> None:
    """`fright NAME --dice 6,6,5` no longer needs the table dice in advance."""
    terminal = Terminal(["--db", morgue.db, *CHECK, "--dice", "6,6,5"], tmp_path)
    try:
        for label, faces in ANSWERS[1:]:
            terminal.at(f"{label} [Enter rolls]:")
            terminal.child.send(faces.encode() + b"\r")
            terminal.shows(f"{label} [Enter rolls]: {faces}\n")
        assert terminal.finish() == 0
    finally:
        terminal.close()
    assert "#3 Eli" in terminal.text() and "→ row 20: faint" in terminal.text()
    assert last_event(morgue) | {"voided": False} == reference | {"voided": False}


def test_a_bad_answer_is_asked_again_and_enter_rolls(morgue: Cli, tmp_path: Path) -> None:
    terminal = Terminal(
        ["--db", morgue.db, *CHECK, "--json"],
        tmp_path,
        env={"JOURNAL_DICE_SEED": "7"},
    )
    try:
        terminal.at("Eli's Fright Check: 3d6, needs 8 or less [Enter rolls]:")
        terminal.child.send(b"6,6,9\r")
        terminal.shows("3d6: a d6 shows 1 to 6, not 9; enter the 3 faces you rolled")
        terminal.at("Eli's Fright Check: 3d6, needs 8 or less [Enter rolls]:")
        terminal.child.send(b"\r")  # the journal rolls them (seeded: 1,2,1, a success)
        assert terminal.finish() == 0
    finally:
        terminal.close()
    dice = json.loads(morgue("log", "--json").stdout)[-1]["data"]["dice"]
    assert dice == {"will": {"faces": [1, 2, 1], "source": "seeded"}}


def test_no_input_or_no_terminal_rolls_as_before(morgue: Cli, tmp_path: Path) -> None:
    terminal = Terminal(
        ["--db", morgue.db, "--no-input", *CHECK, "--dice", "3,3,4"],
        tmp_path,
        env={"JOURNAL_DICE_SEED": "7"},
    )
    try:
        assert terminal.finish() == 0  # a success: nothing more to roll, nothing asked
    finally:
        terminal.close()
    assert "[Enter rolls]" not in terminal.text()
    morgue(*CHECK, "--dice", "6,6,5")  # CliRunner: standard input is no terminal
    assert count_events(morgue.db) == 4
    dice = json.loads(morgue("log", "--json").stdout)[-1]["data"]["dice"]
    assert dice["table"]["source"] == "rolled"
