"""The GURPS Fright Check's command-line commands (`fright`, `trait`, and `encounter` for
heat of battle) and the options of its sheet for `character add`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import click

from journal.plugin.cli import (
    Settings,
    WiredCommands,
    commands_in,
    complete,
    fail,
    fights,
    gcs,
    json_option,
    key_values,
    pass_settings,
    run_and_show,
    sheets,
    split_names,
    threats,
    whole_number,
)
from journal.plugin.rules import Command, unsigned

if TYPE_CHECKING:
    from journal.rulesets.fright_check.rules.fright import TraitChoice

ENCOUNTER_HELP = """Start and end a fight: its cast gets heat of battle (+5 to Fright Checks); who
    arrives late and who is out of it.

    \b
    Example:
      journal encounter start "Morgue brawl" --cast Mara,Eli
      journal encounter join Breen
      journal encounter leave Eli --reason "ran for the stairs"
      journal encounter end
    """
encounter = fights.encounter(ENCOUNTER_HELP)


@encounter.command("start")
@click.argument("title")
@click.option(
    "--cast",
    "cast",
    multiple=True,
    metavar="NAME,NAME",
    help="Who is in it (default: everyone).",
    shell_complete=complete("character", listed=True),
)
@json_option
@pass_settings
def encounter_start(settings: Settings, title: str, cast: tuple[str, ...], as_json: bool) -> None:
    """Start a fight: heat of battle (+5) is on for its cast while it runs.

    \b
    Example:
      journal encounter start "Morgue brawl" --cast Mara,Eli
    """
    from journal.rulesets.fright_check.rules.encounter_start import StartCombat

    run_and_show(settings, StartCombat(title, split_names(cast)), as_json)


JOIN_HELP = """NAME comes into the running fight: heat of battle (+5) from now on.

    \b
    Example:
      journal encounter join Breen
    """
encounter.add_command(
    fights.join("journal.rulesets.fright_check.rules.encounter_join:JoinCombat", JOIN_HELP)
)


LEAVE_HELP = """NAME is out of the running fight: no more heat of battle.

    \b
    Example:
      journal encounter leave Ortiz --reason "ran for the stairs"
    """
encounter.add_command(
    fights.leave("journal.rulesets.fright_check.rules.encounter_leave:LeaveCombat", LEAVE_HELP)
)


@encounter.command("end")
@json_option
@pass_settings
def encounter_end(settings: Settings, as_json: bool) -> None:
    """End the running fight (no more heat of battle).

    \b
    Example:
      journal encounter end
    """
    from journal.rulesets.fright_check.rules.encounter_end import EndCombat

    run_and_show(settings, EndCombat(), as_json)


threat = threats.group(
    """Threats as things: a monster, a body, a horde remembered with what players read for
    it, its kind and its own modifiers; every check against it inherits each one it does
    not give (`fright --threat ID`), its line saying which.

    \b
    Example:
      journal threat add nurse --name "the night nurse" --kind ghoul --monster -4
      journal threat list
    """
)


@threat.command("add")
@click.argument("threat_id", metavar="ID")
@click.option("--name", metavar="TEXT", help='What players read for it ("the night nurse").')
@click.option("--kind", metavar="KIND", shell_complete=complete("kind"), help="e.g. ghoul.")
@click.option("--monster", type=int, help="Its own modifier, -1 to -10.")
@click.option("--count", type=int, help="A horde: how many (5+ -1 ... 100+ -5).")
@click.option("--body", type=click.Choice(["peaceful", "no-violence", "violent"]))
@click.option("--mutilated", type=int, metavar="1-3", help="Grisly mutilation: -1 to -3.")
@json_option
@pass_settings
def threat_add(
    settings: Settings,
    threat_id: str,
    name: str | None,
    kind: str | None,
    monster: int | None,
    count: int | None,
    body: str | None,
    mutilated: int | None,
    as_json: bool,
) -> None:
    """Remember threat ID: later checks against it (`fright NAME --threat ID`) inherit its
    kind and modifiers; a check's own flag overrides one for that check.

    \b
    Example:
      journal threat add nurse --name "the night nurse" --kind ghoul --monster -4
      journal threat add drawer-9 --body violent --mutilated 2
    """
    from journal.rulesets.fright_check.rules.threat_add import AddThreat

    command = AddThreat(threat_id, name, kind, monster, count, body, mutilated)
    run_and_show(settings, command, as_json)


class FrightOptions(TypedDict):
    """The options of `journal fright`, as click passes them."""

    threat: str | None
    threat_name: str | None
    kind: str | None
    monster: int | None
    count: int | None
    body: str | None
    mutilated: int | None
    dependent: bool
    heat_of_battle: bool | None
    touched: bool
    distant: bool
    remote: bool
    isolated: bool
    dark: bool
    daylight: bool
    alone: bool
    report: int
    cowardice_applies: bool
    daredevil: bool
    higher_purpose: bool
    xenophilia_applies: bool
    mods: tuple[str, ...]
    override: str | None
    previous_experience: bool | None
    exposures: int | None
    dice: str | None
    table_dice: str | None
    effect_dice: tuple[str, ...]
    trait_name: str | None
    trait_points: int | None
    trait_scn: int | None
    trait_worsen: str | None
    change_to: str | None
    reason: str | None
    for_seq: int | None
    sealed: bool


def _naming(given: FrightOptions) -> TraitChoice | None:
    """With --trait-*: the trait this check gives, named in the same breath (both are
    recorded together, or neither); None without them."""
    if not (given["trait_name"] or given["trait_worsen"]):
        if given["trait_points"] is not None or given["trait_scn"] is not None:
            fail("--trait-points and --trait-scn go with --trait-name")
        return None
    from journal.rulesets.fright_check.rules.fright import TraitChoice

    return TraitChoice(
        given["trait_name"] or "", given["trait_points"], given["trait_scn"], given["trait_worsen"]
    )


def _faces(text: str | None, flag: str) -> tuple[int, ...] | None:
    from journal.api.dice import parse_faces
    from journal.plugin.rules import RuleError

    if text is None:
        return None
    try:
        return parse_faces(text)
    except RuleError as exc:
        fail(f"{flag}: {exc}")


def _entered(
    texts: Mapping[str, str | None], flags: Mapping[str, str]
) -> dict[str, tuple[int, ...]]:
    """The faces entered for each purpose (`texts`: purpose -> what its option held)."""
    entered = {}
    for purpose, text in texts.items():
        faces = _faces(text, flags[purpose])
        if faces is not None:
            entered[purpose] = faces
    return entered


def _row(text: str | None) -> int | None:
    if text is None:
        return None
    cleaned = text.strip()
    if cleaned == "40+":
        return 40
    row = unsigned(cleaned)
    if row is None:
        fail(f"--change-to {text!r} is not a row of the table: give 4 to 40 (or 40+)")
    return row


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--threat",
    metavar="ID",
    help="This particular threat, e.g. ghoul-1.",
    shell_complete=complete("threat"),
)
@click.option(
    "--threat-name",
    metavar="TEXT",
    help='What players read for the threat ("Thomas\'s body"); given once, kept for '
    "later checks against the same --threat. Without one, handouts show the id in words.",
)
@click.option(
    "--kind",
    metavar="KIND",
    shell_complete=complete("kind"),
    help="The kind of threat, e.g. ghoul: previous experience (+1) is derived only from "
    "earlier checks with the same --kind, so give it whenever you can.",
)
@click.option(
    "--monster", type=int, help="The monster's own modifier, -1 to -10 (default: the threat's)."
)
@click.option(
    "--count", type=int, help="How many monsters: 5+ -1, 10+ -2, 20+ -3, 50+ -4, 100+ -5."
)
@click.option(
    "--body",
    type=click.Choice(["peaceful", "no-violence", "violent"]),
    help="A body: peaceful +6, no signs of violence +2, a victim of violence 0.",
)
@click.option("--mutilated", type=int, metavar="1-3", help="Grisly mutilation: -1 to -3.")
@click.option("--dependent", is_flag=True, help="The victim was a Dependent: another -6.")
@click.option(
    "--heat-of-battle/--no-heat-of-battle",
    default=None,
    help="+5 in combat (derived: on while an encounter runs).",
)
@click.option("--touched", is_flag=True, help="-1: it touches you.")
@click.option("--distant", is_flag=True, help="+1: seen at 100 yards or more.")
@click.option("--remote", is_flag=True, help="+3: viewed remotely (CCTV, Clairsentience).")
@click.option("--isolated", is_flag=True, help="-1: the area is physically isolated.")
@click.option("--dark", is_flag=True, help="-1: at night or in the dark (0 for a night-dweller).")
@click.option("--daylight", is_flag=True, help="-1 for a night-dweller (Nocturnal) in daylight.")
@click.option("--alone", is_flag=True, help="-2: alone (or thinks so).")
@click.option(
    "--report", type=int, default=0, metavar="1-3", help="+1 to +3: learned the details first."
)
@click.option(
    "--cowardice-applies", is_flag=True, help="Cowardice counts: physical safety at risk."
)
@click.option("--daredevil", is_flag=True, help="Daredevil counts: charging in (+1).")
@click.option("--higher-purpose", is_flag=True, help="Higher Purpose counts: a sworn threat (+1).")
@click.option("--xenophilia-applies", is_flag=True, help="Xenophilia counts: a monster.")
@click.option(
    "--mod", "mods", multiple=True, metavar="LABEL=N", help="Your own modifier, -10 to +10."
)
@click.option("--override", metavar="REASON", help="Why a --mod goes past -10..+10.")
@click.option(
    "--previous-experience/--no-previous-experience",
    default=None,
    help="+1 for experience with this kind of threat (derived from the log when --kind "
    "is given; without --kind there is none unless you say so).",
)
@click.option("--exposures", type=int, help="Exposures to this threat in 24 game-hours (derived).")
@click.option("--dice", metavar="A,B,C", help="Entered 3d6 for the Will roll.")
@click.option("--table-dice", metavar="A,B,C", help="Entered 3d6 for the Fright Check Table.")
@click.option(
    "--effect-dice",
    multiple=True,
    metavar="PURPOSE=A,B",
    help="Entered dice of an effect: stun, fp, faint, panic, coma, catatonia, seizure, "
    "seizure_fp, ht, injury, reaction.",
)
@click.option("--trait-name", metavar="TEXT", help="Name the trait this check gives, at once.")
@click.option("--trait-points", type=int, help="Its point value (with --trait-name).")
@click.option("--trait-scn", type=int, metavar="N", help="Its self-control number.")
@click.option(
    "--trait-worsen",
    metavar="DISADVANTAGE",
    help="Row 25: worsen this one's self-control.",
    shell_complete=complete("disadvantage"),
)
@click.option(
    "--change-to",
    metavar="ROW",
    help="The GM's row instead of the rolled one (4-40, 40+), on a failure; needs --reason.",
)
@click.option("--reason", metavar="TEXT", help="Why the row is more appropriate.")
@click.option(
    "--for",
    "for_seq",
    type=int,
    metavar="SEQ",
    shell_complete=complete("ruling"),
    help="With --change-to: change the row of the check recorded at SEQ.",
)
@click.option(
    "--sealed",
    is_flag=True,
    help="Rolled behind the screen: the players read the result, and later (`journal "
    "unseal SEQ`) check the dice against the head they kept tonight.",
)
@json_option
@pass_settings
def fright(settings: Settings, /, name: str, as_json: bool, **given: Unpack[FrightOptions]) -> None:
    """Fright Check: Will plus every modifier (Rule of 14), then the table on a failure.

    Previous experience (+1) needs --kind: it is derived from an earlier check of this
    character against the same kind. Without --kind none is derived (rule it yourself
    with --previous-experience). Exposures in 24 game-hours come from --threat.

    The text lets the GM change an implausible result "to something more appropriate":
    --change-to ROW --reason TEXT at the check (used if it fails), or later with
    --for SEQ. The rolled row stays on record (explain, the GM's recap).

    \b
    Example:
      journal fright Mara --threat ghoul-1 --kind ghoul --monster -2 --dark --dice 4,5,6
      journal fright Helen --threat thomas-body --threat-name "Thomas's body" --body violent
      journal fright Eli --threat corpse-3 --body violent --mutilated 2 --dice 6,6,5 \\
          --table-dice 3,4,4 --effect-dice stun=2
      journal fright Eli --threat corpse-3 --dice 6,6,1 --table-dice 4,3,3 \\
          --trait-name "Counts the drawers" --trait-points -1     (name it at the check)
      journal fright Eli --threat angel --dice 6,6,1 --change-to 10 --reason "awe, not fear"
      journal fright Eli --for 12 --change-to 21 --reason "awe, not fear"
      journal fright Mara --threat nurse --dice 6,5,6 --table-dice 3,3,4 --sealed
    """
    from journal.rulesets.fright_check.rules.change_row import ChangeRow
    from journal.rulesets.fright_check.rules.fright import FrightCheck

    if given["for_seq"] is not None:
        if given["sealed"]:
            fail("--sealed rolls a check behind the screen: a row changed later rolls none")
        if given["threat"] or given["dice"] or given["table_dice"]:
            fail("--for SEQ changes a recorded check's row: leave out --threat and its dice")
        row = _row(given["change_to"])
        if row is None:
            fail("--for SEQ changes a recorded check's row: give --change-to ROW --reason TEXT")
        command: Command = ChangeRow(name, given["for_seq"], row, given["reason"] or "")
        dice = _effect_dice(given["effect_dice"], {})
        run_and_show(settings, command, as_json, dice[0] or None, dice[1])
        return
    if given["threat"] is None:
        raise click.UsageError(
            "Missing option '--threat' (or --for SEQ --change-to ROW to change a recorded "
            "check's row)"
        )

    extra = tuple(
        (label, whole_number(value, f"--mod {label}"))
        for label, value in key_values(given["mods"], "--mod").items()
    )
    command = FrightCheck(
        name,
        given["threat"] or "",
        given["kind"],
        monster=given["monster"],
        count=given["count"],
        body=given["body"],
        mutilation=given["mutilated"],
        dependent=given["dependent"],
        heat_of_battle=given["heat_of_battle"],
        touched=given["touched"],
        distant=given["distant"],
        remote=given["remote"],
        isolated=given["isolated"],
        dark=given["dark"],
        daylight=given["daylight"],
        alone=given["alone"],
        report=given["report"],
        cowardice_applies=given["cowardice_applies"],
        daredevil=given["daredevil"],
        higher_purpose=given["higher_purpose"],
        xenophilia_applies=given["xenophilia_applies"],
        extra=extra,
        previous_experience=given["previous_experience"],
        exposures=given["exposures"],
        trait=_naming(given),
        override=given["override"],
        change_to=_row(given["change_to"]),
        change_reason=given["reason"],
        threat_name=given["threat_name"],
    )
    flags = {"will": "--dice", "table": "--table-dice"}
    entered = _entered({"will": given["dice"], "table": given["table_dice"]}, flags)
    entered, flags = _effect_dice(given["effect_dice"], flags, entered)
    run_and_show(settings, command, as_json, entered or None, flags, sealed=given["sealed"])


def _effect_dice(
    pairs: tuple[str, ...],
    flags: dict[str, str],
    entered: dict[str, tuple[int, ...]] | None = None,
) -> tuple[dict[str, tuple[int, ...]], dict[str, str]]:
    """`--effect-dice PURPOSE=A,B` as entered faces by purpose, and their flags' names."""
    from journal.rulesets.fright_check.rules.fright import FrightCheck

    dice = dict(entered or {})
    for purpose, text in key_values(pairs, "--effect-dice").items():
        if purpose not in FrightCheck.effect_dice:
            fail(
                f"--effect-dice {purpose}: no row rolls {purpose!r}; "
                f"the sub-rolls are {', '.join(FrightCheck.effect_dice)}"
            )
        flags[purpose] = f"--effect-dice {purpose}"
        dice[purpose] = _faces(text, flags[purpose]) or ()
    return dice, flags


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--for",
    "for_seq",
    type=int,
    metavar="SEQ",
    shell_complete=complete("ruling"),
    help="The Fright Check that gave it (default: the oldest pending).",
)
@click.option("--name", "trait_name", metavar="TEXT", help="The trait, related to the event.")
@click.option("--points", type=int, help="Its point value (must match the pending one).")
@click.option("--scn", type=int, metavar="N", help="Self-control number: 6, 9, 12 or 15.")
@click.option(
    "--worsen",
    metavar="DISADVANTAGE",
    shell_complete=complete("disadvantage"),
    help="Row 25: make this related disadvantage's self-control one step worse.",
)
@json_option
@pass_settings
def trait(
    settings: Settings,
    name: str,
    for_seq: int | None,
    trait_name: str | None,
    points: int | None,
    scn: int | None,
    worsen: str | None,
    as_json: bool,
) -> None:
    """Name a trait NAME acquired from a Fright Check (it shows as pending until named).

    \b
    Example:
      journal trait Mara --name "Nightmares (ghouls)" --points -1 --for 12
      journal trait Eli --name "Phobia (corpses)" --points -10 --scn 12 --for 15
      journal trait Eli --worsen "Phobia (dark)" --for 19
    """
    from journal.rulesets.fright_check.rules.trait import NameTrait

    if not trait_name and not worsen:
        fail("give the trait's --name TEXT (or --worsen DISADVANTAGE for a row-25 result)")
    run_and_show(settings, NameTrait(name, for_seq, trait_name or "", points, scn, worsen), as_json)


