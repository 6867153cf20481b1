"""`journal campaign new|list` and `journal character add|show`.

`character add` takes the sheet options of the campaign's ruleset (its `cli` module's
`sheet_options()`); another ruleset's options are accepted only to be refused by name.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import click

from journal.cli.common import complete, emit_json, json_option, key_values, pass_settings
from journal.cli.main import Settings, fail, settings_of

if TYPE_CHECKING:
    from journal.rules.ruleset import Ruleset


def _ruleset_names() -> list[str]:
    from journal.rules import names

    return names()


@click.group()
def campaign() -> None:
    """Start and list campaigns.

    \b
    Example:
      journal campaign new night --ruleset RULESET --title "Night of the Horde"
      journal campaign list
    """


class RulesetChoice(click.ParamType):  # type: ignore[type-arg]
    """An installed ruleset's name (listed in the help, checked by the rules)."""

    name = "ruleset"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "|".join(_ruleset_names()) or "RULESET"


@campaign.command("new")
@click.argument("slug")
@click.option(
    "--ruleset",
    required=True,
    type=RulesetChoice(),
    help="The rules the campaign plays (see `journal --help` for what each one is).",
)
@click.option("--title", default="", help="A title for handouts (default: from the slug).")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="K=V",
    help="A campaign option of the ruleset, e.g. exceptional_margin=4.",
)
@json_option
@pass_settings
def campaign_new(
    settings: Settings, slug: str, ruleset: str, title: str, options: tuple[str, ...], as_json: bool
) -> None:
    """Start campaign SLUG (creates the database on first use).

    \b
    Example:
      journal campaign new night --ruleset RULESET --title "Night of the Horde"
      journal campaign new morgue --ruleset RULESET --option KEY=VALUE
    """
    from journal.app import create_campaign

    store = settings.store(create=True)
    outcome = create_campaign(store, slug, ruleset, title, key_values(options, "--option"))
    state = outcome.state
    if as_json:
        emit_json(
            {
                "campaign": state.slug,
                "ruleset": state.ruleset,
                "title": state.title,
                "options": dict(state.options),
                "seq": state.seq,
                "db": store.describe(),
            }
        )
        return
    click.echo(f"Campaign {state.slug!r} ({state.ruleset}) started in {store.describe()}.")
    click.echo("Next: journal character add NAME ...")


@campaign.command("list")
@json_option
@pass_settings
def campaign_list(settings: Settings, as_json: bool) -> None:
    """List the campaigns in the database.

    \b
    Example:
      journal campaign list --json
    """
    from journal.api import campaigns
    from journal.text import table

    rows = campaigns(settings.store())
    if as_json:
        emit_json([row.to_json() for row in rows])
        return
    if not rows:
        click.echo("No campaigns yet: journal campaign new SLUG --ruleset RULESET")
        return
    click.echo(
        table(
            [[r.campaign, r.ruleset, r.events, r.title] for r in rows],
            ["campaign", "ruleset", "events", "title"],
        )
    )


# --- characters -----------------------------------------------------------------------------

ADD_HELP = """Add character NAME with the sheet of the campaign's ruleset (its options are
listed below; each ruleset's options say which ruleset they belong to when the campaign
cannot be told).

\b
Example:
  journal character add NAME --OPTION VALUE ...
"""


def _sheet_options(ruleset: Ruleset) -> list[click.Option]:
    module = ruleset.cli()
    return [] if module is None else list(module.sheet_options())


def add_command(settings: Settings) -> click.Command:
    """`character add` with the options of the rulesets in scope (the campaign's, or all)."""
    from journal.rules import load_all

    scope = settings.scope()
    params: list[click.Parameter] = [click.Argument(["name"])]
    owners: dict[str, tuple[Ruleset, str]] = {}
    examples: list[str] = []
    for ruleset in [*scope, *(r for r in load_all() if r not in scope)]:
        module = ruleset.cli()
        if module is None:
            continue
        if ruleset in scope:
            examples.append(str(getattr(module, "SHEET_EXAMPLE", "")))
        for option in _sheet_options(ruleset):
            assert option.name is not None
            if option.name in owners:
                continue
            owners[option.name] = (ruleset, option.opts[0])
            shown = copy.copy(option)
            shown.hidden = ruleset not in scope
            if len(scope) > 1:
                shown.help = f"({ruleset.name}) {option.help or ''}".strip()
            params.append(shown)
    params.append(
        click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON document.")
    )

    def add(name: str, as_json: bool, **given: Any) -> None:
        _add(settings, name, as_json, given, owners)

    text = ADD_HELP + "".join(f"  {line}\n" for e in examples for line in e.splitlines() if line)
    return click.Command("add", callback=add, params=params, help=text)


def _add(
    settings: Settings,
    name: str,
    as_json: bool,
    given: dict[str, Any],
    owners: dict[str, tuple[Ruleset, str]],
) -> None:
    from journal.rules.core import AddCharacter

    journal = settings.journal()
    ruleset = journal.ruleset
    stray: dict[str, list[str]] = {}
    for key, value in given.items():
        owner, flag = owners[key]
        if owner.name != ruleset.name and value not in (None, ()):
            stray.setdefault(owner.name, []).append(flag)
    for other, flags in stray.items():
        verb = "belongs" if len(flags) == 1 else "belong"
        fail(f"{', '.join(flags)} {verb} to {other}; this campaign plays {ruleset.name}")
    module = ruleset.cli()
    mine = {k: v for k, v in given.items() if owners[k][0].name == ruleset.name}
    sheet = module.sheet(mine) if module is not None else {}
    outcome = journal.run(AddCharacter(name, sheet))
    record = outcome.records[-1]
    if as_json:
        emit_json(
            {"seq": record.seq, "character": record.data["name"], "sheet": record.data["sheet"]}
        )
        return
    click.echo(f"#{record.seq} {record.data['name']} joins campaign {journal.campaign!r}.")


class CharacterGroup(click.Group):
    """`character add` is made for the campaign's ruleset when it is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return ["add", *super().list_commands(ctx)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name == "add":
            return add_command(settings_of(ctx))
        return super().get_command(ctx, cmd_name)


@click.group(cls=CharacterGroup)
def character() -> None:
    """Add characters and show their sheets.

    \b
    Example:
      journal character add NAME --OPTION VALUE ...   (see `journal character add --help`)
      journal character show Linda
    """


@character.command("show")
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--as-of",
    type=click.IntRange(min=1),
    metavar="SEQ",
    help="The sheet as it was after event SEQ.",
)
@json_option
@pass_settings
def character_show(settings: Settings, name: str, as_of: int | None, as_json: bool) -> None:
    """Show NAME's sheet and current numbers.

    \b
    Example:
      journal character show Linda
      journal character show Linda --json
    """
    from journal.text import value_text

    view = settings.journal().character(name, as_of)
    document = view.to_json()
    if as_json:
        emit_json(document)
        return
    for key, value in document.items():
        if key in ("name", "events", "history"):
            continue
        click.echo(f"{key:>18}: {value_text(value)}")
    if view.events:
        click.echo("")
        for line in view.events:
            click.echo(f"  {line}")
