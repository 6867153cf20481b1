"""`journal roll` and `journal unseal`: dice the GM rolls for what no rule decides, in the
open or behind the screen, and a sealed roll shown to the players later."""

from __future__ import annotations

import click

from journal.cli.common import complete, json_option, pass_settings, run_and_show
from journal.cli.settings import Settings, fail


@click.command()
@click.argument("dice_text", metavar="DICE")
@click.option(
    "--for", "purpose", default="", metavar="WHAT", help="What the roll is for (players read it)."
)
@click.option(
    "--sealed",
    is_flag=True,
    help="Behind the screen: the players see that you rolled, and for what, not the result, "
    "until `journal unseal SEQ`; then they check it against the head they kept tonight.",
)
@click.option("--dice", "faces", metavar="FACES", help="The faces you rolled (3,4,5): else rolled.")
@json_option
@pass_settings
def roll(
    settings: Settings,
    dice_text: str,
    purpose: str,
    sealed: bool,
    faces: str | None,
    as_json: bool,
) -> None:
    """Roll DICE (3d6, d20, 2d10+3) for something no rule decides; with --sealed, behind
    the screen: recorded now (so it cannot change later), shown to the players when you
    unseal it.

    \b
    Example:
      journal roll 3d6 --sealed --for "the nurse's stealth"
      journal roll d20 --for "the door holds" --dice 14
      journal unseal 45
    """
    from journal.api.commands import RollDice

    entered = None
    if faces is not None:
        from journal.api.dice import parse_faces

        try:
            entered = {"roll": parse_faces(faces)}
        except ValueError as exc:
            fail(f"--dice: {exc}")
    command = RollDice(dice_text, purpose, sealed)
    run_and_show(settings, command, as_json, entered, {"roll": "--dice"})


@click.command()
@click.argument("seq", type=click.IntRange(min=1), shell_complete=complete("sealed"))
@json_option
@pass_settings
def unseal(settings: Settings, seq: int, as_json: bool) -> None:
    """Show the players the roll you made behind the screen at SEQ: its faces and total,
    which their proof checks against the head they kept the night it was rolled.

    \b
    Example:
      journal unseal 45
      journal prove 45 --for players --head 52 -o roll.json
    """
    from journal.api.commands import UnsealRoll

    run_and_show(settings, UnsealRoll(seq), as_json)