character = sheets.character("A GURPS character's sheet as play changes it.")
character_traits = sheets.traits(
    """Traits put on the sheet, taken off or renamed after creation: each an event with
    its reason (log, explain, audit, undo). A trait is read as `character add` reads it:
    "Cowardice" any way it is typed is the Cowardice `fright --cowardice-applies` reads.
    The traits the journal knows: Fearlessness, Fearfulness, Combat Reflexes, Combat
    Paralysis, Cowardice, Daredevil, Higher Purpose, Xenophilia, Unfazeable, Nocturnal
    (a night-dweller); any other takes its points.

    \b
    Example:
      journal character trait add Priya "Fearlessness=2" --reason "bought with 4 points"
      journal character trait add Cole "Phobia (hospitals)" --points -10 --scn 12 --mental \\
          --reason "since the ward"
      journal character trait remove Cole Cowardice --reason "faced the nurse"
      journal character trait rename Cole "Phobia (hospitals)" "Phobia (wards)" --reason typo
    """
)
character.add_command(character_traits)
character.add_command(gcs.character_import("journal.rulesets.fright_check.rules.gcs:sheet_of"))
character.add_command(
    gcs.character_sync(
        "journal.rulesets.fright_check.rules.gcs:sheet_of",
        "journal.rulesets.fright_check.rules.sheet_sync:SyncSheet",
        """Bring NAME's sheet to their GCS file's: the player levelled up, or the GM edited
        the sheet in GCS. The differences (Will 12 → 13, Fearlessness 2 added) are shown,
        then recorded as one event with the file's name and SHA-256 as their reason (log,
        explain, audit, undo). A trait a Fright Check gave that the file lacks is kept
        (export-gcs writes it); current HP and FP stay the journal's.

        \b
        Example:
          journal character sync Mara mara.gcs
          journal character sync Mara mara.gcs --yes
        """,
    )
)
character.add_command(
    gcs.export_gcs(
        "journal.rulesets.fright_check.rules.gcs_write:exported",
        """Write a copy of the player's GCS file with what the journal recorded: each quirk,
        mental or physical disadvantage a Fright Check gave (its points and self-control
        number), each IQ or HT lost, tagged "Fright Check" and noted with the session and
        the event. Nothing else of the file changes; a trait an earlier export wrote is not
        written twice; the player's file is never written over.

        \b
        Example:
          journal character export-gcs Mara mara.gcs -o mara-after.gcs
        """,
    )
)
character_traits.add_command(
    sheets.trait_add(
        "journal.rulesets.fright_check.rules.trait_add:AddTrait",
        """Put TRAIT on NAME's sheet: `Fearlessness=2`, `Cowardice=-10/12`, or a name with
        --level, --points and --scn; --mental, --physical or --quirk says where another
        trait goes (with none, it is an advantage or another trait).

        \b
        Example:
          journal character trait add Priya "Fearlessness=2" --reason "bought with 4 points"
          journal character trait add Cole Cowardice --points -10 --scn 12 --reason "the war"
        """,
        kinds=("mental", "physical", "quirk"),
    )
)
character_traits.add_command(
    sheets.trait_remove(
        "journal.rulesets.fright_check.rules.trait_remove:RemoveTrait",
        """Take TRAIT off NAME's sheet (what a check gave stays in the points lost to fear).

        \b
        Example:
          journal character trait remove Cole Cowardice --reason "faced the nurse"
        """,
    )
)
character_traits.add_command(
    sheets.trait_rename(
        "journal.rulesets.fright_check.rules.trait_rename:RenameTrait",
        """Call NAME's trait OLD by NEW from now on (a trait the journal knows keeps a name
        it knows it by).

        \b
        Example:
          journal character trait rename Cole "Phobia (hospital)" "Phobia (hospitals)" \\
              --reason typo
        """,
    )
)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--for",
    "for_seq",
    type=int,
    metavar="SEQ",
    shell_complete=complete("ruling"),
    help="The check the condition came from.",
)
@click.option("--dice", metavar="A,B,C", help="Entered 3d6 for the recovery roll.")
@click.option(
    "--more-dice", metavar="N", help="Entered 1d for another stretch of coma or catatonia."
)
@click.option(
    "--reaction-dice", metavar="A,B,C", help="Entered 3d6 for another total panic reaction."
)
@click.option(
    "--no-care",
    is_flag=True,
    help="Catatonia: the days just past went without medical care (1 HP the first day, "
    "2 the second...).",
)
@json_option
@pass_settings
def recover(
    settings: Settings,
    name: str,
    for_seq: int | None,
    dice: str | None,
    more_dice: str | None,
    reaction_dice: str | None,
    no_care: bool,
    as_json: bool,
) -> None:
    """A recovery roll against the target the table row gave: stun, retching, faint and
    panic end when it is made; a coma or catatonia failed goes on another 1d hours or days;
    a total panic failed brings another panic reaction (row 33).

    \b
    Example:
      journal recover Rourke --dice 3,4,2
      journal recover Ortiz --for 31 --dice 6,5,4 --more-dice 3
      journal recover Rourke --no-care --dice 5,5,6 --more-dice 2
    """
    from journal.rulesets.fright_check.rules.recover import Recover

    flags = {"recovery": "--dice", "more": "--more-dice", "reaction": "--reaction-dice"}
    texts = {"recovery": dice, "more": more_dice, "reaction": reaction_dice}
    entered = _entered(texts, flags)
    command = Recover(name, for_seq, care=not no_care)
    run_and_show(settings, command, as_json, entered or None, flags)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option("--hp", type=int, default=0, help="HP regained (first aid, days of rest).")
