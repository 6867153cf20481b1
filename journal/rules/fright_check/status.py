"""Where GURPS characters stand: the typed `status` document and its text table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from journal.documents import CharacterStatus, Document, StatusDocument
from journal.rules.core import CampaignState
from journal.rules.fright_check.describe import condition_name
from journal.rules.fright_check.events import Modifier
from journal.rules.fright_check.lookup import rules_of
from journal.rules.fright_check.state import Disadvantage
from journal.text import table


@dataclass(frozen=True)
class TraitStatus(Document):
    name: str
    points: int
    self_control: int | None


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
    #: the window after a coma or catatonia that holds now (null: none)
    skill_penalty: WindowStatus | None = None


def _trait(d: Disadvantage) -> TraitStatus:
    return TraitStatus(d.name, d.points, d.self_control)


def status(state: CampaignState) -> dict[str, FCStatus]:
    rules = rules_of(state)
    combat = rules.combat
    result: dict[str, FCStatus] = {}
    for name in state.characters:
        c = rules.get(name)
        if c is None:
            continue
        in_combat = combat is not None and combat.includes(name)
        window = c.window(state.clock, state.session)
        result[name] = FCStatus(
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
            traits=dict(c.traits),
            physical=tuple(_trait(d) for d in c.physical),
            encounter=CombatStatus(combat.title, combat.seq) if combat and in_combat else None,
            history=tuple(
                CheckStatus(
                    h.seq, h.threat, h.kind, h.game_time, h.made, h.success, h.row, h.modifiers
                )
                for h in c.history
            ),
            hp=c.hp,
            hp_max=c.hp_max,
            fp=c.fp,
            fp_max=c.fp_max,
            conditions=tuple(
                ConditionStatus(
                    o.kind, o.seq, o.against, o.target, o.every, o.failed, o.lasted, o.unit
                )
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
                window.label(),
            ),
        )
    return result


HEADER = [
    "name",
    "will",
    "HT",
    "IQ",
    "HP",
    "FP",
    "quirks",
    "disads",
    "pending",
    "pts lost",
    "checks",
    "now",
]


def status_table(document: StatusDocument) -> str:
    rows = [
        [
            name,
            c.will,
            c.ht_now,
            c.iq_now,
            f"{c.hp}/{c.hp_max}",
            f"{c.fp}/{c.fp_max}",
            len(c.quirks),
            len(c.disadvantages),
            len(c.pending),
            c.points_lost,
            c.checks,
            _now(c),
        ]
        for name, c in document.characters.items()
        if isinstance(c, FCStatus)
    ]
    return table(rows, HEADER)


def _now(c: FCStatus) -> str:
    """What holds the character now: lasting conditions, the -2 after a coma or catatonia."""
    found = [f"{condition_name(o.kind)} (#{o.seq})" for o in c.conditions]
    window = c.skill_penalty
    if window is not None:
        found.append(f"{window.value} to rolls {window.text}")
    return ", ".join(found) or "-"


#: The GM's words for status keys in `explain` (`--json` keeps the keys).
EXPLAIN_LABELS: Mapping[str, str] = {
    "will": "Will",
    "ht": "HT",
    "iq": "IQ",
    "ht_now": "HT now",
    "iq_now": "IQ now",
    "ht_lost": "HT lost",
    "iq_lost": "IQ lost",
    "points_lost": "points lost",
    "checks": "Fright Checks",
    "pending": "pending traits",
    "physical": "physical disadvantages",
    "encounter.title": "in combat",
    "hp_max": "HP max",
    "fp_max": "FP max",
    "hp": "HP",
    "fp": "FP",
    "conditions": "lasting conditions",
}
#: the history of checks is in the rulings, not a number; so is the window after a coma
#: (its -2 is among the modifiers and terms of each ruling it lowers)
EXPLAIN_SKIPPED = frozenset({"history", "skill_penalty"})
EXPLAIN_HIDDEN = frozenset({"encounter.seq", "conditions"})
