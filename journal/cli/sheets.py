"""A character's sheet as it changes, written once for every ruleset whose sheet has named
things: `journal character trait add|remove|rename`. A ruleset's `cli` defines a `character`
group of its own (`character(...)`) with what it adds to the core's (`journal character
add|list|show|rename|retire`); the core's group offers them as its own (`CharacterGroup`).
Each command is wired with the ruleset's command class (named `module:Class`, imported
only when the command runs) and its own help."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from journal.cli.common import complete, json_option, pass_settings, run_and_show
from journal.cli.fights import command_class
from journal.cli.settings import Settings, settings_of

REASON_HELP = "Why the sheet changes (kept with the change: log, explain)."


class CharacterGroup(click.Group):
    """`journal character`: the core's subcommands, and those the campaign's ruleset adds
    (the subcommands of its own `character` group; every installed ruleset's when the
    campaign cannot be told, the first one's winning a name two share)."""

    def _added(self, ctx: click.Context) -> dict[str, click.Command]:
        from journal.cli.digits import strict_numbers
        from journal.cli.group import ruleset_commands

        root = ctx.find_root()
        try:
            if isinstance(root.obj, Settings) or root.params:
                scope = settings_of(ctx).scope()
            else:  # journal's own options not read yet (`root_options.hoisted` looks ahead)
                from journal.api.rulesets import installed

                scope = installed()
        except Exception:  # no readable database: the core's subcommands only
            return {}
        found: dict[str, click.Command] = {}
        for ruleset in scope:
            group = ruleset_commands([ruleset]).get("character")
            if isinstance(group, click.Group):
                for name, command in group.commands.items():
                    found.setdefault(name, strict_numbers(command))
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        own = super().list_commands(ctx)
        return own + [n for n in self._added(ctx) if n not in own]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name) or self._added(ctx).get(cmd_name)
        return found if found is not None else self._elsewhere(ctx, cmd_name)

    def _elsewhere(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """Another installed ruleset's subcommand (`character import` in a campaign whose
        ruleset has none): refused in one line naming whose it is."""
        from journal.cli.group import ruleset_commands

        try:
            from journal.api.rulesets import installed

            scope = {r.name for r in settings_of(ctx).scope()}
            owners = [
                r.name
                for r in installed()
                if r.name not in scope
                and isinstance(group := ruleset_commands([r]).get("character"), click.Group)
                and cmd_name in group.commands
            ]
        except Exception:  # no readable database: no subcommand of a ruleset to name
            return None
        if not owners:
            return None
        plays = ", ".join(sorted(scope)) or "no ruleset"

        @click.command(cmd_name, context_settings={"ignore_unknown_options": True})
        @click.argument("words", nargs=-1, type=click.UNPROCESSED)
        def refused(words: tuple[str, ...]) -> None:
            from journal.cli.settings import fail

            fail(
                f"`character {cmd_name}` is the {owners[0]} ruleset's; this campaign plays {plays}"
            )

        return refused


def character(help: str) -> click.Group:
    """A ruleset's `character` group: what it adds to `journal character`."""
    return click.Group("character", help=help)


def traits(help: str) -> click.Group:
    """`character trait`: its subcommands added by the ruleset (`trait_add` ...)."""
    return click.Group("trait", help=help)


def trait_add(command: str, help: str, kinds: Sequence[str] = ()) -> click.Command:
    """`character trait add NAME TRAIT [--level N] --reason TEXT`, and with `kinds` (a GURPS
    sheet's) `--points N --scn N` and a flag for each kind (`--mental`, `--physical`...):
    `command` (`module:Class`) made from NAME, TRAIT, the reason, the level, points,
    self-control number and kind."""
    make = command_class(command)

    def add(
        settings: Settings, name: str, trait: str, reason: str, as_json: bool, **given: Any
    ) -> None:
        chosen = [k for k in kinds if given.get(k)]
        if len(chosen) > 1:
            from journal.cli.settings import fail

            fail(f"a trait is one of {', '.join(kinds)}: give one of --{', --'.join(chosen)}")
        extra: tuple[object, ...] = ()
        if kinds:
            extra = (given.get("points"), given.get("scn"), chosen[0] if chosen else None)
        run_and_show(settings, make(name, trait, reason, given.get("level"), *extra), as_json)

    params: list[Callable[[Any], Any]] = [
        click.argument("name", shell_complete=complete("character")),
        click.argument("trait", shell_complete=complete("trait")),
        click.option("--level", type=int, metavar="N", help="Its level, e.g. 2."),
    ]
    if kinds:
        params += [
            click.option("--points", type=int, metavar="N", help="What it is worth, e.g. -10."),
            click.option("--scn", type=int, metavar="N", help="Self-control number: 6 to 15."),
        ]
        params += [
            click.option(f"--{kind}", is_flag=True, help=f"It is a {kind} one.") for kind in kinds
        ]
    params += [
        click.option("--reason", required=True, metavar="TEXT", help=REASON_HELP),
        json_option,
        pass_settings,
    ]
    callback: Callable[..., Any] = add
    for param in reversed(params):
        callback = param(callback)
    return click.command("add", help=help)(callback)


def trait_remove(command: str, help: str) -> click.Command:
    """`character trait remove NAME TRAIT --reason TEXT`."""
    make = command_class(command)

    @click.command("remove", help=help)
    @click.argument("name", shell_complete=complete("character"))
    @click.argument("trait", shell_complete=complete("trait"))
    @click.option("--reason", required=True, metavar="TEXT", help=REASON_HELP)
    @json_option
    @pass_settings
    def remove(settings: Settings, name: str, trait: str, reason: str, as_json: bool) -> None:
        run_and_show(settings, make(name, trait, reason), as_json)

    return remove


def trait_rename(command: str, help: str) -> click.Command:
    """`character trait rename NAME OLD NEW --reason TEXT`."""
    make = command_class(command)

    @click.command("rename", help=help)
    @click.argument("name", shell_complete=complete("character"))
    @click.argument("old", shell_complete=complete("trait"))
    @click.argument("new")
    @click.option("--reason", required=True, metavar="TEXT", help=REASON_HELP)
    @json_option
    @pass_settings
    def rename(
        settings: Settings, name: str, old: str, new: str, reason: str, as_json: bool
    ) -> None:
        run_and_show(settings, make(name, old, new, reason), as_json)

    return rename
