"""The core's events: the campaign, characters, sessions, the clock, notes, GM fiat,
voids and re-rules, the hash chain's seal (what every ruleset shares)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from journal.events.canonical import JSONObject
from journal.events.registry import Event, OptionValue, event, from_data, keep_sorted


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
