"""Issue 30: the `play` prompt takes free text as people type it (apostrophes, a quote left
open, every trailing free-text option, `--at` with its hour), and helps with a misspelt
name or command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.cli import Cli, count_events
from support.pty import Table
from support.worked_example import COMMANDS

#: the worked example up to its first turn
TYPED = COMMANDS[: COMMANDS.index(("turn",)) + 1]


def test_apostrophes_and_open_quotes_are_letters_of_free_text(table: Table, fight: Cli) -> None:
    table.run("note Eli's lantern gutters out.")
    assert "Eli's lantern gutters out." in fight("log").stdout
    table.run('note The foreman said "run and was gone')
    assert 'The foreman said "run and was gone' in fight("log").stdout
    table.run('note "The well is dry')  # a quote never closed is a letter
    assert 'Note: "The well is dry' in fight("log").stdout
    assert "Error" not in table.text()


def test_amend_takes_its_reason_unquoted(table: Table, fight: Cli) -> None:
    before = count_events(fight.db)
    table.run("amend 11 --dice +3/-4 --reason misread the red die")
    assert count_events(fight.db) > before
    assert "misread the red die" in fight("log").stdout
    assert "unexpected extra" not in table.text()


def test_amend_and_adjust_take_their_reason_unquoted_from_a_shell_too(fight: Cli) -> None:
    fight("amend", "11", "--dice", "+3/-4", "--reason", "misread", "the", "red", "die")
    fight("adjust", "Linda", "--willpower", "-1", "--reason", "a", "bad", "night")
    log = fight("log").stdout
    assert "(misread the red die)" in log and "Willpower 10->9: a bad night" in log, log


def test_session_start_takes_a_title_and_a_time_unquoted(tmp_path: Path, runner: Cli) -> None:
    runner("campaign", "new", "asylum", "--ruleset", "horror-factor")
    table = Table(runner.db, tmp_path).started("asylum")
    try:
        table.run("session start Admission night --at 1987-10-30 22:00")
    finally:
        table.close()
    log = runner("log").stdout
    assert "Admission night" in log and "1987-10-30T22:00" in log, log


def test_a_misspelt_name_gets_did_you_mean(table: Table, fight: Cli) -> None:
    before = count_events(fight.db)
    table.run("initiative Lindy --dice +1/-1")
    table.shows("did you mean 'Linda'?")
    table.run("initiative Zork --dice +1/-1")
    assert "did you mean" not in table.text().split("Zork")[-1]
    assert count_events(fight.db) == before


def test_an_unknown_command_gets_a_helpful_line(table: Table) -> None:
    table.run("statis")
    table.shows("Error: No such command 'statis'. Did you mean 'status'? (see `help`)")
    table.run("flarp")
    table.shows("Error: No such command 'flarp' (see `help`)")
    assert "Usage: [OPTIONS] COMMAND" not in table.text()


def test_a_comas_further_hours_are_asked_in_words(runner: Cli, tmp_path: Path) -> None:
    from support.fright_check_cli import fright_row, seat

    fright_row(seat(runner), 29, "coma=3")
    table = Table(runner.db, tmp_path).started("morgue")
    try:
        table.type("recover Eli --dice 6,5,5")
        table.answer("Eli's further time out (the recovery roll failed): 1d6", "2")
        table.ready()
        assert "Eli's more" not in table.text()
    finally:
        table.close()
    assert "still in a coma for another 2 hours" in runner("log").stdout


def test_the_gurps_board_never_wraps_at_160_columns(runner: Cli, tmp_path: Path) -> None:
    from support.fright_check_cli import fright_row, seat

    seat(runner)
    for at, row in enumerate((29, 30, 32, 29, 30, 32, 29, 30)):  # a long "now" cell
        fright_row(runner, row, *(["coma=3"] if row == 29 else []), threat=f"t{at}")
    table = Table(runner.db, tmp_path, columns=160, rows=40).started("morgue")
    try:
        board = table.board()
    finally:
        table.close()
    assert "Eli" in board
    assert all(len(line) < 160 for line in board.splitlines()), board
    assert "..." in board  # the long cell clipped on its own line, not wrapped onto the next


def test_initiative_all_asks_each_participant_in_turn(table: Table, fight: Cli) -> None:
    """Issue 30, item 8: "there is no way to ask every participant's initiative in turn".
    Turn 2 of the worked example: `initiative --all` asks Freddie, Ariella and Linda, in
    the fight's order, each for their own dice; then nobody is left to ask."""
    table.type("initiative --all")
    for name, faces in (("Freddie", "+6/-3"), ("Ariella", "+8/-6"), ("Linda", "+9/-3")):
        head = f"{name}'s initiative: +d10 -d10"
        table.wait(
            lambda head=head: table.line.startswith(head) and table.line.endswith("rolls]"),
            f"{name}'s dice prompt",
        )
        asked = table.line + " "
        table.keys(faces, asked + faces)
        table.child.send(b"\r")
    table.ready()
    log: Any = fight.json("log")
    rolled = [e["data"] for e in log if e["type"] == "InitiativeRolled"][-3:]
    assert [(d["character"], d["dice"]["initiative"]["source"]) for d in rolled] == [
        ("Freddie", "entered"),
        ("Ariella", "entered"),
        ("Linda", "entered"),
    ]
    table.run("initiative --all")
    assert "Error: everyone in the fight rolled initiative this turn" in table.text()
