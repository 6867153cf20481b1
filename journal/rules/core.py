"""What both rulesets share: the campaign, characters, sessions, the clock, notes and voids.

`decide_core(state, command, ruleset)` refuses with a `RuleError` or returns events;
`evolve_core(state, event, meta)` folds one of these events. The ruleset's own state sits in
`CampaignState.rules` and is folded by the ruleset (see `journal.rules.Ruleset`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from journal.errors import NotFound, RuleError
from journal.events import Event, JSONObject, OptionValue, Recorded, event
from journal.frozen import changed
from journal.rules import clock

if TYPE_CHECKING:
    from journal.rules.ruleset import Ruleset

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")


# --- events -------------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class CampaignCreated(Event):
    slug: str
    ruleset: str
    title: str
    options: Mapping[str, OptionValue]
    journal_version: str = ""


@event
@dataclass(frozen=True)
class CharacterAdded(Event):
    name: str
    sheet: JSONObject


@event
@dataclass(frozen=True)
class SessionStarted(Event):
    number: int
    title: str
    at: str | None = None


@event
@dataclass(frozen=True)
class SessionEnded(Event):
    number: int


@event
@dataclass(frozen=True)
class ClockSet(Event):
    game_time: str
    previous: str | None = None


@event
@dataclass(frozen=True)
class ClockAdvanced(Event):
    amount: str
    game_time: str
    previous: str


@event
@dataclass(frozen=True)
class NoteTaken(Event):
    text: str
    gm_only: bool = False
    about: tuple[str, ...] = ()


@event
@dataclass(frozen=True)
class EventVoided(Event):
    seq: int
    reason: str
    voided_type: str = ""


CORE_EVENTS = frozenset(
    {
        CampaignCreated,
        CharacterAdded,
        SessionStarted,
        SessionEnded,
        ClockSet,
        ClockAdvanced,
        NoteTaken,
        EventVoided,
    }
)

# --- commands -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CreateCampaign:
    slug: str
    ruleset: str
    title: str = ""
    options: Mapping[str, str] = field(default_factory=dict)
    journal_version: str = ""


@dataclass(frozen=True)
class AddCharacter:
    name: str
    sheet: JSONObject


@dataclass(frozen=True)
class StartSession:
    title: str = ""
    at: str | None = None


@dataclass(frozen=True)
class EndSession:
    pass


@dataclass(frozen=True)
class SetClock:
    game_time: str


@dataclass(frozen=True)
class AdvanceClock:
    amount: str


@dataclass(frozen=True)
class TakeNote:
    text: str
    gm_only: bool = False
    about: tuple[str, ...] = ()


@dataclass(frozen=True)
class VoidEvent:
    seq: int
    reason: str
    target: Recorded | None = None  # the app looks the event up; None when it does not exist


CORE_COMMANDS = (
    CreateCampaign,
    AddCharacter,
    StartSession,
    EndSession,
    SetClock,
    AdvanceClock,
    TakeNote,
    VoidEvent,
)


# --- state --------------------------------------------------------------------------------


class Meta(NamedTuple):
    """The envelope of the event being folded (what a payload does not carry); a named
    tuple, since the fold makes one for every event."""

    seq: int
    game_time: str | None = None
    session: int | None = None
    recorded_at: datetime | None = None


class RulesState:
    """Base of a ruleset's own state (`CampaignState.rules`): a frozen dataclass."""


@dataclass(frozen=True)
class CampaignState:
    slug: str = ""
    ruleset: str = ""
    title: str = ""
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    seq: int = 0
    clock: str | None = None
    session: int | None = None  # the open session, if any
    sessions: int = 0  # how many sessions have started
    characters: tuple[str, ...] = ()  # names, in the order they joined
    voided: frozenset[int] = frozenset()  # seqs voided so far
    rules: RulesState | None = None  # the ruleset's own state

    def character(self, name: str) -> str:
        """The canonical name for `name` (case-insensitive), or a RuleError naming the cast."""
        if name in self.characters:
            return name
        for known in self.characters:
            if known.casefold() == name.strip().casefold():
                return known
        cast = ", ".join(self.characters) or "nobody yet"
        raise NotFound(
            f"no character named {name!r} in campaign {self.slug!r} (the cast: {cast}); "
            "add one with `journal character add`"
        )

    def option(self, key: str) -> OptionValue:
        return self.options[key]


