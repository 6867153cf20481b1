"""Asking the GM at a terminal for the faces of a roll they did not enter."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from journal.api.dice import DiceRequest


def ask_at_terminal(request: DiceRequest) -> tuple[int, ...] | None:
    """Ask the GM at a terminal for a roll's faces (blank: the journal rolls them); the
    prompt goes to standard error, so `--json` output stays clean."""
    from journal.api.dice import read_faces
    from journal.errors import RuleError

    while True:
        text: str = click.prompt(
            f"{request.label} [Enter rolls]", default="", show_default=False, err=True
        )
        try:
            return read_faces(text, request.count, request.sides)
        except RuleError as exc:
            click.echo(f"  {exc}", err=True)
