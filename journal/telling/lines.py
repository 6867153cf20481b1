"""One line per event for the GM (`log`, `explain`, recaps): the core events here, the
others by their ruleset's telling; how the names of earlier events read now; the heading
line of `journal status` and of the live board."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from journal.documents import StatusDocument
from journal.errors import UnreadableEvent
from journal.events.recorded import Recorded
from journal.events.registry import Event
from journal.rules.core.events import (
    CampaignCreated,
    ChainSealed,
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    ClockAdvanced,
    ClockSet,
    DiceRolled,
    EventVoided,
    HandoutPosted,
    LanguageSet,
    NoteTaken,
    NumbersAdjusted,
    RollUnsealed,
    RulingAmended,
    RulingSealed,
    SafetyToolSet,
    SceneCut,
    SecretNoted,
    SecretRevealed,
    SessionEnded,
    SessionStarted,
    VeiledNoteTaken,
)
from journal.rules.core.state import CampaignState, CharacterId
from journal.rules.ruleset import Ruleset
from journal.telling.contract import Telling, telling_of
from journal.text import type_words, value_text


def _sheet_text(sheet: object) -> str:
    if not isinstance(sheet, Mapping):
        return ""
    return "; ".join(
        f"{key} {value_text(value)}"
        for key, value in sheet.items()
        if value not in (None, {}, (), [])
    )


def _created(payload: CampaignCreated, ruleset: Ruleset | None) -> str:
    opts = ", ".join(f"{k}={v}" for k, v in payload.options.items())
    return f"Campaign {payload.title!r} ({payload.slug}) begins, ruleset {payload.ruleset}" + (
        f", options {opts}" if opts else ""
    )


def _added(payload: CharacterAdded, ruleset: Ruleset | None) -> str:
    return f"{payload.name} joins: {_sheet_text(dict(payload.sheet))}"


def _started(payload: SessionStarted, ruleset: Ruleset | None) -> str:
    at = payload.at
    return f"Session {payload.number} starts: {payload.title}" + (f" (at {at})" if at else "")


def _ended(payload: SessionEnded, ruleset: Ruleset | None) -> str:
    return f"Session {payload.number} ends"


def _posted(payload: HandoutPosted, ruleset: Ruleset | None) -> str:
    sent = "1 message" if payload.messages == 1 else f"{payload.messages} messages"
    return (
        f"The {payload.what} of session {payload.session} is posted to {payload.webhook} ({sent})"
    )


def _clock_set(payload: ClockSet, ruleset: Ruleset | None) -> str:
    return f"Clock set to {payload.game_time}"


def _clock_advanced(payload: ClockAdvanced, ruleset: Ruleset | None) -> str:
    return f"Clock advances {payload.amount} to {payload.game_time}"


def _note(payload: NoteTaken, ruleset: Ruleset | None) -> str:
    who = f" [{', '.join(payload.about)}]" if payload.about else ""
    return f"{'GM note' if payload.gm_only else 'Note'}{who}: {payload.text}"


def _secret(payload: SecretNoted, ruleset: Ruleset | None) -> str:
    who = f" [{', '.join(payload.about)}]" if payload.about else ""
    return f"Secret for {', '.join(payload.known_by)}{who}: {payload.text}"


def _revealed(payload: SecretRevealed, ruleset: Ruleset | None) -> str:
    to = "every player" if payload.players else ", ".join(payload.to)
    why = f" ({payload.reason})" if payload.reason else ""
    return f"Reveals secret #{payload.seq} to {to}{why}"


def _veiled(payload: VeiledNoteTaken, ruleset: Ruleset | None) -> str:
    who = f" [{', '.join(payload.about)}]" if payload.about else ""
    return f"Veiled note ({payload.veil}){who}: {payload.text}"


def _safety(payload: SafetyToolSet, ruleset: Ruleset | None) -> str:
    return f"Safety {payload.kind} agreed: {payload.text}"


def _language(payload: LanguageSet, ruleset: Ruleset | None) -> str:
    return f"The handouts are in {payload.language} from now on (their HTML and PDF say so)"


def _cut(payload: SceneCut, ruleset: Ruleset | None) -> str:
    return "X-card: a scene is cut" + (f" ({payload.reason})" if payload.reason else "")


def _voided(payload: EventVoided, ruleset: Ruleset | None) -> str:
    what = payload.what or type_words(payload.voided_type)
    return f"Voids #{payload.seq} ({what}): {payload.reason}"


def _renamed(payload: CharacterRenamed, ruleset: Ruleset | None) -> str:
    return f"{payload.old} is renamed {payload.new}"


def _retired(payload: CharacterRetired, ruleset: Ruleset | None) -> str:
    reason = payload.reason
    return f"{payload.name} retires" + (f": {reason}" if reason else "")


def _sealed(payload: ChainSealed, ruleset: Ruleset | None) -> str:
    return (
        f"Hash chain sealed: events 1-{payload.events}, hashed by an older journal, "
        "bound to this campaign"
    )


def _re_rules(payload: RulingAmended, ruleset: Ruleset | None) -> str:
    why = f" ({payload.reason})" if payload.reason else ""
    try:
        ruling = describe_payload(payload.amended(), ruleset)
    except (ValueError, TypeError) as exc:  # a voided amendment stored otherwise than read
        ruling = f"a ruling ({payload.ruling}) its rules cannot read ({str(exc).splitlines()[0]})"
    return f"Re-rules #{payload.seq}{why}: {ruling}"


def _adjusted(payload: NumbersAdjusted, ruleset: Ruleset | None) -> str:
    return f"GM's ruling for {payload.character}: {adjustments(payload, ruleset)}: {payload.reason}"


#: the core's events by class -> their line (the others are told by their ruleset): a
#: dispatch by class, as the rulesets' `Lines` are, so a log of many events finds each line
#: at once
_CORE_LINES: dict[type[Event], Callable[[Any, Ruleset | None], str]] = {
    CampaignCreated: _created,
    CharacterAdded: _added,
    SessionStarted: _started,
    SessionEnded: _ended,
    ClockSet: _clock_set,
    ClockAdvanced: _clock_advanced,
    NoteTaken: _note,
    SecretNoted: _secret,
    SecretRevealed: _revealed,
    VeiledNoteTaken: _veiled,
    SafetyToolSet: _safety,
    SceneCut: _cut,
    EventVoided: _voided,
    CharacterRenamed: _renamed,
    CharacterRetired: _retired,
    ChainSealed: _sealed,
    RulingAmended: _re_rules,
    NumbersAdjusted: _adjusted,
    HandoutPosted: _posted,
    DiceRolled: lambda payload, ruleset: _rolls().rolled_line(payload),
    RollUnsealed: lambda payload, ruleset: _rolls().unsealed_line(payload),
    RulingSealed: lambda payload, ruleset: _rolls().ruling_sealed_line(payload),
    LanguageSet: _language,
}


def _rolls() -> Any:
    """`journal.telling.rolls`, imported when a roll is told (not by every command)."""
    from journal.telling import rolls

    return rolls


def adjustments(payload: NumbersAdjusted, ruleset: Ruleset | None, arrow: str = "->") -> str:
    """`Hardness 5->4, Willpower 8->6`: each number in its ruleset's words."""
    labels = telling_of(ruleset.name).explain_labels if ruleset is not None else {}
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
    core = _CORE_LINES.get(type(payload))
    if core is not None:
        text: str | None = core(payload, ruleset)
    elif ruleset is not None:
        text = telling_of(ruleset.name).describe(payload)
    else:
        text = None
    return text or payload.type


