"""Where GURPS characters stand: the typed `status` document (its numbers)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from journal.plugin.rules import CampaignState, CharacterStatus, Document
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.state import (
    Character,
    Disadvantage,
    FrightState,
    Modifier,
)
from journal.rulesets.fright_check.rules.timed import Timed, timed_now
from journal.rulesets.fright_check.rules.traits import fear_traits


@dataclass(frozen=True)
class TraitStatus(Document):
    name: str
    points: int
    self_control: int | None


@dataclass(frozen=True)
class OtherStatus(Document):
    """A trait of the sheet that is no quirk or disadvantage the Fright Check reads: an
    advantage, a perk, a social disadvantage (`fright`: a bonus to Fright Checks a GCS
    file gave it)."""

    name: str
    points: int | None
    level: int | None
    fright: int


@dataclass(frozen=True)
class PendingStatus(Document):
    kind: str
    points: int
    seq: int


@dataclass(frozen=True)
class CombatStatus(Document):
    title: str
    seq: int


@dataclass(frozen=True)
class CheckStatus(Document):
    seq: int
    threat: str
    kind: str | None
    game_time: str | None
    made: bool
    success: bool | None
    row: int | None
    modifiers: tuple[Modifier, ...]


@dataclass(frozen=True)
class ConditionStatus(Document):
    """A condition that lasts until a recovery roll is made (`recover NAME`)."""

    kind: str
    seq: int
    against: str
    target: int
    every: str
    failed: int
    lasted: int | None
    unit: str | None


@dataclass(frozen=True)
class WindowStatus(Document):
    """-2 to all skill rolls and attribute checks after coming to from a coma or catatonia:
    the check it follows, the recovery roll that ended it, and when it ends (`ends` null:
    with no campaign clock, at the end of the session they came to in)."""

    value: int
    condition: str
    seq: int
    came_to: int
    length: str
    starts: str | None
    ends: str | None
    text: str


@dataclass(frozen=True)
class TimedStatus(Document):
    """A condition that ends by itself when its rolled time has passed on the clock (a
    faint of 4d minutes, a seizure of 1d minutes): the check it came from, its length and
    dice (`terms`), from `starts` (the check's clock) until `ends` (both null: no clock at
    the check, it holds until a clock is set or the session ends)."""

    kind: str
    seq: int
    value: int
    unit: str
    dice: str | None
    faces: tuple[int, ...]
    starts: str | None
    ends: str | None
    note: str
    terms: str


@dataclass(frozen=True)
class FCStatus(CharacterStatus):
    will: int
    ht: int
    iq: int
    quirks: tuple[str, ...]
    disadvantages: tuple[TraitStatus, ...]
    pending: tuple[PendingStatus, ...]
    points_lost: int
    ht_lost: int
    iq_lost: int
    checks: int
    ht_now: int
    iq_now: int
    traits: Mapping[str, int | bool]
    physical: tuple[TraitStatus, ...]
    encounter: CombatStatus | None
    history: tuple[CheckStatus, ...]
    hp: int
    hp_max: int
    fp: int
    fp_max: int
    conditions: tuple[ConditionStatus, ...]
    #: the window after a coma or catatonia that holds now or opens later (null: none)
    skill_penalty: WindowStatus | None = None
    #: the conditions that end by themselves on the clock and still hold now
    timed: tuple[TimedStatus, ...] = ()
    #: the sheet's other traits (advantages, perks...), kept so the sheet shows them
    others: tuple[OtherStatus, ...] = ()


def _trait(d: Disadvantage) -> TraitStatus:
    return TraitStatus(d.name, d.points, d.self_control)


def _timed(t: Timed) -> TimedStatus:
    return TimedStatus(
        t.kind, t.seq, t.value, t.unit, t.dice, t.faces, t.starts, t.ends, t.note, t.terms
    )


def status(state: CampaignState) -> dict[str, FCStatus]:
    rules = rules_of(state)
    result: dict[str, FCStatus] = {}
    for name in state.characters:
        c = rules.get(name)
        if c is not None:
            result[name] = _status(state, rules, name, c)
    return result


def status_of(state: CampaignState, name: str) -> FCStatus | None:
    """`name`'s entry of `status` alone (None: no such character)."""
    if name not in state.characters:
        return None
    rules = rules_of(state)
    c = rules.get(name)
    return None if c is None else _status(state, rules, name, c)


def _status(state: CampaignState, rules: FrightState, name: str, c: Character) -> FCStatus:
    combat = rules.combat
    in_combat = combat is not None and combat.includes(name)
    window = c.window_ahead(state.clock, state.session)
    return FCStatus(
        will=c.will,
        ht=c.ht,
        iq=c.iq,
        quirks=tuple(q.name for q in c.quirks),
        disadvantages=tuple(_trait(d) for d in c.disadvantages),
        pending=tuple(PendingStatus(p.kind, p.points, p.seq) for p in c.pending),
        points_lost=c.points_lost,
        ht_lost=c.ht_lost,
        iq_lost=c.iq_lost,
        checks=c.checks,
        ht_now=c.ht_now,
        iq_now=c.iq_now,
        traits=fear_traits(c),
        physical=tuple(_trait(d) for d in c.physical),
        encounter=CombatStatus(combat.title, combat.seq) if combat and in_combat else None,
        history=tuple(
            CheckStatus(h.seq, h.threat, h.kind, h.game_time, h.made, h.success, h.row, h.modifiers)
            for h in c.history
        ),
        hp=c.hp,
        hp_max=c.hp_max,
        fp=c.fp,
        fp_max=c.fp_max,
        conditions=tuple(
            ConditionStatus(o.kind, o.seq, o.against, o.target, o.every, o.failed, o.lasted, o.unit)
            for o in c.ongoing
        ),
        skill_penalty=None
        if window is None
        else WindowStatus(
            window.value,
            window.condition,
            window.seq,
            window.came_to,
            window.length,
            window.starts,
            window.ends,
            window.shown(state.clock),
        ),
        timed=tuple(_timed(t) for t in timed_now(c, state.clock, state.session)),
        others=tuple(OtherStatus(o.name, o.points, o.level, o.fright) for o in c.others),
    )