@click.option("--fp", type=int, default=0, help="FP regained.")
@json_option
@pass_settings
def heal(settings: Settings, name: str, hp: int, fp: int, as_json: bool) -> None:
    """NAME regains HP or FP (never past the maximum).

    \b
    Example:
      journal heal Rourke --hp 2
      journal heal Marsh --fp 3
    """
    from journal.rulesets.fright_check.rules.heal import Heal

    run_and_show(settings, Heal(name, hp, fp), as_json)


@click.command()
@click.argument("names", nargs=-1, shell_complete=complete("character"))
@click.option("--all", "everyone", is_flag=True, help="Everyone (the default when no NAME).")
@click.option(
    "--hours", type=int, metavar="N", help="How long they rested: the clock moves on by N hours."
)
@json_option
@pass_settings
def rest(
    settings: Settings, names: tuple[str, ...], everyone: bool, hours: int | None, as_json: bool
) -> None:
    """A night's rest: FP back to the maximum; stun, retching, faint and panic are over
    (a coma or catatonia needs its recovery rolls). Waits for the end of a fight. With
    --hours N the clock moves on by N hours first, and the rest is dated when it is over.

    \b
    Example:
      journal rest --all --hours 8
      journal rest Marsh Rourke
    """
    from journal.rulesets.fright_check.rules.rest import Rest

    run_and_show(settings, Rest(fights.everyone_or(names, everyone), hours), as_json)


