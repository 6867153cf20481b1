"""At the `journal play` prompt: refusals, Ctrl-C, leaving with a summary, help, history,
colour (and NO_COLOR), a second writer's events (another GM's laptop), and a fighter renamed
mid-fight."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.cli import Cli, count_events
from support.pty import COLOUR, Table, Terminal
from support.worked_example import COMMANDS, SLUG

#: the worked example up to the start of turn 4: nobody has rolled yet
TYPED = COMMANDS[: [i for i, c in enumerate(COMMANDS) if c == ("turn",)][2] + 1]


def replies(table: Table, typed: str) -> list[str]:
    """What was printed after the (last) prompt line that reads `typed`, up to the next
    prompt, dice prompts left out."""
    lines = table.text().splitlines()
    at = max(i for i, line in enumerate(lines) if line == f"{SLUG}> {typed}")
    printed = []
    for line in lines[at + 1 :]:
        if line.startswith(f"{SLUG}>"):
            break
        if "[Enter rolls]" not in line:
            printed.append(line)
    return printed


def reply(table: Table, typed: str) -> str:
    return replies(table, typed)[0]


def test_a_refusal_prints_the_clis_error_line_and_the_session_goes_on(
    fight: Cli, table: Table
) -> None:
    before = count_events(fight.db)
    refused = {
        "soak Linda 9": "Error: ",
        "initiative Nobody": "Error: no character named 'Nobody'",
        "soak Linda": "Error: Missing argument 'POINTS' (see `help soak`)",  # a usage error
        "fright Linda --threat ghoul": "Error: that is a fright-check command",
        "--db other.db status": "Error: --db is not for this prompt",
        "play": "Error: you are already playing",
    }
    for typed, error in refused.items():
        table.run(typed)
        errors = [line for line in replies(table, typed) if line.startswith("Error: ")]
        assert len(errors) == 1 and errors[0].startswith(error), errors
    assert count_events(fight.db) == before
    assert "Traceback" not in table.text()
    table.run("soak Li\t 2", "soak Linda 2")
    assert reply(table, "soak Linda 2").startswith(f"#{before + 1} Linda soaks 2 Willpower")


def test_ctrl_c_clears_the_line_and_writes_nothing(fight: Cli, table: Table) -> None:
    before = count_events(fight.db)
    table.keys("turn", f"{SLUG}> turn")
    table.child.send(b"\x03")
    table.ready()
    table.type("initiative Linda")
    table.at("Linda's initiative: +d10 -d10, acts at -9 or better [Enter rolls] ")
    table.child.send(b"\x03")  # at the dice prompt: the whole command is cancelled
    table.shows("Cancelled: nothing was written.")
    table.ready()
    assert count_events(fight.db) == before


def test_ctrl_d_leaves_with_a_summary_of_what_the_session_recorded(
    fight: Cli, table: Table
) -> None:
    table.run("soak Linda 2")
    table.type("initiative Linda")
    table.answer("Linda's initiative: +d10 -d10, acts at -11 or better", "+8/-4")
    table.ready()
    table.run("note 'Linda takes aim.'")
    table.child.send(b"\x04")
    table.shows("Recorded 3 events this session (#20 to #22)")
    assert table.finish() == 0
    summary = table.text()[table.text().index("Recorded 3 events") :].splitlines()
    assert summary[1:] == [
        "  #20 Linda soaks 2 Willpower (10->8, 2 this turn): effective HF 2, no penalty",
        "  #21 Linda rolls initiative +8/-4: Reaction 12, HF 4 - soak 2 - Hardness 2 +0, "
        "+d10 +8, -d10 -4 = 16 (acts; no penalty)",
        "  #22 Note: Linda takes aim.",
    ]


def test_quit_with_nothing_recorded(table: Table) -> None:
    table.type("quit")
    table.shows("Nothing recorded this session.")
    assert table.finish() == 0


def test_help_lists_the_campaigns_commands_and_help_command_shows_one(table: Table) -> None:
    table.run("help")
    text = table.text()
    assert "Commands (as `journal COMMAND`, without `journal`)" in text
    assert re.search(r"^  initiative +Roll NAME's initiative", text, re.M)
    assert "fright" not in text  # the campaign's ruleset's commands only
    table.run("help soak")
    assert "Usage: journal soak [OPTIONS] NAME POINTS" in table.text()


def test_the_typed_lines_are_kept_per_campaign(fight: Cli, tmp_path: Path) -> None:
    first = Table(fight.db, tmp_path).started(SLUG)
    try:
        first.run("status")
        first.type("quit")
        assert first.finish() == 0
    finally:
        first.close()
    (kept,) = (tmp_path / "state" / "journal" / "history").glob(f"{SLUG}-*")
    assert "+status" in kept.read_text()
    again = Table(fight.db, tmp_path).started(SLUG)
    try:
        again.keys("\x1b[A", f"{SLUG}> quit")  # Up: the last line typed
    finally:
        again.close()


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
def test_who_has_yet_to_act_stands_out_in_colour_unless_no_color(
    fight: Cli, tmp_path: Path, no_color: bool
) -> None:
    table = Table(fight.db, tmp_path, env={"NO_COLOR": "1"} if no_color else {})
    try:
        table.started(SLUG)
        table.wait(lambda: "○ Linda" in table.board(), "the marked board")
        assert re.search(r"^○ Freddie +4 +-4 +- +- ", table.board(), re.M)
        coloured = COLOUR.search(table.raw.decode(errors="replace"))
        assert (coloured is None) == no_color, coloured
    finally:
        table.close()


def test_a_command_is_decided_on_what_another_writer_appended(fight: Cli, table: Table) -> None:
    """A second GM's laptop rolls Freddie's initiative while this prompt waits: the board
    catches up by itself, and the next ruling is decided on the fresh state."""
    table.wait(lambda: "○ Freddie" in table.board(), "Freddie yet to act")
    fight("initiative", "Freddie", "--dice", "+6/-3")  # another process: event #20
    table.wait(lambda: re.search(r"^  Freddie +4 +-4 +9 +yes", table.board(), re.M), "#20")
    table.run("initiative Freddie")
    assert reply(table, "initiative Freddie").startswith(
        "Error: Freddie already rolled initiative this turn (9)"
    )
    fight("shift", "Ariella", "grabbed")  # event #21, unseen by the board yet, maybe
    table.type("initiative Ariella")
    # the prompt's stake is the state the session saw when it asked: with the shift (HF 7,
    # penalty 7: the pair must come to -2) or, if the race was lost, without it (-4)
    asked = ("Ariella's initiative: +d10 -d10, acts at -2 or better [Enter rolls]",
             "Ariella's initiative: +d10 -d10, acts at -4 or better [Enter rolls]")  # fmt: skip
    table.wait(lambda: table.line in asked, "Ariella's dice prompt")
    table.keys("+3/-7", table.line + " +3/-7")
    table.child.send(b"\r")
    table.ready()
    rolled = reply(table, "initiative Ariella")
    assert rolled.startswith("#22 Ariella rolls initiative +3/-7: Reaction 10, HF 7 - ")


def test_play_needs_a_terminal_and_a_campaign(runner: Cli, tmp_path: Path) -> None:
    missing = Table(str(tmp_path / "none.db"), tmp_path)
    try:  # no journal: play offers to start one at its own prompt (test_play_anywhere.py)
        missing.at("journal> ")
        missing.child.send(b"\x04")
        assert missing.finish() == 0
        assert "Traceback" not in missing.text()
    finally:
        missing.close()
    assert not (tmp_path / "none.db").exists()
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    refused = runner.refused("play", "--campaign", "night")  # standard input: no terminal
    assert "journal play needs a terminal" in refused.stderr
    chosen = Terminal(["--db", runner.db, "play", "--campaign", "night"], tmp_path)
    try:
        chosen.at("night> ")
        assert "Playing 'night' (horror-factor)" in chosen.text()
        chosen.keys("ini\t", "night> initiative")  # the campaign's ruleset's commands
    finally:
        chosen.close()


def test_a_fighter_renamed_at_the_table_keeps_their_row(table: Table) -> None:
    """A character is an identity (issue 18): renamed mid-fight, Freddie keeps his row and
    his roll on the board, and the new name completes and rules on."""
    table.run("initiative Freddie --dice +6/-1")
    table.wait(lambda: re.search(r"^. ?Freddie +\d", table.board(), re.M) is not None, "a roll")
    row = next(line for line in table.board().splitlines() if "Freddie" in line)
    table.run("character rename Freddie Fred")
    table.wait(lambda: "Fred " in table.board() and "Freddie" not in table.board(), "Fred")
    renamed = next(line for line in table.board().splitlines() if "Fred " in line)
    assert renamed.replace("Fred ", "Freddie", 1).split() == row.split(), table.board()
    table.run("soak Fr\t 1", "soak Fred 1")  # the new name completes, and rules on
    table.wait(lambda: "Fred soaks 1" in table.text(), "the soak")
