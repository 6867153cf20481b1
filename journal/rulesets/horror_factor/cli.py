"""The Horror Factor's command-line commands, the options of its sheet for `character
add`, and the demo's tour. Each command parses, builds a Horror Factor command, hands it
to the API (`journal.cli.common.record`) and prints what was recorded."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from journal.plugin.cli import (
    Settings,
    WiredCommands,
    commands_in,
    complete,
    fail,
    fights,
    json_option,
    pass_settings,
    run_and_show,
    sheets,
    split_names,
    threats,
)
from journal.plugin.rules import signed

if TYPE_CHECKING:
    from journal.api.journal import Journal


ENCOUNTER_HELP = """Start and end a fight; who arrives late and who is out of it.

    \b
    Example:
      journal encounter start "The horde" --hf horde --outnumbered --cast Freddie,Ariella,Linda
      journal encounter join Mara
      journal encounter leave Ariella --reason "fled down the alley"
      journal encounter end --do-or-die Freddie,Ariella,Linda
    """
encounter = fights.encounter(ENCOUNTER_HELP)


HF_PRESETS_HELP = (
    "Horror Factor: a number 0-20 or a preset (play-fight 0, fistfight 1, homicidal-fistfight 2, "
    "improvised-weapon 3, lethal-weapon 4, weak-creature 4, brutality 5, few-weak-creatures 5, "
    "powerful-creature 5, horde 6, very-powerful-creature 6)."
)


@encounter.command("start")
@click.argument("title")
@click.option("--hf", metavar="PRESET|N", help=HF_PRESETS_HELP, shell_complete=complete("hf"))
@click.option("--outnumbered", is_flag=True, help="+1 HF: the characters are outnumbered.")
@click.option("--ambush", is_flag=True, help="+2 HF on the first turn only.")
@click.option("--creepy", is_flag=True, help="+1 HF: creepy surroundings.")
@click.option("--very-creepy", is_flag=True, help="+2 HF instead: rarely this creepy.")
@click.option(
    "--category",
    help="For Hardness specializations, e.g. supernatural.",
    shell_complete=complete("category"),
)
@click.option(
    "--cast",
    "cast",
    multiple=True,
    metavar="NAME,NAME",
    help="Who is in it (default: everyone in the story, as for a GURPS fight).",
    shell_complete=complete("character", listed=True),
)
@click.option(
    "--threat",
    metavar="ID",
    shell_complete=complete("threat"),
    help="Its source (`journal threat add`): its --hf and --category unless given.",
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
    threat: str | None,
    as_json: bool,
) -> None:
    """Start an encounter: its Horror Factor (--hf, a number 0-20 or a preset) and who
    faces it.

    \b
    Example:
      journal encounter start "The horde" --hf horde --outnumbered --cast Freddie,Ariella,Linda
      journal encounter start "Cellar" --hf 4 --ambush --very-creepy --category supernatural \\
          --cast Linda
      journal encounter start "Night two" --threat zombies --outnumbered
    """
    from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter

    if creepy and very_creepy:
        fail("give --creepy (+1) or --very-creepy (+2), not both: they do not add up")
    level = 2 if very_creepy else int(creepy)
    command = StartEncounter(
        title, hf, split_names(cast), outnumbered, ambush, level, category, threat
    )
    run_and_show(settings, command, as_json)


threat = threats.group(
    """An encounter's source as a thing: what players read for it, its Horror Factor and
    category; an encounter started against it (`--threat ID`) inherits each one it does
    not give, its line saying which.

    \b
    Example:
      journal threat add zombies --name "the shambling dead" --hf horde --category undead
      journal threat list
    """
)


@threat.command("add")
@click.argument("threat_id", metavar="ID")
@click.option("--name", metavar="TEXT", help="What players read for it.")
@click.option("--hf", metavar="PRESET|N", help=HF_PRESETS_HELP, shell_complete=complete("hf"))
@click.option("--category", help="Its category, e.g. undead.", shell_complete=complete("category"))
@json_option
@pass_settings
def threat_add(
    settings: Settings,
    threat_id: str,
    name: str | None,
    hf: str | None,
    category: str | None,
    as_json: bool,
) -> None:
    """Remember threat ID, an encounter's source: `encounter start TITLE --threat ID`
    inherits its HF and category.

    \b
    Example:
      journal threat add zombies --name "the shambling dead" --hf horde --category undead
    """
    from journal.rulesets.horror_factor.rules.threat_add import AddSource

    run_and_show(settings, AddSource(threat_id, name, hf, category), as_json)


JOIN_HELP = """NAME arrives late: they face the encounter's HF (its base and modifiers; the ambush
    only while it is still turn 1). One who left comes back at the HF they left with.

    \b
    Example:
      journal encounter join Mara
    """
encounter.add_command(
    fights.join("journal.rulesets.horror_factor.rules.encounter_join:JoinEncounter", JOIN_HELP)
)


LEAVE_HELP = """NAME is out of the fight: their HF waits (no decay, no shifts) and the end changes
    them only if you name them with --do-or-die or --broken.

    \b
    Example:
      journal encounter leave Ariella --reason "fled down the alley"
    """
encounter.add_command(
    fights.leave("journal.rulesets.horror_factor.rules.encounter_leave:LeaveEncounter", LEAVE_HELP)
)


@encounter.command("end")
@click.option(
    "--do-or-die",
    multiple=True,
    metavar="NAME,NAME",
    help="Fought through: +1 Hardness up to the cap.",
    shell_complete=complete("character", listed=True),
)
@click.option(
    "--broken",
    multiple=True,
    metavar="NAME,NAME",
    help="Broke: brokenness +1.",
    shell_complete=complete("character", listed=True),
)
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
    from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter

    run_and_show(settings, EndEncounter(split_names(do_or_die), split_names(broken)), as_json)


@click.command()
@json_option
@pass_settings
def turn(settings: Settings, as_json: bool) -> None:
    """Start the next turn: HF -1 for who acted, the same for who froze.

    \b
    Example:
      journal turn
    """
    from journal.rulesets.horror_factor.rules.turn import AdvanceTurn

    run_and_show(settings, AdvanceTurn(), as_json)


@click.command()
@click.argument("name", required=False, shell_complete=complete("character"))
@click.option(
    "--dice", metavar="+A/-B", help="Entered d10 pair, e.g. +5/-6 (rolled when left out)."
)
@click.option(
    "--all",
    "everyone",
    is_flag=True,
    help="Everyone in the fight still to roll this turn, one after another (at the play "
    "prompt each is asked for their dice).",
)
@json_option
@pass_settings
def initiative(
    settings: Settings, name: str | None, dice: str | None, everyone: bool, as_json: bool
) -> None:
    """Roll NAME's initiative: Reaction - action penalty + d10 - d10. With --all, each
    participant still to roll this turn in the fight's order.

    \b
    Example:
      journal initiative Freddie --dice +5/-6
      journal initiative Linda
      journal initiative --all
    """
    from journal.api.dice import parse_d10_pair
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative

    if everyone:
        if name is not None or dice is not None or as_json:
            fail(
                "`initiative --all` asks each participant in turn: leave out NAME, --dice "
                "and --json (or roll one: `initiative Linda --dice +5/-6`)"
            )
        for waiting in _still_to_roll(settings.journal()):
            run_and_show(settings, RollInitiative(waiting), False, None, {"initiative": "--dice"})
        return
    if name is None:
        fail("name who rolls (`initiative Linda`), or --all for everyone still to roll")
    entered = {"initiative": parse_d10_pair(dice)} if dice else None
    run_and_show(settings, RollInitiative(name), as_json, entered, {"initiative": "--dice"})


def _still_to_roll(journal: Journal) -> list[str]:
    """The running fight's participants (in its order) who are in it and have rolled no
    initiative this turn; refused in words when there are none."""
    characters = journal.status().characters
    # each one's `encounter` (`status --json`): None outside the running fight
    in_fight = {
        n: getattr(characters[n], "encounter", None)
        for n in journal.completions("character")
        if n in characters
    }
    if not any(in_fight.values()):
        fail("no encounter is running: start one with `journal encounter start`")
    waiting = [
        n
        for n, numbers in in_fight.items()
        if numbers is not None
        and getattr(numbers, "left", None) is None
        and getattr(numbers, "initiative", None) is None
    ]
    if not waiting:
        fail("everyone in the fight rolled initiative this turn: `journal turn` starts the next")
    return waiting


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.argument("points", type=int)
@json_option
@pass_settings
def soak(settings: Settings, name: str, points: int, as_json: bool) -> None:
    """NAME spends POINTS Willpower to lower their HF this turn (up to 3 a turn); refused
    when their HF is already at or below their Hardness (no penalty to lower).

    \b
    Example:
      journal soak Linda 2
    """
    from journal.rulesets.horror_factor.rules.soak import Soak

    run_and_show(settings, Soak(name, points), as_json)


def _name_or_cause(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """`shift NAME CAUSE`, or `shift --all CAUSE`: then the first argument is the cause."""
    slot = "group-cause" if ctx.params.get("everyone") else "character"
    return complete(slot)(ctx, param, incomplete)


# Unknown options pass through as arguments, so a negative DELTA (`-1`) is a number, not a flag.
@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("name", required=False, shell_complete=_name_or_cause)
@click.argument("cause", required=False, shell_complete=complete("cause"))
@click.argument("delta", type=int, required=False)
@click.option("--all", "everyone", is_flag=True, help="Shift every participant (e.g. inspired).")
@click.option(
    "--as",
    "told",
    metavar="TEXT",
    help='What players read for this shift ("a ghoul drags him down"), not the cause\'s wording.',
)
@json_option
@pass_settings
def shift(
    settings: Settings,
    name: str | None,
    cause: str | None,
    delta: int | None,
    everyone: bool,
    told: str | None,
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
      journal shift Milo grabbed --as "a ghoul drags him down"
    """
    from journal.rulesets.horror_factor.rules.shift import Shift

    for given in (name, cause):
        if given and given.startswith("-") and signed(given) is None:
            raise click.UsageError(f"No such option: {given}")
    if everyone:
        # With --all the first argument is the cause: `shift --all inspired [DELTA]`.
        number = None if cause is None else signed(cause)
        if number is not None and delta is None:
            delta = number
        elif cause is not None:
            fail("with --all give only CAUSE [DELTA], e.g. journal shift --all inspired")
        cause, name = name, None
        if cause is not None and signed(cause) is not None:
            fail("give the cause before the delta: journal shift --all CAUSE [DELTA]")
    if not cause:
        fail("say why: journal shift NAME CAUSE [DELTA] (or --all CAUSE [DELTA])")
    run_and_show(settings, Shift(name, cause, delta, told), as_json)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@json_option
