"""Reaching a row of the Fright Check Table with entered dice, through the CLI.

Eli: Will 10, HT 10, IQ 12 (HP 10, FP 10). He fails by the margin the row needs (1 to 8
at Will 10, rolling 11 to 18; up to 18 with `--monster -10`, Will 0), and the table roll
is the row minus that margin, entered as 3d6.
"""

from __future__ import annotations

from typing import Any

from support.cli import Cli, count_events


def seat(runner: Cli, *extra: str) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12", *extra)
    runner("session", "start", "The morgue", "--at", "1987-11-13 23:00")
    return runner


def faces(total: int) -> str:
    """Three d6 faces that sum to `total` (3 to 18)."""
    assert 3 <= total <= 18, total
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return f"{first},{second},{total - first - second}"


def row_dice(row: int) -> list[str]:
    """The `fright` options that make Eli fail into `row` (4 to 36)."""
    if row <= 26:
        margin = min(8, row - 3)
        return ["--dice", faces(10 + margin), "--table-dice", faces(row - margin)]
    margin = min(18, row - 3)
    return ["--monster", "-10", "--dice", faces(margin), "--table-dice", faces(row - margin)]


def fright_row(runner: Cli, row: int, *effect_dice: str, threat: str = "drawer") -> dict[str, Any]:
    """Eli's Fright Check into `row`, its effect dice given as `stun=3`, `fp=4`..."""
    extra = [arg for dice in effect_dice for arg in ("--effect-dice", dice)]
    document = runner.json("fright", "Eli", "--threat", threat, *row_dice(row), *extra)
    assert isinstance(document, dict) and document["row"] == row, document
    return document


def eli(runner: Cli) -> dict[str, Any]:
    return runner.json("status")["characters"]["Eli"]  # type: ignore[index,no-any-return]


def refused(runner: Cli, *args: str) -> str:
    """A refusal: one `Error:` line, exit 1, and not one event written."""
    before = count_events(runner.db)
    stderr = runner.refused(*args).stderr
    assert count_events(runner.db) == before, args
    return stderr
