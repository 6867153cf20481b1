"""In the fight: `journal encounter`, `turn`, `initiative`, `soak`, `shift`, `drop`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import click

from journal.cli.common import emit_json, json_option, pass_settings, split_names
from journal.cli.main import Settings, fail


def run(
    settings: Settings,
    command: object,
    as_json: bool,
    dice: Mapping[str, Sequence[int]] | None = None,
    dice_flags: Mapping[str, str] | None = None,
    document: Any = None,
    then: Any = None,
) -> Any:
    """Execute a ruleset command; print each event's line, or the JSON document."""
    from journal.narrate import describe

    journal = settings.journal()
    outcome = journal.execute(command, dice, dice_flags, then)
    ruleset = journal.ruleset
    if as_json:
        emit_json(
            document(outcome)
            if document
            else [{**r.export(), "voided": False} for r in outcome.records]
        )
    else:
        for record in outcome.records:
            click.echo(f"#{record.seq} {describe(record, ruleset)}")
    return outcome


def _ruleset(settings: Settings) -> str:
    """The campaign's ruleset, from its first event (no need to fold the log for it)."""
    return settings.journal().ruleset_name


@click.group()
def encounter() -> None:
    """Start and end a fight.

    \b
    Example (horror-factor):
      journal encounter start "The horde" --hf horde --outnumbered --cast Freddie,Ariella,Linda
      journal encounter end --do-or-die Freddie,Ariella,Linda
    Example (fright-check, for heat of battle):
      journal encounter start "Morgue brawl" --cast Mara,Eli
    """


HF_PRESETS_HELP = (
    "Horror Factor: a number 0-20 or a preset (play-fight 0, fistfight 1, homicidal-fistfight 2, "
    "improvised-weapon 3, lethal-weapon 4, weak-creature 4, brutality 5, few-weak-creatures 5, "
    "powerful-creature 5, horde 6, very-powerful-creature 6)."
)


@encounter.command("start")
@click.argument("title")
@click.option(
    "--hf",
    metavar="PRESET|N",
    help=HF_PRESETS_HELP + " Horror-factor only: leave it out in a fright-check campaign.",
)
@click.option("--outnumbered", is_flag=True, help="+1 HF: the characters are outnumbered.")
@click.option("--ambush", is_flag=True, help="+2 HF on the first turn only.")
@click.option("--creepy", is_flag=True, help="+1 HF: creepy surroundings.")
@click.option("--very-creepy", is_flag=True, help="+2 HF instead: rarely this creepy.")
@click.option("--category", help="For Hardness specializations, e.g. supernatural.")
@click.option(
    "--cast", "cast", multiple=True, required=True, metavar="NAME,NAME", help="Who is in it."
)
@json_option
@pass_settings
def encounter_start(
    settings: Settings,
    title: str,
    hf: str | None,
    outnumbered: bool,
    ambush: bool,
    creepy: bool,
    very_creepy: bool,
    category: str | None,
    cast: tuple[str, ...],
    as_json: bool,
) -> None:
    """Start an encounter: its Horror Factor and who faces it.

    In a horror-factor campaign --hf is required (a number 0-20 or a preset). In a
    fright-check campaign leave out --hf and the other HF options: the encounter gives
    its cast heat of battle (+5 to Fright Checks) while it runs.

    \b
    Example (horror-factor):
      journal encounter start "The horde" --hf horde --outnumbered --cast Freddie,Ariella,Linda
      journal encounter start "Cellar" --hf 4 --ambush --very-creepy --category supernatural \\
          --cast Linda
    Example (fright-check):
      journal encounter start "Morgue brawl" --cast Mara,Eli
    """
    names = split_names(cast)
    if creepy and very_creepy:
        fail("give --creepy (+1) or --very-creepy (+2), not both: they do not add up")
    if _ruleset(settings) == "horror-factor":
        from journal.rules.horror_factor import StartEncounter

        if hf is None:
            fail("a horror-factor encounter needs --hf PRESET|N (e.g. --hf horde)")
        level = 2 if very_creepy else int(creepy)
        run(
            settings,
            StartEncounter(title, hf, names, outnumbered, ambush, level, category),
            as_json,
        )
        return
    if hf is not None or outnumbered or ambush or creepy or very_creepy or category:
        fail("--hf, --outnumbered, --ambush, --creepy and --category are horror-factor options")
    from journal.rules.fright_check import StartCombat

    run(settings, StartCombat(title, names), as_json)