@pass_settings
def drop(settings: Settings, name: str, as_json: bool) -> None:
    """NAME dropped an enemy (the first drop: the group -1 HF, NAME -2). Refused for one
    who froze this turn (they cannot act).

    \b
    Example:
      journal drop Linda
    """
    from journal.rulesets.horror_factor.rules.drop import DropEnemy

    run_and_show(settings, DropEnemy(name), as_json)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--hf",
    type=int,
    help="The Horror Factor of a horror outside combat, 0-20. Without it: the initial HF "
    "of NAME's last encounter.",
)
@click.option(
    "--category",
    metavar="C",
    help="With --hf: the horror's category (NAME's specialization for it applies and changes).",
)
@click.option("--dice", metavar="+A/-B", help="Entered d10 pair (rolled when left out).")
@click.option(
    "--sealed",
    is_flag=True,
    help="Rolled behind the screen: the players read the result, and later (`journal "
    "unseal SEQ`) check the dice against the head they kept tonight.",
)
@json_option
@pass_settings
def check(
    settings: Settings,
    name: str,
    hf: int | None,
    category: str | None,
    dice: str | None,
    sealed: bool,
    as_json: bool,
) -> None:
    """Horror Check: current Willpower + Hardness - HF + d10 - d10 against 10.
    Pass: hardened (+1 Hardness up to the cap). Fail: broken (+1 brokenness).

    Without --hf the check is about NAME's last encounter: its initial HF (turn 1,
    modifiers and ambush included), and the Hardness for its category (NAME's
    specialization, else the general one). It is the other way to decide that incident:
    if the encounter's end already named NAME, the check is refused (one incident, one
    change). With --hf N (a horror of its own) the HF is N and the general Hardness
    applies, or NAME's specialization for --category C.

    \b
    Example:
      journal check Ariella --dice +4/-2
      journal check Linda --hf 8
      journal check Prof --hf 6 --category mythos
      journal check Linda --hf 5 --sealed
    """
    from journal.api.dice import parse_d10_pair
    from journal.rulesets.horror_factor.rules.check import HorrorCheck

    entered = {"check": parse_d10_pair(dice)} if dice else None
    command = HorrorCheck(name, hf, category)
    run_and_show(settings, command, as_json, entered, {"check": "--dice"}, sealed=sealed)


