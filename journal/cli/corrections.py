"""Corrections at the table: `journal void`, `rerule` and `undo`.

A void takes an event out of every number (it stays in the log). The rulings after it were
decided against a past that has changed: `rerule` decides each of them again from its
recorded inputs and dice and records what changed (amendments, or voids for those the
rules now refuse); `void --rerule` does both at once; `undo` voids the last event entered.
"""

from __future__ import annotations

import sys

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.main import Settings, fail


def _confirm(question: str, yes: bool) -> None:
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
@click.argument("seq", type=click.IntRange(1, 2**31 - 1))
@click.option("--reason", required=True, help="Why the event no longer counts.")
@click.option("--rerule", is_flag=True, help="Then decide every later ruling again, at once.")
@json_option
@pass_settings
def void(settings: Settings, seq: int, reason: str, rerule: bool, as_json: bool) -> None:
    """Void event SEQ: it stays in the log, every number leaves it out. A reroll is a void
    plus a new roll. With --rerule, the later rulings are decided again in the same breath.

    \b
    Example:
      journal void 14 --reason "Wrong character: that was Ariella's roll"
      journal void 9 --reason "That soak never happened" --rerule
    """
    from journal.rules.core import VoidEvent

    journal = settings.journal()
    command = VoidEvent(seq, reason)
    ask = settings.dice_asker()
    outcome = journal.rerule(command, ask) if rerule else journal.run(command)
    _print(outcome.lines(), outcome.document(), as_json)
    if not rerule:
        after = journal.plan_rerule()
        if after.plan.changes:
            seqs = ", ".join(f"#{change.correction.seq}" for change in after.plan.changes)
            click.echo(
                f"{len(after.plan.changes)} later ruling(s) no longer follow ({seqs}): "
                "`journal rerule` decides them again (`journal audit` shows how).",
                err=True,
            )


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
    journal = settings.journal()
    planned = journal.plan_rerule(ask=settings.dice_asker())
    if not planned.plan.changes:
        click.echo(planned.plan.text(), err=as_json)
        if as_json:
            emit_json([])
        return
    click.echo(planned.plan.text(), err=as_json)
    _confirm(f"Record these {len(planned.plan.changes)} correction(s)?", yes)
    outcome = journal.record_rerule(planned)
    _print(outcome.lines(), outcome.document(), as_json)


@click.command()
@click.option("--yes", is_flag=True, help="Void it without asking.")
@json_option
@pass_settings
def undo(settings: Settings, yes: bool, as_json: bool) -> None:
    """Void the last event you entered (shown first), and re-rule what follows it.

    \b
    Example:
      journal undo
      journal undo --yes
    """
    from journal.rules.core import VoidEvent

    journal = settings.journal()
    target = journal.undo_target()
    if target is None:
        fail("there is nothing to undo: no event entered since the campaign began still counts")
    line = journal.lines([target])[0]
    click.echo(f"The last event: #{target.seq} {line}", err=as_json)
    # the question is the refusal's line too: a script is told what it would void
    _confirm(f"Void #{target.seq} ({journal.ruleset.ruling_words(target)})?", yes)
    outcome = journal.rerule(VoidEvent(target.seq, "undone at the table"), settings.dice_asker())
    _print(outcome.lines(), outcome.document(), as_json)