# --- what the journal asks of a ruleset's CLI module -----------------------------------------


SHEET_EXAMPLE = (
    'journal character add Mara --will 12 --ht 11 --iq 13 --trait "Combat Reflexes"\n'
    'journal character add Eli --will 10 --ht 10 --iq 12 --disadvantage "Phobia (dark)=-15/12"'
)


def sheet_options() -> list[click.Option]:
    """The options of a GURPS sheet on `character add`."""
    return [
        click.Option(["--will"], type=int, help="Will."),
        click.Option(["--ht"], type=int, help="HT."),
        click.Option(["--iq"], type=int, help="IQ."),
        click.Option(["--hp"], type=int, help="HP (default 10, an average ST)."),
        click.Option(["--fp"], type=int, help="FP (default: HT)."),
        click.Option(
            ["--trait", "traits"],
            multiple=True,
            metavar="NAME[=N]",
            help='A trait that modifies Fright Checks: "Fearlessness=2", "Combat Reflexes" '
            "(`journal character trait add --help` lists them).",
        ),
        click.Option(["--quirk", "quirks"], multiple=True, help="An existing quirk."),
        click.Option(
            ["--disadvantage", "disadvantages"],
            multiple=True,
            metavar="NAME=POINTS[/SCN]",
            help='An existing mental disadvantage, e.g. "Phobia (dark)=-15/12", '
            '"Cowardice=-10/12".',
        ),
        click.Option(
            ["--physical", "physical"],
            multiple=True,
            metavar="NAME=POINTS",
            help='An existing physical disadvantage, e.g. "Bad Back=-15".',
        ),
    ]


def sheet(given: dict[str, Any]) -> dict[str, object]:
    """The sheet the options give, each trait as typed: the rules read every one of them
    with the one reader (`Cowardice` given as a trait or a disadvantage is one Cowardice)."""
    attributes = ("will", "ht", "iq")
    missing = [f"--{k}" for k in attributes if given.get(k) is None]
    if missing:
        fail(f"a GURPS character needs {', '.join(missing)}")
    result: dict[str, object] = {k: given[k] for k in attributes}
    for pool in ("hp", "fp"):
        if given.get(pool) is not None:
            result[pool] = given[pool]
    for key in ("traits", "quirks", "disadvantages", "physical"):
        result[key] = [text for text in given.get(key) or () if text.strip()]
    return result


CLI = WiredCommands(commands_in(__name__), sheet_options, sheet, SHEET_EXAMPLE)
