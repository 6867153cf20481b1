"""An import decides each session event against the sessions as the commands saw them: a
voided start or end is taken back, so what follows is checked against the sessions left
standing (the import keeps each session event's seq and number, not its payload)."""

from __future__ import annotations

import json
from pathlib import Path

from support.cli import Cli, count_events

Line = dict[str, object]


def _lines(runner: Cli, *steps: tuple[str, ...]) -> list[Line]:
    """The campaign after `steps`, exported as a hand-written log (no hashes)."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for step in steps:
        runner(*step)
    lines = [json.loads(line) for line in runner("export").stdout.splitlines()]
    for line in lines:
        for key in ("hash", "prev_hash", "campaign", "event_id"):
            line.pop(key, None)
    return lines


def _start(number: int) -> Line:
    return {"type": "SessionStarted", "data": {"number": number, "title": f"S{number}"}}


def _end(number: int) -> Line:
    return {"type": "SessionEnded", "data": {"number": number}}


def _imported(runner: Cli, tmp_path: Path, lines: list[Line]) -> tuple[bool, str]:
    """Whether `lines` import into a new database, else the refusal (and nothing written)."""
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    for stale in tmp_path.glob("other.db*"):
        stale.unlink()
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    result = other("import", str(path), ok=False)
    if result.exit_code == 0:
        assert count_events(other.db) == len(lines)
        return True, ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert count_events(other.db) == 0
    return False, result.stderr


START, END = ("session", "start"), ("session", "end")


def test_a_voided_start_is_taken_back(runner: Cli, tmp_path: Path) -> None:
    # #2 start 1, #3 end 1, #4 start 2, #5 void #4, #6 start 2 again
    lines = _lines(runner, START, END, START, ("void", "4", "--reason", "no"), START)
    assert _imported(runner, tmp_path, lines) == (True, "")
    assert _imported(runner, tmp_path, [*lines[:5], _start(3)]) == (
        False,
        "Error: line 6: it starts session 3 after session 1: sessions are numbered 1, 2, 3 "
        "... in order; nothing was imported\n",
    )


def test_a_voided_end_opens_its_session_again(runner: Cli, tmp_path: Path) -> None:
    # #2 start 1, #3 end 1, #4 void #3: session 1 is open again
    lines = _lines(runner, START, END, ("void", "3", "--reason", "no"))
    ok, said = _imported(runner, tmp_path, [*lines, _start(2)])
    assert not ok
    assert "line 5: session 2 starts while session 1 is open" in said
    assert _imported(runner, tmp_path, [*lines, _end(1), _start(2)]) == (True, "")


def test_every_session_voided_leaves_none(runner: Cli, tmp_path: Path) -> None:
    lines = _lines(
        runner, START, END, ("void", "3", "--reason", "no"), ("void", "2", "--reason", "no")
    )
    assert _imported(runner, tmp_path, [*lines, _start(1), _end(1)]) == (True, "")
    ok, said = _imported(runner, tmp_path, [*lines, _start(2)])
    assert not ok
    assert "line 6: it starts session 2 as the first" in said
    ok, said = _imported(runner, tmp_path, [*lines, _end(1)])
    assert not ok
    assert "line 6: it ends session 1, and no session is open" in said
