"""The fright-check projection: each character's sheet and lasting scars, the running combat.

Points lost (`Character.points_lost`) is a positive number: minus the points of every
acquired trait (named ones at their recorded change, pending ones at their stated
points), plus 10 per HT and 20 per IQ lost permanently (GURPS attribute costs).

HP and FP: the maxima come from the sheet (FP defaults to HT, HP to 10, an average ST);
the current values fall with the table's losses and rise with rest and healing. A row's
condition that ends only with a recovery roll (stun, retching, faint, panic, coma,
catatonia, total panic) lasts (`Ongoing`) until one is made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import msgspec

from journal.plugin.rules import JSONObject, RulesState, changed

HT_POINT_COST = 10
IQ_POINT_COST = 20


@dataclass(frozen=True)
class Modifier:
    """One itemized Fright Check modifier: `given` by the GM or `derived` by the journal."""

    label: str
    value: int
    source: str


class Disadvantage(msgspec.Struct, frozen=True):
    name: str
    points: int
    self_control: int | None = None
    kind: str = "mental"  # mental | delusion | physical
    seq: int | None = None  # the FrightChecked it came from; None for the sheet's


class Quirk(msgspec.Struct, frozen=True):
    name: str
    seq: int | None = None


class Other(msgspec.Struct, frozen=True):
    """A trait of the sheet that is no quirk, no mental or physical disadvantage and none the
    Fright Check reads by name (an advantage, a perk, a social disadvantage), kept so the
    sheet shows it. `fright`: the bonus to Fright Checks a GCS file gave it (its
    `fright_check` attribute bonus), a modifier of every check."""

    name: str
    points: int | None = None
    level: int | None = None
    self_control: int | None = None
    fright: int = 0
    seq: int | None = None  # the event that gave it; None for the sheet's


class Pending(msgspec.Struct, frozen=True):
    kind: str  # quirk | mental | delusion | physical | self-control-or-new
    points: int
    seq: int


class CheckRecord(msgspec.Struct, frozen=True):
    seq: int
    threat: str
    kind: str | None
    game_time: str | None
    made: bool
    success: bool | None
    row: int | None
    modifiers: tuple[Modifier, ...] = ()
    rolled_row: int | None = None
    modified_will: int | None = None
    effects: tuple[JSONObject, ...] = ()  # the row's effects as applied (after a change too)
    session: int | None = None  # the session it was made in (exposures with no clock)


class Ongoing(msgspec.Struct, frozen=True):
    """A condition a table row gave that ends with a recovery roll."""

    seq: int  # the Fright Check it came from
    kind: str  # stun | retch | faint | panic | coma | catatonia | total-panic
    against: str  # unmodified-will | modified-will | will | ht
    target: int
    every: str
    unit: str | None = None  # a coma's hours, a catatonia's days
    period: int | None = None  # the length of the current stretch (the last 1d rolled)
    lasted: int | None = None  # all the stretches so far
    failed: int = 0  # recovery rolls failed so far
    days_without_care: int = 0  # a catatonia's days counted for the daily HP loss


class Window(msgspec.Struct, frozen=True):
    """After a coma or a catatonia (rows 28-30, 38-40): from the moment the character comes
    to, `value` (-2) to all skill rolls and attribute checks, for 6 hours (a coma) or as
    many days as the catatonia lasted (`length`, e.g. `6h`, `3d`).

    With the campaign clock set when they came to, it runs from `starts` (the clock at the
    recovery roll that ended the condition) to `ends`. With no clock nothing can measure
    hours or days: it stays open for the rest of the session they came to in (`session`;
    outside any session, until the next one starts)."""

    seq: int  # the Fright Check that gave the coma or catatonia
    condition: str  # coma | catatonia
    came_to: int  # the recovery roll that ended it
    value: int
    length: str
    starts: str | None
    ends: str | None
    session: int | None

    def open_at(self, clock: str | None, session: int | None) -> bool:
        """Whether the window holds for a roll decided at game time `clock` in `session`."""
        if self.starts is None:
            return session == self.session
        if self.ends is None:  # past the last date the clock can hold: it never ends
            return True
        return clock is not None and self.starts <= clock < self.ends

    def label(self) -> str:
        """`after coming to from a coma (check #12), until 1925-11-01T04:30`."""
        kind = "a coma" if self.condition == "coma" else "a catatonia"
        until = (
            f"until {self.ends.replace('T', ' ')}"
            if self.ends is not None
            else "for the rest of the session (no campaign clock)"
            if self.starts is None
            else "for good"
        )
        return f"{WINDOW_LABEL} {kind} (check #{self.seq}, {self.length}), {until}"

    def shown(self, clock: str | None) -> str:
        """The label, and when they come to if that is still ahead of the clock."""
        if clock is not None and self.starts is not None and clock < self.starts:
            return f"{self.label()}; comes to at {self.starts.replace('T', ' ')}"
        return self.label()


#: how every modifier and term of a window begins (a recovery roll against a modified Will
#: that already holds it takes it once)
WINDOW_LABEL = "after coming to from"


class Character(msgspec.Struct, frozen=True):
    name: str
    will: int
    ht: int
    iq: int
    traits: Mapping[str, int | bool] = msgspec.field(default_factory=dict)
    quirks: tuple[Quirk, ...] = ()
    disadvantages: tuple[Disadvantage, ...] = ()  # mental ones and delusions
    physical: tuple[Disadvantage, ...] = ()
    others: tuple[Other, ...] = ()
    pending: tuple[Pending, ...] = ()
    ht_lost: int = 0
    iq_lost: int = 0
    named_change: int = 0  # the sum of TraitNamed.points_change (<= 0)
    history: tuple[CheckRecord, ...] = ()
    hp_max: int = 10
    fp_max: int = 10
    hp: int = 10
    fp: int = 10
    ongoing: tuple[Ongoing, ...] = ()
    windows: tuple[Window, ...] = ()
    #: timed conditions a rest ended before their time ran out: (check seq, kind)
    timed_over: tuple[tuple[int, str], ...] = ()

    def window(self, clock: str | None, session: int | None) -> Window | None:
        """The window after a coma or catatonia that holds now (the latest one: they do not
        add up, each is the same -2), or None."""
        found = [w for w in self.windows if w.open_at(clock, session)]
        return found[-1] if found else None

    def window_ahead(self, clock: str | None, session: int | None) -> Window | None:
        """The window that holds now or, failing that, the one that opens later: a coma or
        catatonia recovered before its rolled stretch is up on the clock (they come to at
        its end, RULES.md Part 2)."""
        held = self.window(clock, session)
        if held is not None or clock is None:
            return held
        ahead = [w for w in self.windows if w.starts is not None and clock < w.starts]
        return ahead[-1] if ahead else None

    @property
    def ht_now(self) -> int:
        return self.ht - self.ht_lost

    @property
    def iq_now(self) -> int:
        return self.iq - self.iq_lost

    @property
    def checks(self) -> int:
        """Fright Checks actually made (an Unfazeable character's records do not count)."""
        return sum(1 for c in self.history if c.made)

    @property
    def points_lost(self) -> int:
        pending = sum(p.points for p in self.pending)
        return (
            -(self.named_change + pending)
            + HT_POINT_COST * self.ht_lost
            + IQ_POINT_COST * self.iq_lost
        )

    def disadvantage(self, name: str) -> Disadvantage | None:
        for item in self.disadvantages:
            if item.name.casefold() == " ".join(name.split()).casefold():
                return item
        return None

    def check(self, seq: int) -> CheckRecord | None:
        return next((c for c in self.history if c.seq == seq), None)

    def has_name(self, name: str) -> bool:
        wanted = " ".join(name.split()).casefold()
        names = [*self.traits, *(q.name for q in self.quirks)]
        names += [d.name for d in (*self.disadvantages, *self.physical)]
        names += [o.name for o in self.others]
        return any(n.casefold() == wanted for n in names)


class ThreatRecord(msgspec.Struct, frozen=True):
    """A threat as the journal remembers it (`threat add`, or the first check against it):
    what players read for it, its kind, and the modifiers that are its own (a monster's,
    a horde's count, a body's), which later checks against it inherit."""

    threat: str
    seq: int  # the event that first described it
    name: str | None = None
    kind: str | None = None
    monster: int | None = None
    count: int | None = None
    body: str | None = None
    mutilation: int | None = None
    added: bool = False  # described by `threat add` (not by a check)


class Combat(msgspec.Struct, frozen=True):
    title: str
    cast: tuple[str, ...]
    seq: int

    def includes(self, name: str) -> bool:
        return not self.cast or name in self.cast


class FrightState(msgspec.Struct, RulesState, frozen=True):
    characters: Mapping[str, Character] = msgspec.field(default_factory=dict)
    combat: Combat | None = None
    #: threat id -> what players read for it (`--threat-name`, the latest given)
    threat_names: Mapping[str, str] = msgspec.field(default_factory=dict)
    #: threat id -> what the journal remembers of it (`threat add`, a first check)
    threats: Mapping[str, ThreatRecord] = msgspec.field(default_factory=dict)

    def get(self, name: str) -> Character | None:
        return self.characters.get(name)

    def with_character(self, character: Character) -> FrightState:
        return changed(self, characters={**self.characters, character.name: character})

    def with_cast(self, cast: Iterable[str]) -> FrightState:
        """The running combat with this cast from now on (none running: as it is)."""
        if self.combat is None:
            return self
        return changed(self, combat=changed(self.combat, cast=tuple(cast)))


#: every class a fright-check state holds: what its snapshots may rebuild
STATE_CLASSES = (
    FrightState,
    Character,
    Disadvantage,
    Quirk,
    Other,
    Pending,
    CheckRecord,
    Modifier,
    Ongoing,
    Window,
    ThreatRecord,
    Combat,
)