@click.command()
@click.argument("names", nargs=-1, shell_complete=complete("character"))
@click.option("--all", "everyone", is_flag=True, help="Everyone (the default when no NAME).")
@click.option("--victory", is_flag=True, help="A major victory or accomplishment, not sleep.")
@click.option("--points", type=int, help="Restore only this much Willpower.")
@click.option(
    "--hours", type=int, metavar="N", help="How long they slept: the clock moves on by N hours."
)
@json_option
@pass_settings
def rest(
    settings: Settings,
    names: tuple[str, ...],
    everyone: bool,
    victory: bool,
    points: int | None,
    hours: int | None,
    as_json: bool,
) -> None:
    """A good night's sleep (or --victory): Willpower back to its maximum. Sleep waits for
    the end of a fight for those in it; a major victory does not. With --hours N the
    clock moves on by N hours first, and the rest is dated when it is over.

    \b
    Example:
      journal rest --all --hours 8
      journal rest Linda --victory
      journal rest Freddie --points 2
    """
    from journal.rulesets.horror_factor.rules.rest import Rest

    hint = f"`rest --all` rests everyone, `rest {' '.join(names)}` only them"
    chosen = fights.everyone_or(names, everyone, hint)
    run_and_show(settings, Rest(chosen, victory, points, hours), as_json)


