"""`journal adjust`: GM fiat on a character's numbers, with a reason. The options are the
numbers the campaign's ruleset lets the GM set (`Ruleset.adjustable`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from journal.cli.common import by_owner, complete, owned_options, refuse_others, run_and_show
from journal.cli.settings import json_flag, settings_of

if TYPE_CHECKING:
    from journal.api.rulesets import Ruleset

HELP = """GM fiat: set NAME's numbers by ruling, with a reason (recorded, explained, and shown
in handouts as the GM's ruling). Each option is a number of the campaign's ruleset; give a
change such as -1 (or what the option says).

\b
Example:
  journal adjust NAME --NUMBER -1 --reason "what the GM rules"
"""


class AdjustCommand(click.Command):
    """Its options are the numbers of the rulesets in scope, found when it parses or shows
    its help (never when `journal --help` lists it)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Its --reason takes the rest of the line unquoted from a shell too, as at the
        `play` prompt: `--reason misread the red die`."""
        from journal.cli.free_text import joined

        return super().parse_args(ctx, joined(self, args, ctx))

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        scope = settings_of(ctx).scope()
        params: list[click.Parameter] = [
            click.Argument(["name"], shell_complete=complete("character"))
        ]
        params += owned_options(scope, _numbers(scope), _flag, multiple=True)
        params.append(click.Option(["--reason"], required=True, help="Why the GM rules so."))
        params.append(json_flag())
        return [*params, *super().get_params(ctx)]


def _numbers(scope: list[Ruleset]) -> dict[str, tuple[Ruleset, str]]:
    """Every installed ruleset's adjustable numbers and their meaning (`by_owner`)."""
    return by_owner(scope, lambda ruleset: ruleset.adjustable.items())


def _flag(number: str) -> str:
    return f"--{number.replace('_', '-')}"


def _adjust(name: str, reason: str, as_json: bool, **given: Any) -> None:
    from journal.api.commands import AdjustNumbers

    settings = settings_of(click.get_current_context())
    ruleset = settings.journal().ruleset
    refuse_others(given, _numbers(settings.scope()), _flag, ruleset)
    changes = tuple((number, value) for number, values in given.items() for value in values)
    run_and_show(settings, AdjustNumbers(name, changes, reason), as_json)


adjust = AdjustCommand("adjust", callback=_adjust, help=HELP)
