"""`journal campaign new|list` and `journal character add|show`."""

from __future__ import annotations

from typing import Any

import click

from journal.cli.common import (
    emit_json,
    json_option,
    key_values,
    pass_settings,
    table,
    whole_number,
)
from journal.cli.main import Settings, fail

RULESET_CHOICES = ["horror-factor", "fright-check"]


@click.group()
def campaign() -> None:
    """Start and list campaigns.

    \b
    Example:
      journal campaign new night --ruleset horror-factor --title "Night of the Horde"
      journal campaign list
    """


@campaign.command("new")
@click.argument("slug")
@click.option(
    "--ruleset",
    required=True,
    metavar="|".join(RULESET_CHOICES),
    help="The rules: horror-factor (Tarafore) or fright-check (GURPS).",
)
@click.option("--title", default="", help="A title for handouts (default: from the slug).")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="K=V",
    help="A campaign option, e.g. exceptional_margin=4 (horror-factor).",
)
@json_option
@pass_settings
def campaign_new(
    settings: Settings, slug: str, ruleset: str, title: str, options: tuple[str, ...], as_json: bool
) -> None:
    """Start campaign SLUG (creates the database on first use).

    \b
    Example:
      journal campaign new night --ruleset horror-factor
      journal campaign new morgue --ruleset fright-check --title "A Night in the Morgue"
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
    store = settings.store()
    store.require_current()
    rows = []
    for first in store.campaigns():
        rows.append(
            {
                "campaign": first.campaign,
                "ruleset": first.data["ruleset"],
                "title": first.data["title"],
                "events": store.count(first.campaign),
                "created_at": first.export()["recorded_at"],
            }
        )
    if as_json:
        emit_json(rows)
        return
    if not rows:
        click.echo("No campaigns yet: journal campaign new SLUG --ruleset horror-factor")
        return
    click.echo(
        table(
            [[r["campaign"], r["ruleset"], r["events"], r["title"]] for r in rows],
            ["campaign", "ruleset", "events", "title"],
        )
    )


@click.group()
def character() -> None:
    """Add characters and show their sheets.

    \b
    Example:
      journal character add Linda --reaction 12 --willpower 10 --hardness 2 --training some
      journal character show Linda
    """


HF_OPTIONS = ("reaction", "willpower", "hardness", "training", "brokenness", "specs")
FC_OPTIONS = ("will", "ht", "iq", "traits", "quirks", "disadvantages")


@character.command("add")
@click.argument("name")
@click.option("--reaction", type=int, help="(horror-factor) Awareness (Reaction), e.g. 10.")
@click.option("--willpower", type=int, help="(horror-factor) Willpower, 1-20.")
@click.option("--hardness", type=int, help="(horror-factor) Hardness, 0-7.")
@click.option(
    "--training",
    help="(horror-factor) none|some|professional|elite|supernatural: sets the hardening cap.",
)
@click.option("--brokenness", type=int, help="(horror-factor) Brokenness 0-6 (default 0).")
@click.option(
    "--spec",
    "specs",
    multiple=True,
    metavar="CAT=N",
    help="(horror-factor) Hardness for a category.",
)
@click.option("--will", type=int, help="(fright-check) Will.")
@click.option("--ht", type=int, help="(fright-check) HT.")
@click.option("--iq", type=int, help="(fright-check) IQ.")
@click.option(
    "--trait",
    "traits",
    multiple=True,
    metavar="NAME[=N]",
    help='(fright-check) e.g. "Fearlessness=2", "Combat Reflexes", Unfazeable.',
)
@click.option("--quirk", "quirks", multiple=True, help="(fright-check) An existing quirk.")
@click.option(
    "--disadvantage",
    "disadvantages",
    multiple=True,
    metavar="NAME=POINTS[/SCN]",
    help='(fright-check) An existing mental disadvantage, e.g. "Phobia (dark)=-15/12".',
)
@json_option
@pass_settings
def character_add(settings: Settings, /, name: str, as_json: bool, **given: Any) -> None:
    """Add character NAME with the sheet of the campaign's ruleset.

    \b
    Example (horror-factor):
      journal character add Freddie --reaction 10 --willpower 10 --hardness 0 --training none
      journal character add Prof --reaction 11 --willpower 12 --hardness 1 --training some \\
          --spec mythos=4
    Example (fright-check):
      journal character add Mara --will 12 --ht 11 --iq 13 --trait "Combat Reflexes"
    """
    from journal.rules.core import AddCharacter

    journal = settings.journal()
    state = journal.state()
    sheet = _sheet(state.ruleset, given)
    outcome = journal.execute(AddCharacter(name, sheet))
    record = outcome.records[-1]
    added = record.data["name"]
    if as_json:
        emit_json({"seq": record.seq, "character": added, "sheet": record.data["sheet"]})
        return
    click.echo(f"#{record.seq} {added} joins campaign {state.slug!r}.")


def _sheet(ruleset: str, given: dict[str, Any]) -> dict[str, Any]:
    theirs = FC_OPTIONS if ruleset == "horror-factor" else HF_OPTIONS
    # The option keys of the repeatable flags are plurals: name the flag the GM typed.
    flag_of = {
        "specs": "--spec",
        "traits": "--trait",
        "quirks": "--quirk",
        "disadvantages": "--disadvantage",
    }
    stray = [flag_of.get(k, f"--{k}") for k in theirs if given.get(k) not in (None, ())]
    if stray:
        other = "fright-check" if ruleset == "horror-factor" else "horror-factor"
        verb = "belongs" if len(stray) == 1 else "belong"
        fail(f"{', '.join(stray)} {verb} to {other}; this campaign plays {ruleset}")
    if ruleset == "horror-factor":
        required = ("reaction", "willpower", "hardness", "training")
        missing = [f"--{k}" for k in required if given.get(k) is None]
        if missing:
            fail(f"a horror-factor character needs {', '.join(missing)}")
        sheet: dict[str, Any] = {k: given[k] for k in required}
        sheet["specializations"] = {
            k: whole_number(v, f"--spec {k}")
            for k, v in key_values(given["specs"], "--spec").items()
        }
        if given.get("brokenness") is not None:
            sheet["brokenness"] = given["brokenness"]
        return sheet
    attributes = ("will", "ht", "iq")
    missing = [f"--{k}" for k in attributes if given.get(k) is None]
    if missing:
        fail(f"a fright-check character needs {', '.join(missing)}")
    sheet = {k: given[k] for k in attributes}
    traits: dict[str, Any] = {}
    for text in given["traits"]:
        trait, sep, level = text.partition("=")
        traits[trait.strip()] = whole_number(level, f"--trait {trait}") if sep else True
    sheet["traits"] = traits
    sheet["quirks"] = tuple(q.strip() for q in given["quirks"] if q.strip())
    sheet["disadvantages"] = tuple(_disadvantage(t) for t in given["disadvantages"])
    return sheet


def _disadvantage(text: str) -> dict[str, Any]:
    name, sep, rest = text.rpartition("=")
    if not sep or not name.strip():
        fail(f'--disadvantage {text!r} is not NAME=POINTS[/SCN], e.g. "Phobia (dark)=-15/12"')
    points, _, scn = rest.partition("/")
    return {
        "name": name.strip(),
        "points": whole_number(points, f"the points of {name.strip()}"),
        "self_control": whole_number(scn, f"the self-control number of {name.strip()}")
        if scn
        else None,
    }


@character.command("show")
@click.argument("name")
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
    from journal.cli.views import character_view
    from journal.narrate import value_text

    journal = settings.journal()
    state = journal.state(journal.upto(as_of))
    canonical = state.character(name)
    view = character_view(journal, state, canonical)
    if as_json:
        emit_json(view)
        return
    for key, value in view.items():
        if key in ("name", "events", "history"):
            continue
        click.echo(f"{key:>18}: {value_text(value)}")
    if view["events"]:
        click.echo("")
        for line in view["events"]:
            click.echo(f"  {line}")
