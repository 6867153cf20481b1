"""Smaller findings of the third round: `void` summarises a long list of later rulings,
numbers in every argument are ASCII digits only, and a full disk reads "the disk is full"."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
import pytest
from support.cli import Cli, count_events

from journal.cli.main import CORE, cli, ruleset_commands
from journal.rules import load_all


@pytest.fixture
def fight(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "1", "--training", "none")
    runner("session", "start", "One")
    runner("award", "Linda", "--hardness", "1", "--reason", "the first night")  # #4
    runner("encounter", "start", "The horde", "--hf", "6", "--cast", "Linda")
    for turn in range(14):
        if turn:
            runner("turn")
        runner("initiative", "Linda", "--dice", "+5/-6")
    return runner


def test_void_summarises_a_long_list(fight: Cli) -> None:
    """Every later ruling's seq on one line (over 4,000 in the report)."""
    result = fight("void", "4", "--reason", "never happened")
    notice = [line for line in result.stderr.splitlines() if "no longer follow" in line]
    assert len(notice) == 1, result.stderr
    assert notice[0].count("#") == 10, notice[0]
    assert "and 4 later rulings: `journal audit` lists them" in notice[0], notice[0]
    assert notice[0].startswith("14 later ruling(s) no longer follow")


ASCII_ONLY = [
    ["clock", "advance", "\u0661\u0662h"],
    ["clock", "advance", "²h"],
    ["log", "--as-of", "\u0663"],
    ["log", "--as-of", "1_0"],
    ["explain", "Linda", "\u0663"],
    ["initiative", "Linda", "--dice", "+\u0665/-6"],
    ["soak", "Linda", "\u0662"],
    ["award", "Linda", "--hardness", "\u0661", "--reason", "x"],
    ["character", "add", "Sam", "--reaction", "\u0661\u0662", "--willpower", "10",
     "--hardness", "1", "--training", "none"],
    ["character", "add", "Sam", "--reaction", "12", "--willpower", "10", "--hardness", "1",
     "--training", "none", "--spec", "occult=\u0663"],
    ["recap", "\u0661"],
    ["void", "\u0664", "--reason", "x"],
]


@pytest.mark.parametrize("args", ASCII_ONLY, ids=[" ".join(a[:3]) for a in ASCII_ONLY])
def test_numbers_are_ascii_digits_only(fight: Cli, args: list[str]) -> None:
    """`clock advance` of Arabic-Indic digits was accepted while `²h` was refused."""
    fight("clock", "set", "1925-10-31 22:00")
    before = count_events(fight.db)
    result = fight(*args, ok=False)
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    said = ("in the digits 0-9", "is not an amount of time", "are not a d10 pair")
    assert any(words in result.stderr for words in said), result.stderr
    assert count_events(fight.db) == before


def _numbers(command: click.Command, ctx: click.Context) -> list[click.Parameter]:
    found = [p for p in command.get_params(ctx) if isinstance(p.type, click.types.ParamType)]
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                found += _numbers(sub, click.Context(sub, parent=ctx, info_name=name))
    return found


def test_every_number_parameter_reads_ascii_digits() -> None:
    """One check for every command, core and rulesets', so none can forget it."""
    from journal.cli.digits import Digits

    ctx = click.Context(cli)
    names = [*CORE, *ruleset_commands(load_all())]
    params = []
    for name in names:
        command = cli.get_command(ctx, name)
        assert command is not None
        params += _numbers(command, click.Context(command, parent=ctx, info_name=name))
    numbers = [
        p for p in params
        if isinstance(p.type, Digits | click.types._NumberParamTypeBase)
    ]
    assert len(numbers) > 30
    assert [p.name for p in numbers if not isinstance(p.type, Digits)] == []


def test_a_full_database_reads_the_disk_is_full(
    fight: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's "database or disk is full" read "could not be read or written"."""
    from journal.store.sqlite import SQLiteRecorder

    made = SQLiteRecorder._connect

    def capped(recorder: SQLiteRecorder) -> sqlite3.Connection:
        connection = made(recorder)
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count={pages}")
        return connection

    monkeypatch.setattr(SQLiteRecorder, "_connect", capped)
    before = count_events(fight.db)
    from journal.events.canonical import TEXT_LIMIT

    result = fight.refused("note", "x" * TEXT_LIMIT)  # the longest note: pages the disk lacks
    assert "Error: the disk is full" in result.stderr
    assert count_events(fight.db) == before


def test_a_disk_io_error_on_a_full_disk_reads_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from journal.store import engine

    monkeypatch.setattr(engine, "NEARLY_FULL", 2**62)  # every disk is nearly full now
    failure = sqlite3.OperationalError("disk I/O error")
    assert engine.problem(str(tmp_path / "j.db"), failure).startswith("the disk is full")
    monkeypatch.setattr(engine, "NEARLY_FULL", 0)
    assert "check the disk" in engine.problem(str(tmp_path / "j.db"), failure)
