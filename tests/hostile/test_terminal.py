"""Text the journal prints to a terminal shows control characters visibly, whoever typed
them (another writer, an imported file): a note cannot move the cursor and forge the line
above, an OSC sequence cannot retitle the terminal, a CR cannot overwrite the status table.
`--json` documents and `export` lines are data: unchanged."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.cli import Cli
from support.pty import Terminal

from journal.text import visible

#: what a terminal obeys: C0 but tab and newline, DEL, C1
OBEYED = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
FORGED = "\x1b[1A\x1b[2K#3 Note: all quiet tonight"
TITLE = "\x1b]0;pwned\x07"
CSI = "\x9b2J"


@pytest.fixture
def hostile(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor", "--title", f"Night{TITLE}")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "none")  # names refuse control characters
    runner("session", "start", f"One{CSI}\r")
    runner("note", f"{FORGED}{TITLE}\r\x08{CSI}")
    runner("note", f"secret{TITLE}", "--gm-only", "--about", "Linda")
    runner("character", "retire", "Linda", "--reason", f"gone{CSI}\r")
    return runner


COMMANDS = [
    ["log"],
    ["status"],
    ["campaign", "list"],
    ["character", "list"],
    ["character", "show", "Linda"],
    ["explain", "Linda"],
    ["recap", "--for", "gm"],
    ["recap", "--for", "gm", "--format", "html"],
    ["audit"],
    ["void", "4", "--reason", f"typo{TITLE}"],
    ["note", f"again{TITLE}"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_every_command_shows_control_characters(hostile: Cli, command: list[str]) -> None:
    result = hostile(*command)
    for stream in (result.stdout, result.stderr):
        assert not OBEYED.search(stream), repr(stream)
    plain = (["audit"], ["status"], ["character", "list"], ["explain", "Linda"])
    assert "␛" in result.stdout or command in plain, result.stdout


def test_a_refusal_shows_them_too(hostile: Cli) -> None:
    result = hostile.refused("explain", f"Nobody{TITLE}")
    assert not OBEYED.search(result.stderr), repr(result.stderr)


def test_a_usage_error_shows_them_too(hostile: Cli) -> None:
    result = hostile(f"nonsense{TITLE}", ok=False)
    assert result.exit_code == 2 and not OBEYED.search(result.stderr), repr(result.stderr)


def test_json_and_export_are_unchanged(hostile: Cli, tmp_path: Path) -> None:
    log = hostile.json("log")
    assert isinstance(log, list)
    assert log[3]["data"]["text"] == f"{FORGED}{TITLE}\r\x08{CSI}"
    exported = hostile("export").stdout
    assert CSI in exported  # a C1 character is no escape in JSON: the line byte for byte
    assert json.loads(exported.splitlines()[3])["data"]["text"] == f"{FORGED}{TITLE}\r\x08{CSI}"


def test_visible_keeps_tabs_and_newlines() -> None:
    assert visible("a\tb\nc\x1b[2J\r\x7f\x9b\u202e") == "a\tb\nc␛[2J␍␡\\x9b\\u202e"


def test_at_a_real_terminal_nothing_is_obeyed(hostile: Cli, tmp_path: Path) -> None:
    """On a terminal click strips no escape sequence: the forged line shows as text."""
    terminal = Terminal(["--db", hostile.db, "log"], tmp_path)
    try:
        assert terminal.finish() == 0
    finally:
        terminal.close()
    raw = terminal.raw.decode("utf-8", errors="replace")
    assert "␛[1A␛[2K#3 Note: all quiet tonight␛]0;pwned␇" in raw
    assert "\x1b" not in raw and "\r\x08" not in raw


def test_play_shows_them_on_its_board_and_in_its_output(hostile: Cli, tmp_path: Path) -> None:
    from support.pty import Table

    hostile("character", "add", "Dana", "--reaction", "12", "--willpower", "10",
            "--hardness", "2", "--training", "none")
    hostile("encounter", "start", f"Cellar{TITLE}", "--hf", "4", "--cast", "Dana")
    table = Table(hostile.db, tmp_path).started("night")
    try:
        table.shows("Night␛]0;pwned␇ (night")  # the board's heading
        table.run("log")
        table.shows("#3 Note: all quiet tonight␛]0;pwned␇")
        table.child.send(b"\x04")
        table.finish()
    finally:
        table.close()
    assert b"\x1b]0;pwned" not in bytes(table.raw) and b"\x1b[1A\x1b[2K#3" not in bytes(table.raw)
