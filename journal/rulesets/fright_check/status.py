"""Where GURPS characters stand: the typed `status` document and its text table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from journal.documents import (
    GM_ONLY,
    PLAYERS_ONLY,
    BoardCell,
    BoardColumn,
    BoardRow,
    BoardTable,
    CharacterStatus,
    Document,
    StatusDocument,
)
from journal.rules.core import CampaignState
from journal.rulesets.fright_check.describe import condition_name
from journal.rulesets.fright_check.rules.events import Modifier
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.state import Disadvantage


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


#: the board's columns: a player sees Will, HP, FP and the conditions (without the seq of
#: the check behind each); the sheet's other numbers and the pending traits are the GM's
COLUMNS = (
    BoardColumn("name", "name"),
    BoardColumn("will", "will"),
    BoardColumn("ht", "HT", GM_ONLY),
    BoardColumn("iq", "IQ", GM_ONLY),
    BoardColumn("hp", "HP"),
    BoardColumn("fp", "FP"),
    BoardColumn("quirks", "quirks", GM_ONLY),
    BoardColumn("disadvantages", "disads", GM_ONLY),
    BoardColumn("pending", "pending", GM_ONLY),
    BoardColumn("points_lost", "pts lost", GM_ONLY),
    BoardColumn("checks", "checks", GM_ONLY),
    BoardColumn("now", "now", GM_ONLY),
    BoardColumn("conditions", "conditions", PLAYERS_ONLY),
    BoardColumn("traits", "traits"),
)


def _cells(name: str, c: FCStatus) -> tuple[BoardCell, ...]:
    return (
        BoardCell(name),
        BoardCell.of(c.will),
        BoardCell.of(c.ht_now),
        BoardCell.of(c.iq_now),
        BoardCell(f"{c.hp}/{c.hp_max}", c.hp),
        BoardCell(f"{c.fp}/{c.fp_max}", c.fp),
        BoardCell.of(len(c.quirks)),
        BoardCell.of(len(c.disadvantages)),
        BoardCell.of(len(c.pending)),
        BoardCell.of(c.points_lost),
        BoardCell.of(c.checks),
        BoardCell(_now(c)),
        BoardCell(_now(c, seqs=False)),
        BoardCell(trait_list(c.traits) or "-"),
    )


def trait_list(traits: Mapping[str, int | bool]) -> str:
    """The traits that move a Fright Check, as the sheet names them: `Fearlessness 2,
    Combat Reflexes`."""
    return ", ".join(
        name if value is True else f"{name} {value}" for name, value in sorted(traits.items())
    )


def board_table(document: StatusDocument) -> BoardTable:
    """Every character's row; the running combat (if any) named, not drawn as a line."""
    characters = {n: c for n, c in document.characters.items() if isinstance(c, FCStatus)}
    fight = next((c.encounter.title for c in characters.values() if c.encounter), None)
    rows = tuple(BoardRow(name, _cells(name, c)) for name, c in characters.items())
    title = None
    if fight is not None:
        cast = ", ".join(n for n, c in characters.items() if c.encounter) or "everyone"
        title = f"Combat {fight!r} running: heat of battle +5 to Fright Checks for {cast}"
    return BoardTable(title, fight, COLUMNS, rows)


def status_table(document: StatusDocument) -> str:
    return board_table(document).text()


def _now(c: FCStatus, seqs: bool = True) -> str:
    """What holds the character now: lasting conditions (with the check behind each, for
    the GM), the -2 after a coma or catatonia."""
    found = [condition_name(o.kind) + (f" (#{o.seq})" if seqs else "") for o in c.conditions]
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
