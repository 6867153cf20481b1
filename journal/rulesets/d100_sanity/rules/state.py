"""The d100 sanity projection: each character's sheet, SAN and what it went through (the
insanities in force, disorders, the game day's losses, the losses to each threat this
scenario, Delta Green's bonds, breaking point and adaptation), and the running scenario.

What the GM still owes a ruling (`Due`: a bout of madness, a disorder at a breaking point,
what an adaptation cost, a flee/struggle/submit choice) waits on the character until
recorded, so `status` and the board can say so.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from journal.plugin.rules import RulesState, changed

#: the highest SAN any character may have (maximum SAN is this less Mythos)
SAN_CEILING = 99
#: the kinds of loss (the Delta Green preset names one for every loss)
KINDS = ("violence", "helplessness", "unnatural")
#: the kinds a character adapts to, three boxes each (never the unnatural)
ADAPTING = ("violence", "helplessness")
BOXES = 3
#: a temporary insanity comes with a loss of this much or more from one roll
TEMPORARY_LOSS = 5
#: the reactions of a Delta Green agent who goes temporarily insane
REACTIONS = ("flee", "struggle", "submit")
#: what is owed only while the character is insane
WHILE_INSANE = ("bout", "reaction")
#: the kinds of a disorder
DISORDER_KINDS = ("phobia", "mania", "other")


class Bond(msgspec.Struct, frozen=True):
    """A Delta Green bond: someone the agent cares about, and its score."""

    name: str
    score: int
    start: int


class Disorder(msgspec.Struct, frozen=True):
    name: str
    kind: str  # phobia | mania | other
    seq: int | None = None  # the event that gave it (None: on the sheet from the start)


class Insanity(msgspec.Struct, frozen=True):
    """An insanity that began with the sanity roll at `seq`.

    It ends on the clock at `ends` (from `starts`, the clock when it began); with
    `by_session`, when the session it began in ends (a temporary insanity with no clock, or
    the preset's flee/struggle/submit episode); with neither, when the GM ends it (an
    indefinite insanity with no clock: until treated). `journal lucid` ends any earlier."""

    kind: str  # temporary | indefinite
    seq: int
    starts: str | None
    ends: str | None
    session: int | None
    by_session: bool
    length: str | None  # `7 hours`, `4 months` (None: not rolled)

    def holds(self, clock: str | None, session: int | None) -> bool:
        """Whether it holds at the clock `clock`, in `session`."""
        if self.by_session:
            return session == self.session
        if self.ends is None:
            return True
        return clock is not None and clock < self.ends


class Due(msgspec.Struct, frozen=True):
    """What a ruling left for the GM to record: `bout`, `disorder`, `cost` (of adapting to
    `kind`) or `reaction` (flee, struggle or submit)."""

    what: str
    seq: int
    kind: str | None = None


class Day(msgspec.Struct, frozen=True):
    """The game day's losses: the day (`key`: its date on the clock, or the session), the
    SAN the character had when its first loss came, and the SAN lost since."""

    key: str
    san: int
    lost: int

    @property
    def fifth(self) -> int:
        return self.san // 5


class Tally(msgspec.Struct, frozen=True):
    """SAN lost to one threat within one scenario (`scope`), and its cap (the largest loss
    a roll against it could take)."""

    scope: str
    lost: int
    cap: int


class Therapy(msgspec.Struct, frozen=True):
    """A month's therapy or self-help roll: when (the clock; None: no clock), in which
    session, and its seq."""

    at: str | None
    session: int | None
    seq: int


class Investigator(msgspec.Struct, frozen=True):
    name: str
    pow: int
    intelligence: int | None
    san: int
    start: int  # SAN on the sheet they joined with
    mythos: int = 0
    disorders: tuple[Disorder, ...] = ()
    insanities: tuple[Insanity, ...] = ()
    breaking_point: int | None = None
    bonds: tuple[Bond, ...] = ()
    boxes: Mapping[str, int] = msgspec.field(default_factory=dict)
    adapted: tuple[str, ...] = ()
    due: tuple[Due, ...] = ()
    day: Day | None = None
    threats: Mapping[str, Tally] = msgspec.field(default_factory=dict)
    #: the last therapy or self-help roll (None: none yet)
    therapy: Therapy | None = None
    rolls: int = 0  # sanity rolls made

    @property
    def san_max(self) -> int:
        return max(0, SAN_CEILING - self.mythos)

    def insane(self, clock: str | None, session: int | None) -> tuple[Insanity, ...]:
        """The insanities that hold now."""
        return tuple(i for i in self.insanities if i.holds(clock, session))

    def bond(self, name: str) -> Bond | None:
        wanted = " ".join(name.split()).casefold()
        return next((b for b in self.bonds if b.name.casefold() == wanted), None)

    def disorder(self, name: str) -> Disorder | None:
        wanted = " ".join(name.split()).casefold()
        return next((d for d in self.disorders if d.name.casefold() == wanted), None)

    def owed(self, what: str) -> tuple[Due, ...]:
        return tuple(d for d in self.due if d.what == what)

    def owing(self, clock: str | None, session: int | None) -> tuple[Due, ...]:
        """What the GM still owes a ruling now: a bout or a flee/struggle/submit choice only
        while the character is insane (an insanity over leaves it moot)."""
        insane = bool(self.insane(clock, session))
        return tuple(d for d in self.due if insane or d.what not in WHILE_INSANE)


class Scenario(msgspec.Struct, frozen=True):
    title: str
    seq: int


class SanityState(msgspec.Struct, RulesState, frozen=True):
    characters: Mapping[str, Investigator] = msgspec.field(default_factory=dict)
    scenario: Scenario | None = None
    #: threat id -> what players read for it (`--threat-name`, the latest given)
    threat_names: Mapping[str, str] = msgspec.field(default_factory=dict)

    def with_character(self, who: Investigator) -> SanityState:
        return changed(self, characters={**self.characters, who.name: who})


#: every class a d100 sanity state holds: what its snapshots may rebuild
STATE_CLASSES = (
    SanityState,
    Investigator,
    Bond,
    Disorder,
    Insanity,
    Due,
    Day,
    Tally,
    Therapy,
    Scenario,
)
