"""The stress ruleset's commands and the options of its sheet for `character add`: one
`@click.command` a command, each handing its rules' command to `run_and_show`."""

from __future__ import annotations

from typing import Any

import click

from journal.plugin.cli import (
    Settings,
    WiredCommands,
    commands_in,
    complete,
    fail,
    json_option,
    pass_settings,
    run_and_show,
)


@click.command("stress")
@click.argument("name", shell_complete=complete("character"))
@click.argument("amount", type=int)
@click.option("--reason", required=True, help="What weighs on them (or eases it).")
@json_option
@pass_settings
def stress(settings: Settings, name: str, amount: int, reason: str, as_json: bool) -> None:
    """NAME's stress moves by AMOUNT (-10 to 10; it stays within 0 to 10).

    \b
    Example:
      journal stress Mina 3 --reason "the lights die"
      journal stress Mina -2 --reason "a quiet night"
    """
    from journal_stress.rules.stress import Stress

    run_and_show(settings, Stress(name, amount, reason), as_json)


@click.command("panic")
@click.argument("name", shell_complete=complete("character"))
@click.option("--dice", type=int, metavar="D", help="The d10 you rolled (rolled when left out).")
@json_option
@pass_settings
def panic(settings: Settings, name: str, dice: int | None, as_json: bool) -> None:
    """NAME rolls for panic: nerve + d10 - stress; below 6 they panic (stress +1).

    \b
    Example:
      journal panic Mina --dice 2
    """
    from journal_stress.rules.panic import Panic

    entered = {"panic": (dice,)} if dice is not None else None
    run_and_show(settings, Panic(name), as_json, entered, {"panic": "--dice"})


SHEET_EXAMPLE = "journal character add Mina --nerve 4 --stress 1"


def sheet_options() -> list[click.Option]:
    return [
        click.Option(["--nerve"], type=int, help="Nerve, 1-10: the panic roll's base."),
        click.Option(["--stress"], type=int, help="Stress to start with, 0-10 (default 0)."),
    ]


def sheet(given: dict[str, Any]) -> dict[str, object]:
    if given.get("nerve") is None:
        fail("a stress character needs --nerve N (1 to 10)")
    return {"nerve": given["nerve"], "stress": given.get("stress") or 0}


#: its commands are every click command above (`commands_in`): a new one is its block, no more
CLI = WiredCommands(commands_in(__name__), sheet_options, sheet, SHEET_EXAMPLE)
