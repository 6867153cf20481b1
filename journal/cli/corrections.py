"""Corrections at the table: `journal void`, `rerule`, `amend` and `undo`.

A void takes an event out of every number (it stays in the log). The rulings after it were
decided against a past that has changed: `rerule` decides each of them again from its
recorded inputs and dice and records what changed (amendments, or voids for those the
rules now refuse); `void --rerule` does both at once; `amend SEQ` corrects a ruling's dice
or inputs where it stands and re-rules what follows; `undo` voids the last event you
entered (`--any`: anyone's).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from journal.cli.common import (
    by_owner,
    complete,
    emit_json,
    json_option,
    owned_options,
    pass_settings,
    refuse_others,
)
from journal.cli.settings import Settings, fail

if TYPE_CHECKING:
    from journal.api.journal import Journal
    from journal.api.rulesets import Ruleset


def confirm(question: str, yes: bool) -> None:
    """Go ahead with --yes, or when the GM says so at a terminal; refuse otherwise."""
    if yes:
        return
    if not sys.stdin.isatty():
        fail(f"{question} Add --yes to confirm (nothing was written)")
    if not click.confirm(question, default=False, err=True):
        fail("nothing was written")


def _print(outcome_lines: list[str], document: object, as_json: bool) -> None:
    if as_json:
        emit_json(document)
        return
    for line in outcome_lines:
        click.echo(line)


@click.command()
@click.argument("seq", type=click.IntRange(1, 2**31 - 1), shell_complete=complete("event"))
@click.option("--reason", required=True, help="Why the event no longer counts.")
@click.option("--rerule", is_flag=True, help="Then decide every later ruling again, at once.")
@json_option
@pass_settings
def void(settings: Settings, seq: int, reason: str, rerule: bool, as_json: bool) -> None:
    """Void event SEQ: it stays in the log, every number leaves it out (for what never
    happened; a die misread is corrected where it stands: `journal amend SEQ --dice ...`).
    With --rerule, the later rulings are decided again in the same breath.

    \b
    Example:
      journal void 14 --reason "Wrong character: that was Ariella's roll"
      journal void 9 --reason "That soak never happened" --rerule
    """
    from journal.api.commands import VoidEvent

    journal = settings.journal()
    command = VoidEvent(seq, reason)
    ask = settings.dice_asker()
    outcome = journal.rerule(command, ask) if rerule else journal.run(command)
    _print(outcome.lines(), outcome.document(), as_json)
    if not rerule:
        after = journal.plan_rerule()
        if after.plan.changes:
            seqs = [change.correction.seq for change in after.plan.changes]
            click.echo(
                f"{len(seqs):,} later ruling(s) no longer follow ({seq_list(seqs)}): "
                "`journal rerule` decides them again (`journal audit` shows how).",
                err=True,
            )


#: how many seqs a notice names before it summarises the rest
LISTED = 10


def seq_list(seqs: list[int]) -> str:
    """`#3, #5, #8`; a long list as its first ten and "and 4,210 later rulings: `journal
    audit` lists them" (a void early in a long campaign once printed thousands)."""
    shown = ", ".join(f"#{seq}" for seq in seqs[:LISTED])
    rest = len(seqs) - LISTED
    if rest <= 0:
        return shown
    noun = "ruling" if rest == 1 else "rulings"
    return f"{shown} and {rest:,} later {noun}: `journal audit` lists them"


@click.command()
@click.option("--yes", is_flag=True, help="Record without asking.")
@json_option
@pass_settings
def rerule(settings: Settings, yes: bool, as_json: bool) -> None:
    """Decide every ruling again against the corrected past (after voids) and record what
    changed: amended rulings, and voids of those the rules now refuse.

    \b
    Example:
      journal rerule
      journal rerule --yes
    """
    from journal.api.dice import keeping

    journal = settings.journal()
    ask = keeping(settings.dice_asker())
    planned = journal.plan_rerule(ask=ask)
    if not planned.plan.changes:
        click.echo(planned.plan.text(), err=as_json)
        if as_json:  # nothing to record: the outcome of an empty plan (no event)
            emit_json(journal.record_rerule(planned).document())
        return
    click.echo(planned.plan.text(), err=as_json)
    confirm(f"Record these {len(planned.plan.changes)} correction(s)?", yes)
    outcome = journal.rerule(ask=ask, planned=planned)  # planned again if a writer appends
    _print(outcome.lines(), outcome.document(), as_json)


@click.command()
@click.option("--yes", is_flag=True, help="Void it without asking.")
@click.option("--any", "anyone", is_flag=True, help="The last event of anyone, not only yours.")
@json_option
@pass_settings
def undo(settings: Settings, yes: bool, anyone: bool, as_json: bool) -> None:
    """Void the last event you entered (shown first), and re-rule what follows it. You are
    --writer / JOURNAL_WRITER (default user@host), and a `play` session's events are yours
    too; --any takes back the last event of anyone (a co-GM's).

    \b
    Example:
      journal undo
      journal undo --yes
      journal --writer sam undo --yes
      journal undo --any
    """
    from journal.api.commands import VoidEvent

    journal = settings.journal()
    target = journal.undo_target(anyone)
    if target is None:
        fail(_nothing_to_undo(journal, anyone))
    line = journal.lines([target])[0]
    by = f" (entered by {target.writer})" if target.writer else ""
    click.echo(f"The last event: #{target.seq} {line}{by}", err=as_json)
    # the question is the refusal's line too: a script is told what it would void
    confirm(f"Void #{target.seq} ({journal.telling.ruling_words(target)})?", yes)
    outcome = journal.rerule(VoidEvent(target.seq, "undone at the table"), settings.dice_asker())
    _print(outcome.lines(), outcome.document(), as_json)


def _nothing_to_undo(journal: Journal, anyone: bool) -> str:
    if anyone:
        return "there is nothing to undo: no event entered since the campaign began still counts"
    other = journal.undo_target(anyone=True)
    mine = f"there is nothing to undo for {journal.writer}"
    if other is None:
        return f"{mine}, nor for anyone: no event entered since the campaign began still counts"
    who = f"by {other.writer}" if other.writer else "written before writers were recorded"
    return (
        f"{mine}: the last event that still counts is #{other.seq}, {who}; "
        "`journal undo --any` takes it back"
    )


AMEND_HELP = """Correct ruling SEQ where it stands: a die misread, an input given wrong. The
ruling is decided again in its place with the corrected dice (or input), and every later
ruling again against that corrected past, all recorded at once: what changed is listed
(amendments, and voids of rulings the rules now refuse). A ruling that now needs dice it
never rolled asks for them (or rolls them). --dice corrects the ruling's roll (name it,
PURPOSE=FACES, when it rolled several); the other options are the inputs the campaign's
ruleset lets you correct.

\b
Example:
  journal amend 16 --dice +1/-8 --reason "misread die"
  journal amend 23 --hf 5 --reason "the horror was HF 5, not 3"
  journal amend 31 --dice table=3,4,4 --reason "misread the table roll"
"""


class AmendCommand(click.Command):
    """Its input options are those the rulesets in scope let the GM correct, found when it
    parses or shows its help (never when `journal --help` lists it)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Its --reason takes the rest of the line unquoted from a shell too, as at the
        `play` prompt: `--reason misread the red die`."""
        from journal.cli.free_text import joined

        return super().parse_args(ctx, joined(self, args, ctx))

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        from journal.cli.settings import json_flag, settings_of

        scope = settings_of(ctx).scope()
        params: list[click.Parameter] = [
            click.Argument(
                ["seq"], type=click.IntRange(1, 2**31 - 1), shell_complete=complete("ruling")
            ),
            click.Option(
                ["--dice", "dice"],
                multiple=True,
                metavar="FACES",
                help="The dice as they really fell (+1/-8, 3,4,5; PURPOSE=FACES for one of "
                "several rolls).",
            ),
            *owned_options(scope, _inputs(scope), _flag),
        ]
        params.append(click.Option(["--reason"], required=True, help="Why: what was wrong."))
        params.append(json_flag())
        return [*params, *super().get_params(ctx)]


def _inputs(scope: list[Ruleset]) -> dict[str, tuple[Ruleset, str]]:
    """Every installed ruleset's amendable inputs and their meaning (`by_owner`)."""
    return by_owner(scope, lambda ruleset: ruleset.amendable.items())


def _flag(name: str) -> str:
    return f"--{name.replace('_', '-')}"


def _amend(seq: int, dice: tuple[str, ...], reason: str, as_json: bool, **given: Any) -> None:
    from journal.cli.settings import settings_of

    settings = settings_of(click.get_current_context())
    journal = settings.journal()
    refuse_others(given, _inputs(settings.scope()), _flag, journal.ruleset)
    inputs = {name: value for name, value in given.items() if value is not None}
    outcome, planned = journal.amend(seq, dice, inputs, reason, settings.dice_asker())
    click.echo(planned.plan.amended_text(seq), err=as_json)
    _print(outcome.lines(), outcome.document(), as_json)


amend = AmendCommand("amend", callback=_amend, help=AMEND_HELP)
