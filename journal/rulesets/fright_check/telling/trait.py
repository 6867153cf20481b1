"""How a trait named reads: for the GM its points and the check it came from; for players
the trait (or the worse self-control) in words."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.fright_check.rules.trait import TraitNamed
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(TraitNamed)
def _named(payload: TraitNamed) -> str:
    scn = "" if payload.self_control is None else f", self-control {payload.self_control}"
    if payload.worsened:
        return (
            f"{payload.character}'s {payload.name} gets worse (check {payload.for_seq}): "
            f"self-control {payload.previous_self_control} → {payload.self_control}, "
            f"{payload.previous_points} → {payload.points} points"
        )
    return (
        f"{payload.character} acquires {payload.name} "
        f"({payload.points:+d}{scn}; {payload.pending_kind} from check {payload.for_seq})"
    )


@SENTENCES.on(TraitNamed)
def _named_told(payload: TraitNamed, gm: bool) -> str:
    if gm:
        return LINES.line(payload)
    return trait_words(payload)


def trait_words(p: TraitNamed) -> str:
    """`Mara acquires Bad Back (-15 points)`; a worsened self-control in words."""
    if p.worsened:
        return (
            f"{p.character}'s {p.name} gets worse: self-control "
            f"{p.previous_self_control} {ARROW} {p.self_control} ({p.points:+d} points)"
        )
    scn = "" if p.self_control is None else f", self-control {p.self_control}"
    return f"{p.character} acquires {p.name} ({p.points:+d} points{scn})"


def named_text(p: TraitNamed) -> str:
    """How a named trait reads in its check's effects: `Bad Back`, or `Necrophobia,
    self-control 12 → 9`."""
    if p.worsened:
        return f"{p.name}, self-control {p.previous_self_control} {ARROW} {p.self_control}"
    return p.name