def decide_core(state: CampaignState, command: object, ruleset: Ruleset) -> list[Event]:
    match command:
        case CreateCampaign():
            return [_create(state, command, ruleset)]
        case AddCharacter(name=name, sheet=sheet):
            name = " ".join(name.split())
            if not name:
                raise RuleError("a character needs a name")
            if len(name) > 80 or any(c in name for c in ",\n\t"):
                raise RuleError(f"{name!r} cannot be a name: keep it short, without commas")
            if any(known.casefold() == name.casefold() for known in state.characters):
                raise RuleError(f"{name} is already in campaign {state.slug!r}: pick another name")
            return [CharacterAdded(name, ruleset.build_sheet(sheet))]
        case StartSession(title=title, at=at):
            if state.session is not None:
                raise RuleError(
                    f"session {state.session} is still open: run `journal session end` first"
                )
            return [
                SessionStarted(
                    state.sessions + 1,
                    title.strip() or f"Session {state.sessions + 1}",
                    None if at is None else clock.parse_game_time(at),
                )
            ]
        case EndSession():
            if state.session is None:
                raise RuleError("no session is open: start one with `journal session start`")
            return [SessionEnded(state.session)]
        case SetClock(game_time=text):
            return [ClockSet(clock.parse_game_time(text), state.clock)]
        case AdvanceClock(amount=amount):
            if state.clock is None:
                clock.parse_amount(amount)
                raise RuleError(
                    "the campaign clock is not set: run `journal clock set 1925-10-31 22:00` first"
                )
            return [ClockAdvanced(amount, clock.advance(state.clock, amount), state.clock)]
        case TakeNote(text=text, gm_only=gm_only, about=about):
            if not text.strip():
                raise RuleError("a note needs some text")
            return [NoteTaken(text.strip(), gm_only, tuple(state.character(n) for n in about))]
        case VoidEvent():
            return [_void(state, command)]
    raise RuleError(f"internal: {type(command).__name__} is not a core command")


def _create(state: CampaignState, command: CreateCampaign, ruleset: Ruleset) -> CampaignCreated:
    if state.seq:
        raise RuleError(f"campaign {command.slug!r} already exists: pick another slug")
    if not SLUG.match(command.slug):
        raise RuleError(
            f"{command.slug!r} is not a campaign slug: use lowercase letters, digits and dashes"
        )
    options = dict(ruleset.option_defaults)
    for key, raw in command.options.items():
        if key not in options:
            known = ", ".join(sorted(options)) or "none"
            raise RuleError(f"{ruleset.name} has no option {key!r} (options: {known})")
        options[key] = ruleset.parse_option(key, raw)
    title = command.title.strip() or command.slug.replace("-", " ").title()
    return CampaignCreated(command.slug, ruleset.name, title, options, command.journal_version)


_UNVOIDABLE = {
    "CampaignCreated": "the campaign's creation cannot be voided; start a new campaign instead",
    "CharacterAdded": "a character cannot be voided (later events name them); add a note instead",
    "EventVoided": "a void cannot be voided; re-enter the voided event instead",
}


def _void(state: CampaignState, command: VoidEvent) -> EventVoided:
    if not command.reason.strip():
        raise RuleError('a void needs a reason: add --reason "..."')
    target = command.target
    if target is None:
        raise NotFound(
            f"there is no event {command.seq} in campaign {state.slug!r} "
            f"(its events are 1 to {state.seq}); see `journal log`"
        )
    if target.type in _UNVOIDABLE:
        raise RuleError(f"event {target.seq} is {target.type}: {_UNVOIDABLE[target.type]}")
    if target.seq in state.voided:
        raise RuleError(f"event {target.seq} is already voided; see `journal log`")
    return EventVoided(target.seq, command.reason.strip(), target.type)


def core_command_for(payload: Event) -> object | None:
    """The core command behind an event whose recorded result can be checked again (the
    clock, session numbers, sheets), for the audit; None for the others."""
    if type(payload) not in CORE_EVENTS:
        return None
    match payload:
        case CharacterAdded(name=name, sheet=sheet):
            return AddCharacter(name, sheet)
        case SessionStarted(title=title, at=at):
            return StartSession(title, at)
        case ClockSet(game_time=game_time):
            return SetClock(game_time)
        case ClockAdvanced(amount=amount):
            return AdvanceClock(amount)
    return None


def evolve_core(state: CampaignState, payload: Event, meta: Meta) -> CampaignState:
    if type(payload) not in CORE_EVENTS:
        return state
    match payload:
        case CampaignCreated():
            return changed(
                state,
                slug=payload.slug,
                ruleset=payload.ruleset,
                title=payload.title,
                options=dict(payload.options),
            )
        case CharacterAdded(name=name):
            return changed(state, characters=(*state.characters, name))
        case SessionStarted(number=number, at=at):
            return changed(state, session=number, sessions=number, clock=at or state.clock)
        case SessionEnded():
            return changed(state, session=None)
        case ClockSet(game_time=game_time) | ClockAdvanced(game_time=game_time):
            return changed(state, clock=game_time)
        case EventVoided(seq=seq):
            return changed(state, voided=state.voided | {seq})
    return state