class LineBook:
    """`describe_payload` for the many events of one log: each event class's line (the
    core's, else its ruleset's) found once, not looked up again for every event."""

    def __init__(self, ruleset: Ruleset | None) -> None:
        self._ruleset = ruleset
        self._found: dict[type[Event], Callable[[Any], str | None]] = {}

    def line(self, payload: Event) -> str:
        """`describe_payload(payload, ruleset)`."""
        found = self._found.get(type(payload))
        if found is None:
            found = self._found[type(payload)] = self._handler(type(payload))
        return found(payload) or payload.type

    def _handler(self, kind: type[Event]) -> Callable[[Any], str | None]:
        ruleset = self._ruleset
        core = _CORE_LINES.get(kind)
        if core is not None:
            return lambda payload: core(payload, ruleset)
        if ruleset is None:
            return _no_line
        telling = telling_of(ruleset.name)
        if type(telling).describe is not Telling.describe:  # a telling that words its own
            return telling.describe
        return telling.lines.handler(kind) or _no_line


def _no_line(payload: Event) -> None:
    return None


def describe(
    record: Recorded, ruleset: Ruleset | None, names: Mapping[str, str] | None = None
) -> str:
    """The record's line; with `names` (`Renames.at`: each name as it denoted someone then,
    to what they are called now), a name it uses reads "Tobais (now Tobias)". An event its
    rules cannot read (voided: else nothing reads the campaign) says so."""
    try:
        payload = record.payload
    except UnreadableEvent as exc:
        return f"{record.type}, which its rules cannot read ({exc.why})"
    return with_new_names(describe_payload(payload, ruleset), names)


