"""The words several events of the Horror Factor share: a d10 pair as the GM writes it, the
HF track moved (for the GM and for the players), an action penalty."""

from __future__ import annotations

from collections.abc import Iterable

from journal.plugin.rules import Dice
from journal.plugin.telling import ARROW
from journal.rulesets.horror_factor.rules.track import TrackChange


def pair(faces: tuple[int, ...]) -> str:
    """A d10 pair as the GM writes it: `+5/-6`."""
    return f"+{faces[0]}/-{faces[1]}" if len(faces) == 2 else ",".join(map(str, faces))


def rolled_pair(dice: Dice, purpose: str) -> str:
    roll = dice.get(purpose)
    return "?" if roll is None else pair(roll.faces)


def track_line(changes: Iterable[TrackChange]) -> str:
    """The HF track moved, for the GM: `Linda 5->3, Freddie 5->4`."""
    return ", ".join(f"{c.character} {c.before}->{c.after}" for c in changes)


def track_words(changes: Iterable[TrackChange]) -> str:
    """The HF track moved, for the players: `Linda 5 → 3`."""
    return ", ".join(f"{c.character} {c.before} {ARROW} {c.after}" for c in changes)


def penalty(value: int) -> str:
    return f"penalty -{value}" if value else "no penalty"
