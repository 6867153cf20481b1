"""What both rulesets share: the campaign, characters, sessions, the clock, notes and voids.

`decide_core(state, command, ruleset)` refuses with a `RuleError` or returns events;
`evolve_core(state, event, meta)` folds one of these events. The ruleset's own state sits in
`CampaignState.rules` and is folded by the ruleset (see `journal.rules.Ruleset`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple, TypeGuard, TypeVar

from journal.errors import NotFound, RuleError
from journal.events.canonical import JSONObject
from journal.events.recorded import Recorded
from journal.events.registry import Event, OptionValue, event, from_data, keep_sorted
from journal.frozen import changed
from journal.rules import clock
from journal.rules.command import Command

if TYPE_CHECKING:
    from journal.rules.ruleset import Ruleset

#: a campaign's slug, whole (`fullmatch`: `$` would let a trailing newline through): ASCII
#: lowercase letters, digits and dashes
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")


def is_slug(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and SLUG.fullmatch(text) is not None


# --- events -------------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class CampaignCreated(Event):
    slug: str
    ruleset: str
    title: str
    options: Mapping[str, OptionValue]
    journal_version: str = ""

    def __post_init__(self) -> None:
        keep_sorted(self, "options")


@event
@dataclass(frozen=True)
class CharacterAdded(Event):
    name: str
    sheet: JSONObject

    def __post_init__(self) -> None:
        keep_sorted(self, "sheet")


@event
@dataclass(frozen=True)
class CharacterRenamed(Event):
    """A character's name corrected: later events use `new`; earlier ones keep `old`."""

    old: str
    new: str


@event
@dataclass(frozen=True)
class CharacterRetired(Event):
    """A character leaves the story (dead, gone, retired): no more rulings, no place in
    later casts and standings; their history stays."""

    name: str
    reason: str


@dataclass(frozen=True)
class Adjustment:
    """One of a character's numbers set by the GM: which (a status key), from, to."""

    number: str
    before: int
    after: int


@event
@dataclass(frozen=True)
class NumbersAdjusted(Event):
    """GM fiat: a character's numbers changed by ruling, with the reason (each ruleset says
    which of its numbers can be adjusted, and folds the change)."""

    character: str
    changes: tuple[Adjustment, ...]
    reason: str


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
    #: the voided ruling in the GM's words (`Tommy's initiative +1/-9`), as it was named
    what: str = ""


@event
@dataclass(frozen=True)
class RulingAmended(Event):
    """A ruling decided again (a re-rule): every fold uses the ruling in `data` (an event of
    type `ruling`) in place of event `seq`, which stays in the log as it was recorded."""

    seq: int
    ruling: str
    ruling_schema: int
    data: JSONObject
    reason: str

    def amended(self) -> Event:
        """The ruling that replaces event `seq`."""
        return from_data(self.ruling, self.ruling_schema, self.data)


@event
@dataclass(frozen=True)
class ChainSealed(Event):
    """The hash chain of an older journal bound to its campaign: events 1 to `events` were
    hashed without the campaign's slug, this one (hashed with it, like every later event)
    links to them. Recorded by `journal db upgrade` and by the import of an older export;
    nothing for the projections, the audit or the handouts."""

    events: int


#: the core's events that record a ruling the audit and the re-rule decide again
CORE_RULINGS = frozenset(
    {
        CharacterAdded,
        CharacterRenamed,
        CharacterRetired,
        SessionStarted,
        SessionEnded,
        ClockSet,
        ClockAdvanced,
        NoteTaken,
    }
)
#: the events `evolve_core` folds (a quick test on the hot path of a replay)
CORE_EVENTS = frozenset(
    {
        CampaignCreated,
        CharacterAdded,
        CharacterRenamed,
        CharacterRetired,
        SessionStarted,
        SessionEnded,
        ClockSet,
        ClockAdvanced,
        EventVoided,
    }
)


# --- commands -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CreateCampaign(Command):
    slug: str
    ruleset: str
    title: str = ""
    options: Mapping[str, str] = field(default_factory=dict)
    journal_version: str = ""


@dataclass(frozen=True)
class AddCharacter(Command):
    name: str
    sheet: JSONObject
    #: decided again from the log (the audit, a re-rule): the name stands as recorded, under
    #: the rules of names of the journal that recorded it (`journal db check` reports it)
    recorded: bool = False


@dataclass(frozen=True)
class RenameCharacter(Command):
    old: str
    new: str
    recorded: bool = False  # as AddCharacter's