@click.command()
@click.argument("name", required=False, shell_complete=complete("character"))
@click.option("--all", "everyone", is_flag=True, help="Every character's months of peace at once.")
@click.option("--months", type=int, required=True, help="Months of peaceful life (at least 1).")
@click.option("--lose", type=int, required=True, help="Hardness lost (0 or more).")
@click.option("--therapy", is_flag=True, help="Had therapy (needed to lose Hardness above 5).")
@click.option("--ptsd", is_flag=True, help="Has post-traumatic stress disorder.")
@click.option("--mindset", is_flag=True, help="Kept a warlike mindset: nothing is lost.")
@click.option(
    "--override", metavar="REASON", help="GM ruling past the therapy rule, with a reason."
)
@click.option(
    "--spec", "specialization", metavar="C", help="Lose this specialization's Hardness instead."
)
@click.option(
    "--keep-clock",
    is_flag=True,
    help="The months already passed on the clock: do not move it on.",
)
@json_option
@pass_settings
def peace(
    settings: Settings,
    name: str | None,
    everyone: bool,
    months: int,
    lose: int,
    therapy: bool,
    ptsd: bool,
    mindset: bool,
    override: str | None,
    specialization: str | None,
    keep_clock: bool,
    as_json: bool,
) -> None:
    """Months of peaceful life: Hardness lost, never below half the peak (with --spec C,
    the specialization's Hardness and its own peak). The clock moves on by the months
    first (unless --keep-clock), so the loss is dated when they are over; --all records
    everyone's peace, the same options for each, with one move of the clock.

    \b
    Example:
      journal peace Linda --months 6 --lose 1 --ptsd
      journal peace --all --months 6 --lose 0
      journal peace Sarge --months 12 --lose 1 --therapy --keep-clock
      journal peace Prof --months 6 --lose 1 --spec mythos
    """
    from journal.rulesets.horror_factor.rules.peace import Peace

    if (name is None) == (not everyone):
        fail("name one character, or --all for everyone: e.g. `peace Linda --months 6 --lose 1`")
    command = Peace(
        name or "",
        months,
        lose,
        therapy,
        ptsd,
        mindset,
        override,
        specialization,
        everyone=everyone,
        keep_clock=keep_clock,
    )
    run_and_show(settings, command, as_json)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option("--hardness", type=int, required=True, help="Levels of Hardness gained.")
