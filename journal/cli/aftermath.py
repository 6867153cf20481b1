"""After the fight: `journal check`, `rest`, `peace`, `award` (horror-factor)."""

from __future__ import annotations

from typing import Any

import click

from journal.cli.common import json_option, pass_settings, split_names
from journal.cli.fight import run
from journal.cli.main import Settings, fail


def _check_document(outcome: Any) -> dict[str, Any]:
    record = outcome.records[-1]
    data = record.data
    return {
        "seq": record.seq,
        "character": data["character"],
        "total": data["total"],
        "result": data["result"],
        "hardness": data["hardness_after"],
        "brokenness": data["brokenness_after"],
        "terms": data["terms"],
        "hf": data["hf"],
        "hf_source": data["hf_source"],
        "dice": data["dice"],
    }


@click.command()
@click.argument("name")
@click.option(
    "--hf",
    type=int,
    help="The Horror Factor of a horror outside combat, 0-20 (then the general Hardness "
    "applies). Without it: the initial HF of NAME's last encounter.",
)
@click.option("--dice", metavar="+A/-B", help="Entered d10 pair (rolled when left out).")
@json_option
@pass_settings
def check(settings: Settings, name: str, hf: int | None, dice: str | None, as_json: bool) -> None:
    """Horror Check: current Willpower + Hardness - HF + d10 - d10 against 10.
    Pass: hardened (+1 Hardness up to the cap). Fail: broken (+1 brokenness).

    Without --hf the HF is the initial HF NAME faced in their last encounter (turn 1,
    modifiers and ambush included) and the Hardness is the one that applies to that
    encounter (NAME's specialization for its category, else the general Hardness).
    With --hf N (a horror outside combat) the HF is N and the Hardness is the general one.

    \b
    Example:
      journal check Ariella --dice +4/-2
      journal check Linda --hf 8
    """
    from journal.dice import parse_d10_pair
    from journal.rules.horror_factor import HorrorCheck

    entered = {"check": parse_d10_pair(dice)} if dice else None
    run(settings, HorrorCheck(name, hf), as_json, entered, {"check": "--dice"}, _check_document)


@click.command()
@click.argument("names", nargs=-1)
@click.option("--all", "everyone", is_flag=True, help="Everyone (the default when no NAME).")
@click.option("--victory", is_flag=True, help="A major victory or accomplishment, not sleep.")
@click.option("--points", type=int, help="Restore only this much Willpower.")
@json_option
@pass_settings
def rest(
    settings: Settings,
    names: tuple[str, ...],
    everyone: bool,
    victory: bool,
    points: int | None,
    as_json: bool,
) -> None:
    """A good night's sleep (or --victory): Willpower back to its maximum.

    \b
    Example:
      journal rest --all
      journal rest Linda --victory
      journal rest Freddie --points 2
    """
    from journal.rules.horror_factor import Rest

    if everyone and names:
        fail(
            f"give NAME ... or --all, not both: `rest --all` rests everyone, "
            f"`rest {' '.join(names)}` only them"
        )
    chosen = () if everyone else split_names(names)
    run(settings, Rest(chosen, victory, points), as_json)


@click.command()
@click.argument("name")
@click.option("--months", type=int, required=True, help="Months of peaceful life (at least 1).")
@click.option("--lose", type=int, required=True, help="Hardness lost (0 or more).")
@click.option("--therapy", is_flag=True, help="Had therapy (needed to lose Hardness above 5).")
@click.option("--ptsd", is_flag=True, help="Has post-traumatic stress disorder.")
@click.option("--mindset", is_flag=True, help="Kept a warlike mindset: nothing is lost.")
@click.option(
    "--override", metavar="REASON", help="GM ruling past the therapy rule, with a reason."
)
@json_option
@pass_settings
def peace(
    settings: Settings,
    name: str,
    months: int,
    lose: int,
    therapy: bool,
    ptsd: bool,
    mindset: bool,
    override: str | None,
    as_json: bool,
) -> None:
    """Months of peaceful life: Hardness lost, never below half the peak.

    \b
    Example:
      journal peace Linda --months 6 --lose 1 --ptsd
      journal peace Sarge --months 12 --lose 1 --therapy
    """
    from journal.rules.horror_factor import Peace

    run(settings, Peace(name, months, lose, therapy, ptsd, mindset, override), as_json)


@click.command()
@click.argument("name")
@click.option("--hardness", type=int, required=True, help="Levels of Hardness gained.")
@click.option("--reason", required=True, help="Why (awards past the cap are deliberate).")
@click.option(
    "--spec", "specialization", metavar="CATEGORY", help="Award a specialization instead."
)
@json_option
@pass_settings
def award(
    settings: Settings,
    name: str,
    hardness: int,
    reason: str,
    specialization: str | None,
    as_json: bool,
) -> None:
    """Award Hardness, past the training cap if you rule so (never past 7).

    \b
    Example:
      journal award Freddie --hardness 1 --reason "Two years of wasteland patrols"
    """
    from journal.rules.horror_factor import Award

    run(settings, Award(name, hardness, reason, specialization), as_json)
