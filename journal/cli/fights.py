"""The fight commands every ruleset with fights shares, written once: the `encounter`
group, `encounter join NAME` and `encounter leave NAME --reason TEXT`, and the choice of
`NAME ...` or `--all` (`rest`). A ruleset's CLI wires them with its own command classes
(named `module:Class`, imported only when the command runs, so start-up stays lean) and
its own words (the help, the refusal)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from journal.cli.common import complete, json_option, pass_settings, run_and_show, split_names
from journal.cli.settings import Settings, fail

if TYPE_CHECKING:
    from journal.api.commands import Command


def command_class(where: str) -> Callable[..., Command]:
    """`module:Class`, the ruleset's command class, imported when a command is made."""

    def make(*args: object) -> Command:
        from journal.api.commands import Command

        module, _, name = where.partition(":")
        found: Callable[..., object] = getattr(importlib.import_module(module), name)
        command = found(*args)
        if not isinstance(command, Command):
            raise TypeError(f"{where} is no command class")
        return command

    return make


def encounter(help: str) -> click.Group:
    """The `encounter` group (its subcommands added by the ruleset), with its help."""
    return click.Group("encounter", help=help)


def join(command: str, help: str) -> click.Command:
    """`encounter join NAME`: `command` (`module:Class`, made from NAME) recorded."""
    make = command_class(command)

    @click.command("join", help=help)
    @click.argument("name", shell_complete=complete("character"))
    @json_option
    @pass_settings
    def encounter_join(settings: Settings, name: str, as_json: bool) -> None:
        run_and_show(settings, make(name), as_json)

    return encounter_join


def leave(command: str, help: str) -> click.Command:
    """`encounter leave NAME --reason TEXT`: `command` (made from NAME and the reason)."""
    make = command_class(command)

    @click.command("leave", help=help)
    @click.argument("name", shell_complete=complete("character"))
    @click.option("--reason", required=True, help="Why: fled, knocked out, carried away...")
    @json_option
    @pass_settings
    def encounter_leave(settings: Settings, name: str, reason: str, as_json: bool) -> None:
        run_and_show(settings, make(name, reason), as_json)

    return encounter_leave


def everyone_or(names: tuple[str, ...], everyone: bool, hint: str = "") -> tuple[str, ...]:
    """The names a command such as `rest NAME ... | --all` is for (`()`: everyone); a
    refusal of both, with the ruleset's `hint` after it."""
    if everyone and names:
        fail("give NAME ... or --all, not both" + (f": {hint}" if hint else ""))
    return () if everyone else split_names(names)
