"""One line per event for the GM (`log`, `explain`, recaps), and who an event concerns:
the core events here, the others by their ruleset."""

from __future__ import annotations

from collections.abc import Mapping

from journal.events import Event, Recorded
from journal.rules.core import (
    CampaignCreated,
    CharacterAdded,
    ClockAdvanced,
    ClockSet,
    EventVoided,
    NoteTaken,
    RulingAmended,
    SessionEnded,
    SessionStarted,
)
from journal.rules.ruleset import Ruleset
from journal.text import value_text


def _sheet_text(sheet: object) -> str:
    if not isinstance(sheet, Mapping):
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


def describe_payload(payload: Event, ruleset: Ruleset | None) -> str:
    """One line for the GM: the core's events here, the others by their ruleset."""
    if isinstance(payload, RulingAmended):
        return f"Re-rules #{payload.seq}: {describe_payload(payload.amended(), ruleset)}"
    text = describe_core(payload)
    if text is None and ruleset is not None:
        text = ruleset.describe(payload)
    return text or payload.type


def describe(record: Recorded, ruleset: Ruleset | None) -> str:
    return describe_payload(record.payload, ruleset)


def concerns(payload: Event, ruleset: Ruleset | None) -> tuple[str, ...]:
    match payload:
        case CharacterAdded(name=name):
            return (name,)
        case NoteTaken(about=about):
            return tuple(about)
        case RulingAmended():
            return concerns(payload.amended(), ruleset)
    if describe_core(payload) is not None or ruleset is None:
        return ()
    return ruleset.concerns(payload)
