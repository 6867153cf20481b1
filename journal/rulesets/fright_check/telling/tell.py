"""Fright Check events told in handouts: players never see a die face, a formula or a term
(the GM's copy gets them), and read every kind of trait and condition in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from journal.plugin.rules import JSON
from journal.plugin.telling import ARROW, Sentences, sorted_json
from journal.rulesets.fright_check.rules.events import (
    CombatEnded,
    CombatJoined,
    CombatLeft,
    CombatStarted,
    FrightChecked,
    FrightRowChanged,
    Healed,
    RecoveryRolled,
    RestRecorded,
    TraitNamed,
)
from journal.rulesets.fright_check.rules.words import condition_name, row_label
from journal.rulesets.fright_check.telling.describe import LINES, effect_text, recovery_result

#: what players never read: dice, faces, formulas, an HT roll's total and target, a
#: recovery roll's target
GM_KEYS = ("dice", "faces", "formula", "roll", "target", "margin", "reaction")


def _for_players(value: object) -> object:
    """An effect with every die and formula taken out."""
    if isinstance(value, Mapping):
        shown = {k: _for_players(v) for k, v in value.items() if k not in GM_KEYS}
        if value.get("kind") == "ht-roll":
            return shown
        return shown
    if isinstance(value, list | tuple):
        return [_for_players(v) for v in value]
    return value


def shown(effect: Mapping[str, object], gm: bool) -> Mapping[str, JSON]:
    """The effect as this audience may read it (players: no dice, no formula), its keys
    sorted: a JSON object keeps no order (PostgreSQL's JSONB has its own)."""
    found = sorted_json(effect if gm else _for_players(effect))
    assert isinstance(found, Mapping)
    return found


def _waiting(gm: bool) -> str:
    return "pending" if gm else "to be named by the GM"


def effect_line(effect: Mapping[str, object], gm: bool) -> str:
    return effect_text(shown(effect, gm), waiting=_waiting(gm))


def effect_lines(
    effects: Sequence[Mapping[str, object]], names: Sequence[str], gm: bool
) -> list[str]:
    """Effects already `shown`, the acquired traits among them by the names the GM gave
    (in order); those not named yet read as pending."""
    lines, given = [], iter(names)
    for effect in effects:
        named = next(given, None) if effect.get("pending") else None
        lines.append(effect_text(effect, named, _waiting(gm)))
    return lines


def named_text(p: TraitNamed) -> str:
    """How a named trait reads in its check's effects: `Bad Back`, or `Necrophobia,
    self-control 12 → 9`."""
    if p.worsened:
        return f"{p.name}, self-control {p.previous_self_control} {ARROW} {p.self_control}"
    return p.name


def row_text(rolled: int | None, row: int | None, reason: str | None, gm: bool) -> str:
    """`row 21`; for the GM a changed row also says the rolled one and why."""
    if gm and rolled is not None and rolled != row:
        return f"row {row_label(row)} (rolled {row_label(rolled)}; the GM: {reason})"
    return f"row {row_label(row)}"


def verdict(p: FrightChecked) -> str:
    """A made check's result as a person says it: `success by 3`, `success, just made it`
    (by 0), `critical success`, `failure by 7`."""
    critical = "critical " if p.critical else ""
    if not p.success:
        return f"{critical}failure by {p.failure_margin}"
    if p.margin is None or p.margin < 0:  # a 3 or 4 succeeds whatever the target
        return f"{critical}success"
    if p.margin == 0:
        return f"{critical}success, just made it"
    return f"{critical}success by {p.margin}"


def threat_words(p: FrightChecked) -> str:
    """The threat as players read it: the GM's name for it, else its id in words
    (`thomas-body`: "thomas body")."""
    if p.threat_name:
        return p.threat_name
    return " ".join(p.threat.replace("-", " ").replace("_", " ").split()) or p.threat


def fright_sentence(p: FrightChecked, gm: bool) -> str:
    head = f"{p.character}'s Fright Check against {threat_words(p)}"
    if not p.made:
        return f"{head}: none needed ({p.character} is Unfazeable)"
    if p.success:
        return f"{head}: {verdict(p)}"
    effects = "; ".join(effect_line(e, gm) for e in p.effects)
    if not gm:  # the table row is the GM's, like the dice that reached it
        return f"{head}: {verdict(p)}: {effects}"
    row = row_text(p.rolled_row, p.row, p.change_reason, gm)
    return f"{head}: {verdict(p)}, table {row}: {effects}"


SENTENCES = Sentences("handout sentence")
SENTENCES.on(FrightChecked)(fright_sentence)
# a handout shows a combat as an encounter of its own
SENTENCES.on(CombatStarted, CombatEnded)(lambda payload, gm: None)


@SENTENCES.on(CombatJoined)
def _joined(payload: CombatJoined, gm: bool) -> str:
    return f"{payload.character} joins the fight"


@SENTENCES.on(CombatLeft)
def _left(payload: CombatLeft, gm: bool) -> str:
    return f"{payload.character} is out of the fight: {payload.reason}"


@SENTENCES.on(TraitNamed)
def _named(payload: TraitNamed, gm: bool) -> str:
    if gm:
        return LINES.line(payload)
    return trait_words(payload)


def trait_words(p: TraitNamed) -> str:
    """`Mara acquires Bad Back (-15 points)`; a worsened self-control in words."""
    if p.worsened:
        return (
            f"{p.character}'s {p.name} gets worse: self-control "
            f"{p.previous_self_control} {ARROW} {p.self_control} ({p.points:+d} points)"
        )
    scn = "" if p.self_control is None else f", self-control {p.self_control}"
    return f"{p.character} acquires {p.name} ({p.points:+d} points{scn})"


@SENTENCES.on(FrightRowChanged)
def _changed(p: FrightRowChanged, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    effects = "; ".join(effect_line(e, gm) for e in p.effects) or "no effect"
    return f"{p.character}'s Fright Check turns out otherwise: {effects}"


@SENTENCES.on(RecoveryRolled)
def _recovery(p: RecoveryRolled, gm: bool) -> str:
    text = f"{p.character}: {recovery_result(p)}"
    if p.care_terms:
        days = len(p.care_terms)
        text += (
            f"; {days} day(s) without medical care cost {p.hp_before - p.hp_after} HP "
            f"({p.hp_before} {ARROW} {p.hp_after})"
        )
    return text


@SENTENCES.on(Healed)
def _healed(p: Healed, gm: bool) -> str:
    parts = []
    if p.hp:
        parts.append(f"HP {p.hp_before} {ARROW} {p.hp_after} of {p.hp_max}")
    if p.fp:
        parts.append(f"FP {p.fp_before} {ARROW} {p.fp_after} of {p.fp_max}")
    return f"{p.character} recovers: {', '.join(parts)}"


@SENTENCES.on(RestRecorded)
def _rested(p: RestRecorded, gm: bool) -> str:
    parts = []
    for c in p.changes:
        text = c.character
        if c.after != c.before:
            text += f" FP {c.before} {ARROW} {c.after} of {c.max}"
        kinds = dict.fromkeys(condition_name(e.kind) for e in c.ended)
        if kinds:
            text += f", over: {', '.join(kinds)}"
        parts.append(text)
    return "A night's rest: " + "; ".join(parts)
