"""GURPS: `journal fright` (a Fright Check) and `journal trait` (name an acquired trait)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from journal.cli.common import json_option, key_values, pass_settings, whole_number
from journal.cli.fight import run
from journal.cli.main import Settings, fail

if TYPE_CHECKING:
    from journal.app import Journal

FRIGHT_KEYS = (
    "character",
    "made",
    "modifiers",
    "modified_will",
    "effective_will",
    "roll",
    "success",
    "critical",
    "margin",
    "table_roll",
    "row",
    "effects",
)


def _fright_document(outcome: Any) -> dict[str, Any]:
    record = next(r for r in outcome.records if r.type == "FrightChecked")
    data = record.data
    return {
        "seq": record.seq,
        **{k: data[k] for k in FRIGHT_KEYS},
        "threat": data["threat"],
        "kind": data["kind"],
        "will": data["will"],
        "failure_margin": data["failure_margin"],
        "table_total": data["table_total"],
        "pending": data["pending"],
        "dice": data["dice"],
        "named": [r.data for r in outcome.records if r.type == "TraitNamed"],
    }


def _naming(given: dict[str, Any]) -> Any:
    """With --trait-*: name the trait the check gives in the same breath (both are recorded
    together, or neither); None without them."""
    if not (given["trait_name"] or given["trait_worsen"]):
        if given["trait_points"] is not None or given["trait_scn"] is not None:
            fail("--trait-points and --trait-scn go with --trait-name")
        return None
    from journal.rules import load
    from journal.rules.fright_check import NameTrait

    def name_it(state: Any) -> NameTrait:
        character = load(state.ruleset).status(state)
        checked = state.seq
        who = next(
            (n for n, c in character.items() if any(p["seq"] == checked for p in c["pending"])),
            None,
        )
        if who is None:
            fail("this check gave no trait to name: leave out --trait-name / --trait-worsen")
        return NameTrait(
            who,
            checked,
            given["trait_name"] or "",
            given["trait_points"],
            given["trait_scn"],
            given["trait_worsen"],
        )

    return name_it


def _fright_check_journal(settings: Settings) -> Journal:
    """The campaign's journal, refused (naming both rulesets) unless it plays fright-check,
    before any flag of these commands is looked at."""
    journal = settings.journal()
    ruleset = journal.ruleset.name
    if ruleset != "fright-check":
        fail(f"that is a fright-check command, and campaign {journal.campaign!r} plays {ruleset}")
    return journal


def _faces(text: str | None, flag: str) -> tuple[int, ...] | None:
    from journal.dice import parse_faces
    from journal.errors import RuleError

    if text is None:
        return None
    try:
        return parse_faces(text)
    except RuleError as exc:
        fail(f"{flag}: {exc}")


@click.command()
@click.argument("name")
@click.option("--threat", required=True, metavar="ID", help="This particular threat, e.g. ghoul-1.")
@click.option(
    "--kind",
    metavar="KIND",
    help="The kind of threat, e.g. ghoul: previous experience (+1) is derived only from "
    "earlier checks with the same --kind, so give it whenever you can.",
)
@click.option("--monster", type=int, default=0, help="The monster's own modifier, -1 to -10.")
@click.option(
    "--count", type=int, help="How many monsters: 5+ -1, 10+ -2, 20+ -3, 50+ -4, 100+ -5."
)
@click.option(
    "--body",
    type=click.Choice(["peaceful", "no-violence", "violent"]),
    help="A body: peaceful +6, no signs of violence +2, a victim of violence 0.",
)
@click.option(
    "--mutilated", type=int, default=0, metavar="1-3", help="Grisly mutilation: -1 to -3."
)
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
@click.option("--dark", is_flag=True, help="-1: at night or in the dark.")
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
@click.option("--mod", "mods", multiple=True, metavar="LABEL=N", help="Your own modifier.")
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
    "--trait-worsen", metavar="DISADVANTAGE", help="Row 25: worsen this one's self-control."
)
@json_option
@pass_settings
def fright(settings: Settings, /, name: str, as_json: bool, **given: Any) -> None:
    """Fright Check: Will plus every modifier (Rule of 14), then the table on a failure.

    Previous experience (+1) needs --kind: it is derived from an earlier check of this
    character against the same kind. Without --kind none is derived (rule it yourself
    with --previous-experience). Exposures in 24 game-hours come from --threat.

    \b
    Example:
      journal fright Mara --threat ghoul-1 --kind ghoul --monster -2 --dark --dice 4,5,6
      journal fright Eli --threat corpse-3 --body violent --mutilated 2 --dice 6,6,5 \\
          --table-dice 3,4,4 --effect-dice stun=2
      journal fright Eli --threat corpse-3 --dice 6,6,1 --table-dice 4,3,3 \\
          --trait-name "Counts the drawers" --trait-points -1     (name it at the check)
    """
    from journal.rules.fright_check import FrightCheck

    _fright_check_journal(settings)
    body = given["body"]
    if given["mutilated"]:
        if body not in (None, "violent"):
            fail(f"--mutilated goes with a violent death, not --body {body}")
        body = "mutilated"
    extra = tuple(
        (label, whole_number(value, f"--mod {label}"))
        for label, value in key_values(given["mods"], "--mod").items()
    )
    command = FrightCheck(
        name,
        given["threat"],
        given["kind"],
        monster=given["monster"],
        count=given["count"],
        body=body,
        mutilation=given["mutilated"],
        dependent=given["dependent"],
        heat_of_battle=given["heat_of_battle"],
        touched=given["touched"],
        distant=given["distant"],
        remote=given["remote"],
        isolated=given["isolated"],
        dark=given["dark"],
        alone=given["alone"],
        report=given["report"],
        cowardice_applies=given["cowardice_applies"],
        daredevil=given["daredevil"],
        higher_purpose=given["higher_purpose"],
        xenophilia_applies=given["xenophilia_applies"],
        extra=extra,
        previous_experience=given["previous_experience"],
        exposures=given["exposures"],
    )
    dice: dict[str, tuple[int, ...]] = {}
    flags = {"will": "--dice", "table": "--table-dice"}
    for purpose, flag in (("will", "dice"), ("table", "table_dice")):
        faces = _faces(given[flag], flags[purpose])
        if faces is not None:
            dice[purpose] = faces
    from journal.rules.fright_check import EFFECT_DICE

    for purpose, text in key_values(given["effect_dice"], "--effect-dice").items():
        if purpose not in EFFECT_DICE:
            fail(
                f"--effect-dice {purpose}: no row rolls {purpose!r}; "
                f"the sub-rolls are {', '.join(EFFECT_DICE)}"
            )
        flags[purpose] = f"--effect-dice {purpose}"
        dice[purpose] = _faces(text, flags[purpose]) or ()
    run(settings, command, as_json, dice or None, flags, _fright_document, _naming(given))


@click.command()
@click.argument("name")
@click.option(
    "--for",
    "for_seq",
    type=int,
    metavar="SEQ",
    help="The Fright Check that gave it (default: the oldest pending).",
)
@click.option("--name", "trait_name", metavar="TEXT", help="The trait, related to the event.")
@click.option("--points", type=int, help="Its point value (must match the pending one).")
@click.option("--scn", type=int, metavar="N", help="Self-control number: 6, 9, 12 or 15.")
@click.option(
    "--worsen",
    metavar="DISADVANTAGE",
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
    from journal.rules.fright_check import NameTrait

    journal = _fright_check_journal(settings)
    state = journal.state()
    canonical = state.character(name)
    if for_seq is None:
        pending = journal.ruleset.status(state).get(canonical, {}).get("pending", [])
        if not pending:
            fail(f"{canonical} has no pending trait to name")
        for_seq = int(pending[0]["seq"])
    if not trait_name and not worsen:
        fail("give the trait's --name TEXT (or --worsen DISADVANTAGE for a row-25 result)")
    run(settings, NameTrait(canonical, for_seq, trait_name or "", points, scn, worsen), as_json)