@click.option("--reason", required=True, help="Why (awards past the cap are deliberate).")
@click.option(
    "--spec",
    "specialization",
    metavar="CATEGORY",
    help="Award a specialization instead.",
    shell_complete=complete("category"),
)
@click.option("--new-spec", is_flag=True, help="The specialization is new to the character.")
@json_option
@pass_settings
def award(
    settings: Settings,
    name: str,
    hardness: int,
    reason: str,
    specialization: str | None,
    new_spec: bool,
    as_json: bool,
) -> None:
    """Award Hardness, past the training cap if you rule so (never past 7).

    \b
    Example:
      journal award Freddie --hardness 1 --reason "Two years of wasteland patrols"
      journal award Linda --hardness 1 --spec occult --new-spec --reason "The Black Lodge"
    """
    from journal.rulesets.horror_factor.rules.award import Award

    run_and_show(settings, Award(name, hardness, reason, specialization, new_spec), as_json)


@click.command()
@click.argument("cause", shell_complete=complete("cause"))
@click.argument("text", required=False)
@click.option("--catalog", is_flag=True, help="Players read CAUSE in the catalog's words again.")
@json_option
@pass_settings
def wording(settings: Settings, cause: str, text: str | None, catalog: bool, as_json: bool) -> None:
    """The players' wording of a catalog cause, for the shifts recorded from now on (the
    catalog's is the text's: `grabbed` is "a zombie gets into grappling range and grabs").
    A shift's own `--as TEXT` still wins.

    \b
    Example:
      journal wording grabbed "something gets a grip on them"
      journal wording near-miss-gunfire "a shotgun blast tears the doorframe"
      journal wording grabbed --catalog
    """
    from journal.rulesets.horror_factor.rules.wording import SetWording

    if catalog == (text is not None):
        fail("give the players' wording as TEXT, or --catalog for the catalog's own words")
    run_and_show(settings, SetWording(cause, text), as_json)


