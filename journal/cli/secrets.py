"""Who knows what: `journal reveal`, `journal secrets`; the table's safety tools: `journal
safety line|veil|list` and `journal xcard`."""

from __future__ import annotations

import click

from journal.cli.common import (
    complete,
    emit_json,
    json_option,
    pass_settings,
    run_and_show,
    split_names,
)
from journal.cli.settings import Settings


@click.command()
@click.argument("seq", type=click.IntRange(min=1), shell_complete=complete("secret"))
@click.option(
    "--to",
    "to",
    multiple=True,
    required=True,
    metavar="players|NAME",
    shell_complete=complete("told", listed=True),
    help="Who learns it: `players` (every player), or characters (repeat, or A,B).",
)
@click.option("--reason", default="", help="How they learned it (shown in their recap).")
@json_option
@pass_settings
def reveal(settings: Settings, seq: int, to: tuple[str, ...], reason: str, as_json: bool) -> None:
    """Reveal secret SEQ (a `note --for` or `--gm-only` one) to more of the table, from
    now on: their recap of this session lists it under "Learned this session"; earlier
    recaps stay as they were known. `void` the reveal to make it secret again.

    \b
    Example:
      journal reveal 12 --to players --reason "Cole told them"
      journal reveal 12 --to Mara
    """
    from journal.api.commands import RevealSecret

    run_and_show(settings, RevealSecret(seq, split_names(to), reason), as_json)


@click.command()
@click.option("--for", "of", metavar="NAME", shell_complete=complete("character"),
              help="Only what this character knows and the players do not.")  # fmt: skip
@click.option("--as-of", type=click.IntRange(min=1), metavar="SEQ",
              shell_complete=complete("event"), help="As it stood after event SEQ.")  # fmt: skip
@json_option
@pass_settings
def secrets(settings: Settings, of: str | None, as_of: int | None, as_json: bool) -> None:
    """The knowledge ledger: every secret, who knew it from which event and session, who
    does not know it yet (the GM's view: never show it to the players).

    \b
    Example:
      journal secrets
      journal secrets --for Cole --as-of 40 --json
    """
    document = settings.journal().secrets(of, as_of)
    if as_json:
        emit_json(document)
    else:
        click.echo("\n".join(document.text()))


@click.group()
def safety() -> None:
    """The table's safety tools, in the record: lines (never in play) and veils (faded
    to black); the table screen and every player's page show those in force. `journal
    void SEQ --reason ...` lifts one.

    \b
    Example:
      journal safety line "harm to children"
      journal safety veil "torture"
      journal safety list
    """


def _safety_tool(kind: str, what: str, example: str) -> None:
    """`journal safety KIND TEXT`: record a line or a veil."""

    @safety.command(kind, help=f"Record a {kind}: {what}.\n\n\b\nExample:\n  {example}")
    @click.argument("text")
    @json_option
    @pass_settings
    def record(settings: Settings, text: str, as_json: bool) -> None:
        from journal.api.commands import SetSafetyTool

        run_and_show(settings, SetSafetyTool(kind, text), as_json)


_safety_tool("line", "content the table agreed never comes up in play",
             'journal safety line "harm to children"')  # fmt: skip
_safety_tool("veil", "content that may happen, but off screen (`note --veil TOPIC`)",
             'journal safety veil "torture"')  # fmt: skip


@safety.command("list")
@json_option
@pass_settings
def safety_list(settings: Settings, as_json: bool) -> None:
    """The lines and veils in force, each with the seq `void` lifts it by.

    \b
    Example:
      journal safety list --json
    """
    document = settings.journal().safety()
    if as_json:
        emit_json(document)
    else:
        click.echo("\n".join(document.text()))


@click.command()
@click.option("--reason", default="", help="Why, if the table wants it said (never who).")
@json_option
@pass_settings
def xcard(settings: Settings, reason: str, as_json: bool) -> None:
    """The X-card: record that a scene was cut (who asked is never recorded); the
    players' recap shows "A scene was skipped." in its place.

    \b
    Example:
      journal xcard
      journal xcard --reason "too close to home"
    """
    from journal.api.commands import CutScene

    run_and_show(settings, CutScene(reason), as_json)