def with_new_names(text: str, names: Mapping[str, str] | None) -> str:
    """`text` with each name of `names` followed by the name its holder goes by now, all in
    one pass (a swap of two names stays a swap). What a GM typed is matched as plain text
    and inserted as plain text: never a pattern, never a template."""
    if not names:
        return text
    return _names_pattern(frozenset(names)).sub(
        lambda match: f"{match[0]} (now {names[match[0]]})", text
    )


@lru_cache(maxsize=64)
def _names_pattern(names: frozenset[str]) -> re.Pattern[str]:
    """Any of `names` as a whole name (the longest first), not already followed by its
    new one: made once per set of names (a log has a few)."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w(])(?:{alternatives})(?!\w| \(now)")


class Renames:
    """How the names of earlier events read now, from the `final` state: a name denotes
    whoever held it at that event's seq, who may go by another name since."""

    def __init__(self, final: CampaignState) -> None:
        self.final = final
        self.any = any(len(held) > 1 for held in final.names.values())
        self._last: tuple[Mapping[str, CharacterId], dict[str, str]] | None = None

    def at(self, state: CampaignState) -> dict[str, str]:
        """Each name held in `state` whose holder is called otherwise now: old -> now."""
        return self.held(state.ids)

    def of(self, record: Recorded, after: CampaignState) -> dict[str, str]:
        """`at` for the names `record` uses (folded into `after`): an amendment's as they
        were held at the ruling it amends."""
        if record.type == "RulingAmended":
            return self.of_payload(record.payload, after)
        return self.held(after.ids)

    def of_payload(self, payload: Event, after: CampaignState) -> dict[str, str]:
        """`of` for an event's payload."""
        if isinstance(payload, RulingAmended):
            return self.held(after.ids_at(payload.seq))
        return self.held(after.ids)

    def held(self, ids: Mapping[str, CharacterId]) -> dict[str, str]:
        """Each name of `ids` (name -> holder) whose holder is called otherwise now."""
        if not self.any:
            return {}
        if self._last is not None and self._last[0] is ids:
            return self._last[1]
        final = self.final.names
        now = {
            name: final[ident][-1][0]
            for name, ident in ids.items()
            if ident in final and final[ident][-1][0] != name
        }
        self._last = (ids, now)
        return now


def status_heading(document: StatusDocument) -> str:
    """`Night (night, RULESET) at event 12 - session 2, 1925-10-31T22:00`."""
    head = f"{document.title} ({document.campaign}, {document.ruleset}) at event {document.seq}"
    extras = []
    if document.session:
        extras.append(f"session {document.session}")
    if document.clock:
        extras.append(document.clock)
    if extras:
        head += " - " + ", ".join(extras)
    return head
