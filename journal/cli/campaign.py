"""`journal campaign new|list` and `journal character add|show`.

`character add` takes the sheet options of the campaign's ruleset (its `cli` module's
`sheet_options()`); another ruleset's options are accepted only to be refused by name.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, cast

import click

from journal.cli.common import (
    by_owner,
    complete,
    emit_json,
    json_option,
    key_values,
    pass_settings,
    refuse_others,
    run_and_show,
)
from journal.cli.rulesets import commands_of
from journal.cli.settings import Settings, complete_slug, json_flag, settings_of
from journal.cli.sheets import CharacterGroup

if TYPE_CHECKING:
    from journal.api.rulesets import Ruleset
    from journal.documents import JSONDict


def _ruleset_names() -> list[str]:
    from journal.api.rulesets import named

    return named()


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
    database = settings.database(create=True)
    created = database.create_campaign(slug, ruleset, title, key_values(options, "--option"))
    if as_json:
        emit_json(created)
        return
    click.echo(f"Campaign {created.campaign!r} ({created.ruleset}) started in {created.db}.")
    if created.not_remembered is not None:
        click.echo(
            f"Notice: could not remember {created.campaign!r} as the current campaign "
            f"({created.not_remembered}): name it with --campaign {created.campaign} while "
            "the database holds others",
            err=True,
        )
    part = commands_of(created.ruleset)
    example = (part.sheet_example if part is not None else "").splitlines()
    hint = example[0] if example else "journal character add --help"
    click.echo(f"Next: {hint}")


@campaign.command("use")
@click.argument("slug", shell_complete=complete_slug)
@json_option
@pass_settings
def campaign_use(settings: Settings, slug: str, as_json: bool) -> None:
    """Work on campaign SLUG from now on in this database (no --campaign needed); each
    GM keeps their own choice.

    \b
    Example:
      journal campaign use night
    """
    chosen = settings.database().use_campaign(slug)
    if as_json:
        emit_json(chosen)
        return
    click.echo(f"Now working on campaign {chosen.campaign!r} in {chosen.db}.")


@campaign.command("list")
@json_option
@pass_settings
def campaign_list(settings: Settings, as_json: bool) -> None:
    """List the campaigns in the database.

    \b
    Example:
      journal campaign list --json
    """
    from journal.api.text import aligned_text

    listed = settings.database().campaigns()
    if as_json:
        emit_json(listed)
        return
    rows = listed.campaigns
    if not rows:
        click.echo("No campaigns yet: journal campaign new SLUG --ruleset RULESET")
        return
    chosen = listed.current
    click.echo(
        aligned_text(
            [
                [
                    ("* " if r.campaign == chosen else "  ") + r.campaign,
                    r.ruleset,
                    r.events,
                    r.title,
                ]
                for r in rows
            ],
            ["  campaign", "ruleset", "events", "title"],
        )
    )
    if chosen is None:
        click.echo("No current campaign: choose one with `journal campaign use SLUG`.")
    elif chosen == listed.remembered:
        click.echo(
            f"* current: yours in this database, remembered in {listed.remembered_in} "
            "(not in the database; `journal campaign use SLUG` changes it)"
        )
    else:
        click.echo("* current: the only campaign in this database")


@campaign.command("language")
@click.argument("tag", required=False)
@json_option
@pass_settings
def campaign_language(settings: Settings, tag: str | None, as_json: bool) -> None:
    """The language the campaign's handouts are in, as a BCP 47 tag (`de`, `fr-CA`,
    `pt-BR`): their HTML and PDF say so, for screen readers and hyphenation. English until
    one is set. Without TAG, shows it.

    \b
    Example:
      journal campaign language de
      journal campaign language
    """
    if tag is None:
        found = settings.journal().language()
        if as_json:
            emit_json(found)
        else:
            click.echo(f"The handouts are in {found.language} (`journal campaign language TAG`)")
        return
    from journal.api.commands import SetLanguage

    run_and_show(settings, SetLanguage(tag), as_json)


# --- characters -----------------------------------------------------------------------------

ADD_HELP = """Add character NAME with the sheet of the campaign's ruleset (its options are
listed below; each ruleset's options say which ruleset they belong to when the campaign
cannot be told). Example: `journal character add NAME --OPTION VALUE ...`, and below.
"""


def _sheet_options(ruleset: Ruleset) -> list[click.Option]:
    part = commands_of(ruleset.name)
    return [] if part is None else part.sheet_options()


def _owners(settings: Settings) -> dict[str, tuple[Ruleset, click.Option]]:
    """Every installed ruleset's sheet options, by parameter name (`by_owner`)."""
    return by_owner(
        settings.scope(),
        lambda ruleset: ((str(option.name), option) for option in _sheet_options(ruleset)),
    )


