"""`journal adjust`: GM fiat on a character's numbers, with a reason. The options are the
numbers the campaign's ruleset lets the GM set (`Ruleset.adjustable`)."""

from __future__ import annotations

from typing import Any

import click

from journal.cli.common import record
from journal.cli.main import settings_of

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

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        scope = settings_of(ctx).scope()
        params: list[click.Parameter] = [click.Argument(["name"])]
        seen: set[str] = set()
        for ruleset in scope:
            for number, meaning in ruleset.adjustable.items():
                if number not in seen:
                    seen.add(number)
                    prefix = f"({ruleset.name}) " if len(scope) > 1 else ""
                    params.append(
                        click.Option(
                            [f"--{number.replace('_', '-')}", number],
                            multiple=True,
                            metavar="VALUE",
                            help=prefix + meaning,
                        )
                    )
        params.append(click.Option(["--reason"], required=True, help="Why the GM rules so."))
        params.append(
            click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON document.")
        )
        return [*params, *super().get_params(ctx)]


def _adjust(name: str, reason: str, as_json: bool, **given: Any) -> None:
    from journal.rules.core import AdjustNumbers

    settings = settings_of(click.get_current_context())
    changes = tuple((number, value) for number, values in given.items() for value in values)
    record(settings, AdjustNumbers(name, changes, reason), as_json)


adjust = AdjustCommand("adjust", callback=_adjust, help=HELP)