@encounter.command("end")
@click.option(
    "--do-or-die",
    multiple=True,
    metavar="NAME,NAME",
    help="Fought through: +1 Hardness up to the cap.",
)
@click.option("--broken", multiple=True, metavar="NAME,NAME", help="Broke: brokenness +1.")
@json_option
@pass_settings
def encounter_end(
    settings: Settings, do_or_die: tuple[str, ...], broken: tuple[str, ...], as_json: bool
) -> None:
    """End the running encounter, with who fought through and who broke.

    \b
    Example:
      journal encounter end --do-or-die Freddie,Ariella,Linda
      journal encounter end --broken Ariella
    """
    if _ruleset(settings) == "horror-factor":
        from journal.rules.horror_factor import EndEncounter

        run(settings, EndEncounter(split_names(do_or_die), split_names(broken)), as_json)
        return
    if do_or_die or broken:
        fail("--do-or-die and --broken are horror-factor options")
    from journal.rules.fright_check import EndCombat

    run(settings, EndCombat(), as_json)


@click.command()
@json_option
@pass_settings
def turn(settings: Settings, as_json: bool) -> None:
    """Start the next turn: HF -1 for who acted, the same for who froze.

    \b
    Example:
      journal turn
    """
    from journal.rules.horror_factor import AdvanceTurn

    run(settings, AdvanceTurn(), as_json)


def _initiative_document(outcome: Any) -> dict[str, Any]:
    record = outcome.records[-1]
    data = record.data
    keys = (
        "character",
        "turn",
        "hf",
        "effective_hf",
        "action_penalty",
        "total",
        "can_act",
        "defense_penalty",
        "terms",
    )
    return {"seq": record.seq, **{k: data[k] for k in keys}, "dice": data["dice"]}


@click.command()
@click.argument("name")
@click.option(
    "--dice", metavar="+A/-B", help="Entered d10 pair, e.g. +5/-6 (rolled when left out)."
)
@json_option
@pass_settings
def initiative(settings: Settings, name: str, dice: str | None, as_json: bool) -> None:
    """Roll NAME's initiative: Reaction - action penalty + d10 - d10.

    \b
    Example:
      journal initiative Freddie --dice +5/-6
      journal initiative Linda
    """
    from journal.dice import parse_d10_pair
    from journal.rules.horror_factor import RollInitiative

    entered = {"initiative": parse_d10_pair(dice)} if dice else None
    run(
        settings,
        RollInitiative(name),
        as_json,
        entered,
        {"initiative": "--dice"},
        _initiative_document,
    )


@click.command()
@click.argument("name")
@click.argument("points", type=int)
@json_option
@pass_settings
def soak(settings: Settings, name: str, points: int, as_json: bool) -> None:
    """NAME spends POINTS Willpower to lower their HF this turn (up to 3 a turn).

    \b
    Example:
      journal soak Linda 2
    """
    from journal.rules.horror_factor import Soak

    run(settings, Soak(name, points), as_json)


# Unknown options pass through as arguments, so a negative DELTA (`-1`) is a number, not a flag.
@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("name", required=False)
@click.argument("cause", required=False)
@click.argument("delta", type=int, required=False)
@click.option("--all", "everyone", is_flag=True, help="Shift every participant (e.g. inspired).")
@json_option
@pass_settings
def shift(
    settings: Settings,
    name: str | None,
    cause: str | None,
    delta: int | None,
    everyone: bool,
    as_json: bool,
) -> None:
    """Shift NAME's HF at once for CAUSE: a catalog key or your own text with DELTA
    (-10 to 10; a DELTA after a catalog key overrides the catalog's).

    \b
    Catalog: +1 shot-ignored, near-miss-gunfire, near-miss-explosion, outgunned,
             reinforcements; +2 killed-someone, hurt, grabbed; --all inspired (-1).
    Example:
      journal shift Freddie grabbed
      journal shift Ariella "sees her sister among them" 1
      journal shift Linda "a friendly face" -1
      journal shift --all inspired
    """
    from journal.rules.horror_factor import Shift

    for given in (name, cause):
        if given and given.startswith("-") and not given.lstrip("-").isdigit():
            raise click.UsageError(f"No such option: {given}")
    if everyone:
        # With --all the first argument is the cause: `shift --all inspired [DELTA]`.
        if cause is not None and delta is None and cause.lstrip("+-").isdigit():
            delta = int(cause)
        elif cause is not None:
            fail("with --all give only CAUSE [DELTA], e.g. journal shift --all inspired")
        cause, name = name, None
        if cause is not None and cause.lstrip("+-").isdigit():
            fail("give the cause before the delta: journal shift --all CAUSE [DELTA]")
    if not cause:
        fail("say why: journal shift NAME CAUSE [DELTA] (or --all CAUSE [DELTA])")
    run(settings, Shift(name, cause, delta), as_json)


@click.command()
@click.argument("name")
@json_option
@pass_settings
def drop(settings: Settings, name: str, as_json: bool) -> None:
    """NAME dropped an enemy (the first drop: the group -1 HF, NAME -2).

    \b
    Example:
      journal drop Linda
    """
    from journal.rules.horror_factor import DropEnemy

    run(settings, DropEnemy(name), as_json)
