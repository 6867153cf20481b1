"""Tab at the `play` prompt (issue 41, E4), on the GM's evening in a pseudo-terminal: Tab
completed names for `fright` but not for `recover`, `heal` or `rest`; `reveal <Tab>`
listed bare numbers with no text; `--to <Tab>` did not offer `players`. Every argument
that names something completes, with a few words of what it is."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import Cli, clone
from support.evening import SECRET, SLUG, evening_db
from support.pty import Table


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return evening_db(tmp_path_factory.mktemp("evening"))


@pytest.fixture
def evening(built: Path, runner: Cli) -> Cli:
    clone(built, runner.db)
    runner("note", "The matron keeps a second key.", "--gm-only")  # 28: a second secret
    return runner


@pytest.fixture
def table(evening: Cli, tmp_path: Path) -> Iterator[Table]:
    opened = Table(evening.db, tmp_path, rows=40, columns=160).started(SLUG)
    yield opened
    opened.close()


def menu(table: Table, typed: str, *rows: str) -> None:
    """Type `typed` and a Tab, wait until the menu shows each of `rows` (a regular
    expression of one menu line: the value, then its few words), then clear the line."""
    table.child.send(f"{typed}\t".encode())

    def shown() -> bool:
        lines = [line.strip() for line in table.screen.display]
        return all(any(re.fullmatch(row, line) for line in lines) for row in rows)

    table.wait(shown, f"the menu of {typed!r}: {rows}")
    table.child.send(b"\x03")  # Ctrl-C: the line cleared, nothing written
    table.ready()


def test_names_complete_for_every_command_that_takes_one(table: Table) -> None:
    for command in ("recover", "heal", "rest", "adjust", "character rename", "encounter join"):
        menu(table, f"{command} ", "Mara", "Cole", "Priya")
    # one name fits: Tab writes it, and what is typed next lands after it
    table.run("heal Pr\t --fp 1", "heal Priya --fp 1")
    table.run("recover Co\t", "recover Cole")


def test_a_secrets_seq_comes_with_a_few_words_of_it(table: Table) -> None:
    menu(
        table,
        "reveal ",
        r'28\s+GM-only: "The matron keeps a second key\."',
        rf'{SECRET}\s+secret for Cole: "Cole sees his dead…"',
    )


def test_audiences_complete_players_gm_and_names(table: Table) -> None:
    menu(table, f"reveal {SECRET} --to ", r"players\s+every player", "Mara", "Cole", "Priya")
    menu(
        table,
        "recap 1 --for ",
        r"players\s+the players' copy: nothing GM-only",
        r"gm\s+the GM's copy: everything",
        r"Priya\s+Priya's own",
    )
    table.run(f"reveal {SECRET} --to pl\t", f"reveal {SECRET} --to players")


def test_seqs_of_events_and_rulings_come_with_their_line(table: Table) -> None:
    menu(
        table,
        "void 1",
        r"19\s+Reveals secret #9 to Priya",
        r"14\s+Mara's Fright Check vs nurse \[from the threat…",  # (E3: inherited)
    )
    menu(table, "amend 2", r"22\s+Priya's Fright Check vs nurse \[from the threat…")
    menu(table, "log --session ", r"2\s+The second night", r"1\s+Admission night")
