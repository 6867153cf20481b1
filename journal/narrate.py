"""One line per event for the GM (`log`, `explain`, recaps), and who an event concerns."""

from __future__ import annotations

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


def _item_text(item: object) -> str:
    """A quirk, or a disadvantage as `Phobia (dark) -15, self-control 12`."""
    if not isinstance(item, dict):
        return str(item)
    text = str(item.get("name", item))
    if item.get("points") is not None:
        text += f" {item['points']}"
    if item.get("self_control") is not None:
        text += f", self-control {item['self_control']}"
    return text


def _sheet_text(sheet: object) -> str:
    if not isinstance(sheet, dict):
        return ""
    parts = []
    for key, value in sheet.items():
        if value in (None, {}, (), []):
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" if v is not True else k for k, v in value.items())
        elif isinstance(value, tuple | list):
            value = ", ".join(
                str(v.get("name", v)) if isinstance(v, dict) else str(v) for v in value
            )
        parts.append(f"{key} {value}")
    return "; ".join(parts)


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
