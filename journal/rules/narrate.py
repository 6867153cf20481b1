"""One line per event for the GM (`log`, `explain`, recaps), and who an event concerns:
the core events here, the others by their ruleset."""

from __future__ import annotations

import re
from collections.abc import Mapping

from journal.events import Event, Recorded
from journal.rules.core import (
    CampaignCreated,
    ChainSealed,
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    ClockAdvanced,
    ClockSet,
    EventVoided,
    NoteTaken,
    NumbersAdjusted,
    RulingAmended,
    SessionEnded,
    SessionStarted,
)
from journal.rules.ruleset import Ruleset
from journal.text import type_words, value_text


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
        case EventVoided(seq=seq, reason=reason, voided_type=voided_type, what=what):
            return f"Voids #{seq} ({what or type_words(voided_type)}): {reason}"
        case CharacterRenamed(old=old, new=new):
            return f"{old} is renamed {new}"
        case CharacterRetired(name=name, reason=reason):
            return f"{name} retires" + (f": {reason}" if reason else "")
        case ChainSealed(events=events):
            return (
                f"Hash chain sealed: events 1-{events}, hashed by an older journal, "
                "bound to this campaign"
            )
    return None


def adjustments(payload: NumbersAdjusted, ruleset: Ruleset | None, arrow: str = "->") -> str:
    """`Hardness 5->4, Willpower 8->6`: each number in its ruleset's words."""
    labels = ruleset.explain_labels if ruleset is not None else {}
    return ", ".join(
        f"{_label(c.number, labels)} {c.before}{arrow}{c.after}" for c in payload.changes
    )


def _label(number: str, labels: Mapping[str, str]) -> str:
    head, _, tail = number.partition(".")
    if tail:  # a specialization, a self-control number: `Hardness (mythos)`
        return f"{labels.get(head, head.replace('_', ' '))} ({tail})"
    return labels.get(number, number.replace("_", " "))


def describe_payload(payload: Event, ruleset: Ruleset | None) -> str:
    """One line for the GM: the core's events here, the others by their ruleset."""
    if isinstance(payload, RulingAmended):
        return f"Re-rules #{payload.seq}: {describe_payload(payload.amended(), ruleset)}"
    if isinstance(payload, NumbersAdjusted):
        return (
            f"GM's ruling for {payload.character}: {adjustments(payload, ruleset)}: "
            f"{payload.reason}"
        )
    text = describe_core(payload)
    if text is None and ruleset is not None:
        text = ruleset.describe(payload)
    return text or payload.type


def describe(
    record: Recorded, ruleset: Ruleset | None, renamed: Mapping[str, tuple[str, int]] | None = None
) -> str:
    """The record's line; with `renamed` (the state's), a name it uses that was changed
    later reads "Tobais (now Tobias)"."""
    return with_new_names(describe_payload(record.payload, ruleset), record.seq, renamed)


def with_new_names(text: str, seq: int, renamed: Mapping[str, tuple[str, int]] | None) -> str:
    """`text` of event `seq` with each name renamed after it shown with its new name."""
    # the fold keeps each old name's entry at the character's newest name
    for old, (now, at) in (renamed or {}).items():
        if seq < at:
            text = re.sub(rf"(?<![\w(]){re.escape(old)}(?!\w| \(now)", f"{old} (now {now})", text)
    return text


def concerns(payload: Event, ruleset: Ruleset | None) -> tuple[str, ...]:
    match payload:
        case CharacterAdded(name=name) | NumbersAdjusted(character=name):
            return (name,)
        case CharacterRenamed(old=old, new=new):
            return (old, new)
        case CharacterRetired(name=name):
            return (name,)
        case NoteTaken(about=about):
            return tuple(about)
        case RulingAmended():
            return concerns(payload.amended(), ruleset)
    if describe_core(payload) is not None or ruleset is None:
        return ()
    return ruleset.concerns(payload)
