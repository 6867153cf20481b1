"""At the table: the `journal session` commands (start, end), `clock` and `note`."""

from __future__ import annotations

import click

from journal.cli.common import complete, json_option, pass_settings, run_and_show, split_names
from journal.cli.settings import Settings


@click.group()
def session() -> None:
    """Start and end play sessions (recaps are per session).

    \b
    Example:
      journal session start "The long night" --at "1998-10-31 21:00"
      journal session end
    """


@session.command("start")
@click.argument("title", required=False, default="")
@click.option("--at", metavar="GAME_TIME", help="Set the campaign clock, e.g. 1998-10-31 21:00.")
@json_option
@pass_settings
def session_start(settings: Settings, title: str, at: str | None, as_json: bool) -> None:
    """Start the next session, optionally setting the game clock.

    \b
    Example:
      journal session start "Into the morgue" --at "1925-11-02 23:00"
    """
    from journal.api.commands import StartSession

    run_and_show(settings, StartSession(title, at), as_json)


@session.command("end")
@json_option
@pass_settings
def session_end(settings: Settings, as_json: bool) -> None:
    """End the open session, and print its receipt: the record's head tonight, the one
    your players keep (every page and handout shows the same). `journal verify --head`
    checks it later on your database, the players' verifier against their proofs.

    \b
    Example:
      journal session end
      journal verify --head "#312 3f2a9c41d0b7"
    """
    from journal.api.commands import EndSession

    outcome = run_and_show(settings, EndSession(), as_json)
    if not as_json:
        head = settings.journal().tree_head(outcome.records[-1].seq)
        click.echo(f"Receipt: {head['short']}  (#{head['size']} {head['root']})")


@click.group()
def clock() -> None:
    """The in-game clock (rules that count game hours read it).

    \b
    Example:
      journal clock set "1925-11-02 23:00"
      journal clock advance 2h
    """


@clock.command("set")
@click.argument("game_time")
@click.option("--rewind", is_flag=True, help="Set it earlier than it shows (a flashback).")
@json_option
@pass_settings
def clock_set(settings: Settings, game_time: str, rewind: bool, as_json: bool) -> None:
    """Set the game clock to GAME_TIME (YYYY-MM-DD HH:MM); earlier than it shows needs
    --rewind.

    \b
    Example:
      journal clock set "1925-11-02 23:00"
      journal clock set "1925-11-01 08:00" --rewind
    """
    from journal.api.commands import SetClock

    run_and_show(settings, SetClock(game_time, rewind), as_json)


@clock.command("advance")
@click.argument("amount")
@json_option
@pass_settings
def clock_advance(settings: Settings, amount: str, as_json: bool) -> None:
    """Move the game clock on by AMOUNT: 30min, 2h, 3d, 2w, 6mo, 1y.

    \b
    Example:
      journal clock advance 6mo
    """
    from journal.api.commands import AdvanceClock

    run_and_show(settings, AdvanceClock(amount), as_json)


@click.command()
@click.argument("text")
@click.option("--gm-only", is_flag=True, help="Keep it out of player handouts.")
@click.option(
    "--about",
    multiple=True,
    metavar="NAME",
    shell_complete=complete("character", listed=True),
    help="The character it concerns; for several, repeat it (--about A --about B) "
    "or join them with commas (--about A,B).",
)
@click.option(
    "--for",
    "known_by",
    multiple=True,
    metavar="NAME",
    shell_complete=complete("character", listed=True),
    help="A secret: only these characters' players (and the GM) know it, until "
    "`journal reveal`; repeat it or join names with commas.",
)
@click.option(
    "--veil",
    metavar="TOPIC",
    default="",
    help="A veiled scene: every players' and character's view shows "
    "[faded to black: TOPIC]; the GM's copy keeps the text.",
)
@json_option
@pass_settings
def note(
    settings: Settings,
    text: str,
    gm_only: bool,
    about: tuple[str, ...],
    known_by: tuple[str, ...],
    veil: str,
    as_json: bool,
) -> None:
    """Write a note in the log (shown in recaps; --gm-only ones only to the GM, --for
    ones only to those characters).

    \b
    Example:
      journal note "The lights go out in the alley." --about Linda
      journal note "They swear to burn the house." --about Linda,Freddie
      journal note "The cheerleader was Ariella's sister." --gm-only
      journal note "Only Cole saw the face in the window." --for Cole
      journal note "What the ghoul did to the dog." --veil "the dog"
    """
    from journal.api.commands import TakeNote

    command = TakeNote(text, gm_only, split_names(about), split_names(known_by), veil)
    run_and_show(settings, command, as_json)