class AddCommand(click.Command):
    """`character add` with the sheet options of the rulesets in scope (the campaign's; all
    of them when it cannot be told); another ruleset's options are hidden, accepted only to
    be refused by name. Made when it parses or shows its help."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        settings = settings_of(ctx)
        scope = settings.scope()
        params: list[click.Parameter] = [click.Argument(["name"])]
        for ruleset, option in _owners(settings).values():
            shown = copy.copy(option)
            shown.hidden = ruleset not in scope
            if len(scope) > 1:
                shown.help = f"({ruleset.name}) {option.help or ''}".strip()
            params.append(shown)
        params.append(json_flag())
        return [*params, *super().get_params(ctx)]

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        examples = []
        for ruleset in settings_of(ctx).scope():
            part = commands_of(ruleset.name)
            examples += (part.sheet_example if part is not None else "").splitlines()
        if examples:
            with formatter.section(f"Example{'s' if len(examples) > 1 else ''}"):
                for line in examples:
                    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")


def _add(name: str, as_json: bool, **given: Any) -> None:
    settings = settings_of(click.get_current_context())
    owners = _owners(settings)
    journal = settings.journal()
    ruleset = journal.ruleset
    refuse_others(given, owners, lambda key: owners[key][1].opts[0], ruleset)
    part = commands_of(ruleset.name)
    mine = {k: v for k, v in given.items() if owners[k][0].name == ruleset.name}
    sheet = part.sheet(mine) if part is not None else {}
    added = journal.add_character(name, cast("JSONDict", sheet))  # the sheet's values are JSON
    if as_json:
        emit_json(added)
        return
    click.echo(f"#{added.seq} {added.character} joins campaign {added.campaign!r}.")


character_add = AddCommand("add", callback=_add, help=ADD_HELP)


@click.command("list")
@json_option
@pass_settings
def character_list(settings: Settings, as_json: bool) -> None:
    """List the campaign's characters: who is in the story, who retired, former names.

    \b
    Example:
      journal character list
      journal character list --json
    """
    from journal.api.text import aligned_text

    listing = settings.journal().characters()
    if as_json:
        emit_json(listing.to_json())
        return
    if not listing.characters:
        click.echo("No characters yet: journal character add --help")
        return
    rows = [
        [
            c.name,
            f"#{c.joined}",
            "-" if c.retired is None else f"retired #{c.retired}",
            ", ".join(c.formerly) or "-",
        ]
        for c in listing.characters
    ]
    click.echo(aligned_text(rows, ["name", "joined", "status", "formerly"]))


@click.command("rename")
@click.argument("old", shell_complete=complete("character"))
@click.argument("new")
@json_option
@pass_settings
def character_rename(settings: Settings, old: str, new: str, as_json: bool) -> None:
    """Rename character OLD to NEW (a typo, a true name revealed); earlier events keep the
    old name, shown as "OLD (now NEW)".

    \b
    Example:
      journal character rename Tobais Tobias
    """
    from journal.api.commands import RenameCharacter
    from journal.cli.common import run_and_show

    run_and_show(settings, RenameCharacter(old, new), as_json)


@click.command("retire")
@click.argument("name", shell_complete=complete("character"))
@click.option("--reason", default="", help="Why they leave the story (dead, gone mad...).")
@json_option
@pass_settings
def character_retire(settings: Settings, name: str, reason: str, as_json: bool) -> None:
    """NAME leaves the story: out of later casts and standings, no more rulings; their
    history stays (void the retirement to bring them back).

    \b
    Example:
      journal character retire Sarge --reason "Fell in the cellar"
    """
    from journal.api.commands import RetireCharacter
    from journal.cli.common import run_and_show

    run_and_show(settings, RetireCharacter(name, reason), as_json)


@click.group(cls=CharacterGroup)
def character() -> None:
    """Add characters, show their sheets, and change them as play goes (the campaign's
    ruleset adds its own: `character trait` where its sheet has traits).

    \b
    Example:
      journal character add NAME --OPTION VALUE ...   (see `journal character add --help`)
      journal character show Linda
      journal character list
    """


character.add_command(character_add)
character.add_command(character_list)
character.add_command(character_rename)
character.add_command(character_retire)


@character.command("show")
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--as-of",
    type=click.IntRange(min=1),
    metavar="SEQ",
    help="The sheet as it was after event SEQ.",
    shell_complete=complete("event"),
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
    from journal.api.text import value_text

    view = settings.journal().character(name, as_of)
    if as_json:
        emit_json(view)
        return
    width = max((len(k) for k, _ in view.shown), default=0)
    click.echo(view.name)
    for key, value in view.shown:
        click.echo(f"  {key:<{width}}  {value_text(value)}")
    if view.events:
        click.echo("")
        for line in view.events:
            click.echo(f"  {line}")