@dataclass(frozen=True)
class RetireCharacter(Command):
    name: str
    reason: str = ""


@dataclass(frozen=True)
class AdjustNumbers(Command):
    """`journal adjust NAME --hardness -1 --reason TEXT`: (number, value as typed) pairs."""

    character: str
    changes: tuple[tuple[str, str], ...]
    reason: str


@dataclass(frozen=True)
class StartSession(Command):
    title: str = ""
    at: str | None = None


@dataclass(frozen=True)
class EndSession(Command):
    pass


@dataclass(frozen=True)
class SetClock(Command):
    game_time: str
    rewind: bool = False  # an earlier time than the clock shows is a typo unless said so


@dataclass(frozen=True)
class AdvanceClock(Command):
    amount: str


@dataclass(frozen=True)
class TakeNote(Command):
    text: str
    gm_only: bool = False
    about: tuple[str, ...] = ()


@dataclass(frozen=True)
class VoidEvent(Command):
    seq: int
    reason: str
    target: Recorded | None = None  # the app looks the event up; None when it does not exist
    #: for a CharacterAdded: the live events that name the character (the app finds them)
    named_by: tuple[int, ...] = ()


CORE_COMMANDS = (
    CreateCampaign,
    AddCharacter,
    RenameCharacter,
    RetireCharacter,
    AdjustNumbers,
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


#: a character's identity: the seq of the `CharacterAdded` that brought them in. Stable for
#: every log (older ones too), since it needs nothing an event did not already record.
CharacterId = int


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
    retired: Mapping[str, int] = field(default_factory=dict)  # name -> seq of the retirement
    #: who holds each name now: name -> the character's id
    ids: Mapping[str, CharacterId] = field(default_factory=dict)
    #: each character's names, oldest first, with the seq from which they held each one
    names: Mapping[CharacterId, tuple[tuple[str, int], ...]] = field(default_factory=dict)

    def identity(self, name: str) -> CharacterId:
        """The character `name` denotes now: whoever holds it (case-insensitive, as typed
        in NFC), else the one who held it last (an earlier name), retired ones included."""
        found = self.ids.get(name)
        if found is not None:
            return found
        from journal.names import normal

        wanted = normal(name).casefold()  # as typed, in NFC; an older name may not be
        for known, ident in self.ids.items():
            if normal(known).casefold() == wanted:
                return ident
        # an earlier name: the character who gave it up last
        latest: tuple[int, CharacterId] | None = None
        for ident, held in self.names.items():
            for (old, _), (_, until) in pairwise(held):
                if normal(old).casefold() == wanted and (latest is None or until > latest[0]):
                    latest = (until, ident)
        if latest is not None:
            return latest[1]
        active = [n for n in self.characters if n not in self.retired]
        cast = ", ".join(active) or "nobody yet"
        raise NotFound(
            f"no character named {name!r} in campaign {self.slug!r} (the cast: {cast}); "
            "add one with `journal character add`"
        )

    def name_of(self, ident: CharacterId) -> str:
        """The name character `ident` goes by now."""
        return self.names[ident][-1][0]

    def formerly(self, ident: CharacterId) -> tuple[tuple[str, int], ...]:
        """Character `ident`'s earlier names, oldest first, each with the seq that renamed
        them away from it."""
        held = self.names.get(ident, ())
        return tuple((old, until) for (old, _), (_, until) in pairwise(held))

    def called(self, ident: CharacterId) -> str:
        """`Tobias (was Tobais until #12)`: the name now, and every earlier one."""
        earlier = self.formerly(ident)
        now = self.name_of(ident)
        if not earlier:
            return now
        was = ", ".join(f"{old} until #{until}" for old, until in earlier)
        return f"{now} (was {was})"

    def known(self, name: str) -> str:
        """The canonical name for `name` (case-insensitive; an old name gives the new one),
        retired characters included: for reading their story."""
        if name in self.ids:
            return name
        return self.name_of(self.identity(name))

    def character(self, name: str) -> str:
        """The canonical name of a character still in the story, for a new ruling."""
        found = self.known(name)
        if found in self.retired:
            raise RuleError(
                f"{found} retired at event {self.retired[found]}: nothing more can happen to "
                f"them (void #{self.retired[found]} to bring them back)"
            )
        return found

    @property
    def cast(self) -> tuple[str, ...]:
        """The characters still in the story, in the order they joined."""
        return tuple(n for n in self.characters if n not in self.retired)

    def option(self, key: str) -> OptionValue:
        return self.options[key]


def decide_core(state: CampaignState, command: Command, ruleset: Ruleset) -> list[Event]:
    match command:
        case CreateCampaign():
            return [_create(state, command, ruleset)]
        case AddCharacter(name=name, sheet=sheet, recorded=recorded):
            name = _spaced(name, recorded)
            _new_name(state, name, recorded)
            if not recorded:
                _fit_name(name, state.characters)
            return [CharacterAdded(name, ruleset.build_sheet(sheet))]
        case RenameCharacter(old=old, new=new, recorded=recorded):
            who = state.character(old)
            new = _spaced(new, recorded)
            if new == who:
                raise RuleError(f"{who} is already called {new}")
            if new.casefold() != who.casefold():  # a fix of case alone is a rename too
                _new_name(state, new, recorded)
            refuse_audience_name(new)  # `gm` to `GM` too
            if not recorded:
                _fit_name(new, [n for n in state.characters if n != who])
            return [CharacterRenamed(who, new)]
        case RetireCharacter(name=name, reason=reason):
            return [CharacterRetired(state.character(name), " ".join(reason.split()))]
        case AdjustNumbers(character=name, changes=changes, reason=reason):
            return [_adjust(state, name, changes, reason, ruleset)]
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
        case SetClock(game_time=text, rewind=rewind):
            moment = clock.parse_game_time(text)
            if state.clock is not None and moment < state.clock and not rewind:
                raise RuleError(
                    f"the clock shows {state.clock}: setting it back to {moment} needs --rewind "
                    "(a flashback, or a typo corrected)"
                )
            return [ClockSet(moment, state.clock)]
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
            return [NoteTaken(text.strip(), gm_only, tuple(state.known(n) for n in about))]
        case VoidEvent():
            return [_void(state, command, ruleset)]
    raise RuleError(f"internal: {type(command).__name__} is not a core command")


def _adjust(
    state: CampaignState,
    name: str,
    changes: tuple[tuple[str, str], ...],
    reason: str,
    ruleset: Ruleset,
) -> NumbersAdjusted:
    who = state.character(name)
    reason = " ".join(reason.split())
    if not reason:
        raise RuleError('GM fiat needs a reason: add --reason "..."')
    if not changes:
        numbers = ", ".join(f"--{k}" for k in ruleset.adjustable) or "none"
        raise RuleError(f"say which number to adjust ({numbers})")
    made = tuple(ruleset.adjust(state, who, number, raw) for number, raw in changes)
    if len({a.number for a in made}) != len(made):
        raise RuleError("each number is adjusted once: give it one value")
    return NumbersAdjusted(who, made, reason)


#: audiences of a handout (`recap --for players|gm|NAME`): never a character's name
RESERVED_NAMES = frozenset({"gm", "players"})


def audience_named(name: str) -> str | None:
    """The handout audience `name` is, in any case and spacing (`gm`, `players`), or None."""
    wanted = " ".join(name.split()).casefold()
    return wanted if wanted in RESERVED_NAMES else None


def refuse_audience_name(name: str) -> None:
    """A character is never named after an audience: `recap --for gm` is the GM's copy."""
    audience = audience_named(name)
    if audience is not None:
        raise RuleError(
            f"{name!r} cannot name a character: `recap --for {audience}` means the "
            f"{'GM' if audience == 'gm' else 'players'}; pick another name"
        )


def _spaced(name: str, recorded: bool) -> str:
    """A name as it is stored (`journal.names.normal`); a recorded one as it was then."""
    if recorded:
        return " ".join(name.split())
    from journal.names import normal

    return normal(name)


def _new_name(state: CampaignState, name: str, recorded: bool = False) -> None:
    """Refuse a name that cannot be a new character's (or a renamed one's)."""
    if not name:
        raise RuleError("a character needs a name")
    refuse_audience_name(name)
    if recorded and (len(name) > 80 or any(c in name for c in ",\n\t")):
        raise RuleError(f"{name!r} cannot be a name: keep it short, without commas")
    same = next((k for k in state.characters if k.casefold() == name.casefold()), None)
    if same is not None:
        typed = "" if same == name else f" ({name!r} differs only in case)"
        raise RuleError(f"{same} is already in campaign {state.slug!r}{typed}: pick another name")


def _fit_name(name: str, others: Iterable[str]) -> None:
    """Refuse a name a reader could not tell apart (`journal.names`): what it holds, its
    length, a look-alike of an audience or of one of `others` (the other characters')."""
    from journal.names import problem

    found = problem(name, others)
    if found is not None:
        raise RuleError(found)


def _create(state: CampaignState, command: CreateCampaign, ruleset: Ruleset) -> CampaignCreated:
    if state.seq:
        raise RuleError(f"campaign {command.slug!r} already exists: pick another slug")
    if not is_slug(command.slug):
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


#: the events no void can take back, and why (the import refuses such a void too)
UNVOIDABLE = {
    "CampaignCreated": "the campaign's creation cannot be voided; start a new campaign instead",
    "ChainSealed": "it seals the hash chain and changes nothing else, so there is nothing to void",
    "EventVoided": "a void cannot be voided; re-enter the voided event instead",
}


def _void(state: CampaignState, command: VoidEvent, ruleset: Ruleset) -> EventVoided:
    if not command.reason.strip():
        raise RuleError('a void needs a reason: add --reason "..."')
    target = command.target
    if target is None:
        raise NotFound(
            f"there is no event {command.seq} in campaign {state.slug!r} "
            f"(its events are 1 to {state.seq}); see `journal log`"
        )
    if target.type in UNVOIDABLE:
        raise RuleError(f"event {target.seq} is {target.type}: {UNVOIDABLE[target.type]}")
    if target.seq in state.voided:
        raise RuleError(f"event {target.seq} is already voided; see `journal log`")
    if target.type == "CharacterAdded" and command.named_by:
        events = ", ".join(f"#{seq}" for seq in command.named_by[:5])
        more = " and more" if len(command.named_by) > 5 else ""
        raise RuleError(
            f"{target.data.get('name')} is named by later events ({events}{more}): void those "
            "first, or rename the character (`journal character rename`)"
        )
    what = ruleset.ruling_words(target) if target.payload is not None else ""
    return EventVoided(target.seq, command.reason.strip(), target.type, what)


def core_command_for(payload: Event) -> Command | None:
    """The core command behind an event that can be decided again (the clock, sessions,
    sheets, notes about characters), for the audit and the re-rule; None for the others."""
    if type(payload) not in CORE_RULINGS:
        return None
    match payload:
        case CharacterAdded(name=name, sheet=sheet):
            return AddCharacter(name, sheet, recorded=True)
        case SessionStarted(title=title, at=at):
            return StartSession(title, at)
        case SessionEnded():
            return EndSession()
        case NoteTaken(text=text, gm_only=gm_only, about=about):
            return TakeNote(text, gm_only, tuple(about))
        case ClockSet(game_time=game_time, previous=previous):
            return SetClock(game_time, previous is not None and game_time < previous)
        case ClockAdvanced(amount=amount):
            return AdvanceClock(amount)
        case CharacterRenamed(old=old, new=new):
            return RenameCharacter(old, new, recorded=True)
        case CharacterRetired(name=name, reason=reason):
            return RetireCharacter(name, reason)
    return None  # a GM's adjustment is fiat: nothing to decide again


V = TypeVar("V")


def renamed_in(mapping: Mapping[str, V], old: str, new: str, fix: Callable[[V], V]) -> dict[str, V]:
    """`mapping` with the key `old` now `new` (its value fixed by `fix`), in the same order:
    how a ruleset's state follows a CharacterRenamed."""
    return {(new if k == old else k): (fix(v) if k == old else v) for k, v in mapping.items()}


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
            return changed(
                state,
                characters=(*state.characters, name),
                ids={**state.ids, name: meta.seq},
                names={**state.names, meta.seq: ((name, meta.seq),)},
            )
        case CharacterRenamed(old=old, new=new) if old in state.ids:
            ident = state.ids[old]
            ids = {(new if n == old else n): i for n, i in state.ids.items()}
            return changed(
                state,
                characters=tuple(new if n == old else n for n in state.characters),
                retired={new if n == old else n: s for n, s in state.retired.items()},
                ids=ids,
                names={**state.names, ident: (*state.names[ident], (new, meta.seq))},
            )
        case CharacterRetired(name=name) if name in state.characters:
            return changed(state, retired={**state.retired, name: meta.seq})
        case SessionStarted(number=number, at=at):
            return changed(state, session=number, sessions=number, clock=at or state.clock)
        case SessionEnded():
            return changed(state, session=None)
        case ClockSet(game_time=game_time) | ClockAdvanced(game_time=game_time):
            return changed(state, clock=game_time)
        case EventVoided(seq=seq):
            return changed(state, voided=state.voided | {seq})
    return state