character = sheets.character("A Horror Factor character's sheet as play changes it.")
character_traits = sheets.traits(
    """A Horror Factor sheet's named things are its Hardness specializations: put one on
    after creation, take one off or call it anew, each an event with its reason (log,
    explain, audit, undo). Read as `character add --spec` reads it.

    \b
    Example:
      journal character trait add Linda mythos=2 --reason "the Arkham files"
      journal character trait rename Linda supernatural undead --reason "what it was"
      journal character trait remove Linda mythos --reason "a mistake at creation"
    """
)
character.add_command(character_traits)
character_traits.add_command(
    sheets.trait_add(
        "journal.rulesets.horror_factor.rules.trait_add:AddSpecialization",
        """Put the Hardness specialization TRAIT (CATEGORY=N, or CATEGORY with --level N)
        on NAME's sheet, within the training's cap (past it: `journal award --spec`).

        \b
        Example:
          journal character trait add Linda mythos=2 --reason "the Arkham files"
        """,
    )
)
character_traits.add_command(
    sheets.trait_remove(
        "journal.rulesets.horror_factor.rules.trait_remove:RemoveSpecialization",
        """Take NAME's Hardness specialization TRAIT off the sheet.

        \b
        Example:
          journal character trait remove Linda mythos --reason "a mistake at creation"
        """,
    )
)
character_traits.add_command(
    sheets.trait_rename(
        "journal.rulesets.horror_factor.rules.trait_rename:RenameSpecialization",
        """Call NAME's Hardness specialization OLD by NEW from now on.

        \b
        Example:
          journal character trait rename Linda supernatural undead --reason "what it was"
        """,
    )
)


# --- what the journal asks of a ruleset's CLI module -----------------------------------------


SHEET_EXAMPLE = (
    "journal character add Freddie --reaction 10 --willpower 10 --hardness 0 --training none\n"
    "journal character add Prof --reaction 11 --willpower 12 --hardness 1 --training some \\\n"
    "    --spec mythos=4"
)


def sheet_options() -> list[click.Option]:
    """The options of a Horror Factor sheet on `character add`."""
    return [
        click.Option(["--reaction"], type=int, help="Awareness (Reaction), e.g. 10."),
        click.Option(["--willpower"], type=int, help="Willpower, 1-20."),
        click.Option(["--hardness"], type=int, help="Hardness, 0-7."),
        click.Option(
            ["--training"],
            help="none|some|professional|elite|supernatural: sets the hardening cap.",
        ),
        click.Option(["--brokenness"], type=int, help="Brokenness 0-6 (default 0)."),
        click.Option(
            ["--spec", "specs"], multiple=True, metavar="CAT=N", help="Hardness for a category."
        ),
    ]


def sheet(given: dict[str, Any]) -> dict[str, object]:
    """The sheet the options give (the rules check its ranges)."""
    required = ("reaction", "willpower", "hardness", "training")
    missing = [f"--{k}" for k in required if given.get(k) is None]
    if missing:
        fail(f"a Horror Factor character needs {', '.join(missing)}")
    result: dict[str, object] = {k: given[k] for k in required}
    result["specializations"] = list(given.get("specs") or ())  # read by the rules
    if given.get("brokenness") is not None:
        result["brokenness"] = given["brokenness"]
    return result


def tour(journal: Journal) -> str:
    """What `journal demo` shows of the rule text's zombie fight."""
    from journal.plugin.cli import status_text

    def status(as_of: int | None = None) -> str:
        document = journal.status(as_of)
        heading = journal.status_heading(document)
        return status_text(heading, document, journal.status_rows(document))

    records = list(journal.records())
    drop = next(r for r in records if r.type == "EnemyDropped")
    second = next(
        r
        for r in records
        if r.type == "InitiativeRolled" and r.data["character"] == "Linda" and r.data["turn"] == 2
    )
    lines = [
        f"Turn 4, after Linda drops the first zombie (journal status --as-of {drop.seq}):",
        status(drop.seq),
        "\nAfter the fight (journal status):",
        status(),
        f"\nLinda's second-turn initiative (journal explain Linda {second.seq}):",
        f"  #{second.seq} {journal.lines([second])[0]}",
        "  The rule text says 13 here: it writes 12 + 2 - 6 = 7 where the sum is 8, "
        "so by its own rule the total is 14.",
    ]
    return "\n".join(lines)


CLI = WiredCommands(commands_in(__name__), sheet_options, sheet, SHEET_EXAMPLE, tour)
