"""One line per event for the GM (`log`, `explain`, recaps), and who an event concerns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.events import Event, Recorded
from journal.rules import Ruleset
from journal.rules.core import (
    CampaignCreated,
    CharacterAdded,
    ClockAdvanced,
    ClockSet,
    EventVoided,
    NoteTaken,
    SessionEnded,
    SessionStarted,
)


def value_text(value: Any) -> str:
    """A status value as the GM reads it: `yes`, `mythos 4`, `Combat Reflexes, Fearlessness
    2`, `Phobia (dark) -15, self-control 12; Nightmares -5`."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        if "name" in value and "points" in value:
            return _trait(value)
        if "kind" in value and "points" in value:
            seq = f" (check #{value['seq']})" if value.get("seq") is not None else ""
            return f"{value['kind']} {_points(value['points'])}{seq}"
        items = [str(k) if v is True else f"{k} {value_text(v)}" for k, v in value.items()]
        return ", ".join(items) or "none"
    if isinstance(value, list | tuple):
        parts = [value_text(v) for v in value]
        joiner = "; " if any(isinstance(v, Mapping) for v in value) else ", "
        return joiner.join(parts) or "none"
    return str(value)


def _points(points: Any) -> str:
    return (
        f"{points:+d}" if isinstance(points, int) and not isinstance(points, bool) else str(points)
    )


def _trait(value: Mapping[str, Any]) -> str:
    """`Phobia (dark) -15, self-control 12`."""
    text = f"{value['name']} {_points(value['points'])}"
    if value.get("self_control") is not None:
        text += f", self-control {value['self_control']}"
    return text


def _sheet_text(sheet: object) -> str:
    if not isinstance(sheet, dict):
        return ""
    return "; ".join(
        f"{key} {value_text(value)}"
        for key, value in sheet.items()
        if value not in (None, {}, (), [])
    )


def describe_core(payload: Event) -> str | None:
    match payload:
        case CampaignCreated(slug=slug, ruleset=ruleset, title=title, options=options):
            opts = ", ".join(f"{k}={v}" for k, v in options.items())
            return f"Campaign {title!r} ({slug}) begins, ruleset {ruleset}" + (
                f", options {opts}" if opts else ""
            )
        case CharacterAdded(name=name, sheet=sheet):
            return f"{name} joins: {_sheet_text(dict(sheet))}"
        case SessionStarted(number=number, title=title, at=at):
            return f"Session {number} starts: {title}" + (f" (at {at})" if at else "")
        case SessionEnded(number=number):
            return f"Session {number} ends"
        case ClockSet(game_time=game_time):
            return f"Clock set to {game_time}"
        case ClockAdvanced(amount=amount, game_time=game_time):
            return f"Clock advances {amount} to {game_time}"
        case NoteTaken(text=text, gm_only=gm_only, about=about):
            who = f" [{', '.join(about)}]" if about else ""
            return f"{'GM note' if gm_only else 'Note'}{who}: {text}"
        case EventVoided(seq=seq, reason=reason, voided_type=voided_type):
            return f"Voids #{seq} ({voided_type or 'event'}): {reason}"
    return None


def describe(record: Recorded, ruleset: Ruleset | None) -> str:
    payload = record.payload
    text = describe_core(payload)
    if text is None and ruleset is not None:
        text = ruleset.describe(payload)
    return text or record.type


def concerns(payload: Event, ruleset: Ruleset | None) -> tuple[str, ...]:
    match payload:
        case CharacterAdded(name=name):
            return (name,)
        case NoteTaken(about=about):
            return tuple(about)
    if describe_core(payload) is not None or ruleset is None:
        return ()
    return ruleset.concerns(payload)
