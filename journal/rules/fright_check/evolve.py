"""The fright-check fold: applies the results events recorded, never recomputes them.

Total: an event that no longer applies (its character unknown, its pending trait or
disadvantage gone after a void, a combat already over) is ignored without raising.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from journal.events import Event
from journal.rules.core import CampaignState, CharacterAdded, Meta
from journal.rules.fright_check.decide import rules_of
from journal.rules.fright_check.events import CombatEnded, CombatStarted, FrightChecked, TraitNamed
from journal.rules.fright_check.state import (
    Character,
    CheckRecord,
    Combat,
    Disadvantage,
    FrightState,
    Pending,
    Quirk,
)


def evolve(state: CampaignState, payload: Event, meta: Meta) -> FrightState:
    rules = rules_of(state)
    match payload:
        case CharacterAdded(name=name, sheet=sheet):
            return rules.with_character(character_from_sheet(name, sheet))
        case FrightChecked():
            return _checked(rules, payload, meta)
        case TraitNamed():
            return _named(rules, payload)
        case CombatStarted(title=title, cast=cast):
            return replace(rules, combat=Combat(title, tuple(cast), meta.seq))
        case CombatEnded():
            return replace(rules, combat=None)
    return rules


def character_from_sheet(name: str, sheet: Mapping[str, Any]) -> Character:
    traits = sheet.get("traits") or {}
    return Character(
        name=name,
        will=int(sheet.get("will", 10)),
        ht=int(sheet.get("ht", 10)),
        iq=int(sheet.get("iq", 10)),
        traits=dict(traits),
        quirks=tuple(Quirk(str(q)) for q in sheet.get("quirks") or ()),
        disadvantages=tuple(
            Disadvantage(str(d["name"]), int(d["points"]), d.get("self_control"))
            for d in sheet.get("disadvantages") or ()
        ),
    )


def _checked(rules: FrightState, payload: FrightChecked, meta: Meta) -> FrightState:
    character = rules.get(payload.character)
    if character is None:
        return rules
    record = CheckRecord(
        seq=meta.seq,
        threat=payload.threat,
        kind=payload.kind,
        game_time=payload.game_time,
        made=payload.made,
        success=payload.success,
        row=payload.row,
        modifiers=tuple(payload.modifiers),
    )
    pending = tuple(Pending(str(p["kind"]), int(p["points"]), meta.seq) for p in payload.pending)
    ht_lost = sum(int(e["amount"]) for e in payload.effects if e.get("kind") == "ht-loss")
    iq_lost = sum(int(e["amount"]) for e in payload.effects if e.get("kind") == "iq-loss")
    return rules.with_character(
        replace(
            character,
            history=(*character.history, record),
            pending=character.pending + pending,
            ht_lost=character.ht_lost + ht_lost,
            iq_lost=character.iq_lost + iq_lost,
        )
    )


def _named(rules: FrightState, payload: TraitNamed) -> FrightState:
    character = rules.get(payload.character)
    if character is None:
        return rules
    match = next(
        (
            i
            for i, p in enumerate(character.pending)
            if p.seq == payload.for_seq
            and p.kind == payload.pending_kind
            and p.points == payload.pending_points
        ),
        None,
    )
    if match is None:
        return rules
    pending = character.pending[:match] + character.pending[match + 1 :]
    named = _with_trait(character, payload)
    if named is None:
        return rules
    return rules.with_character(
        replace(named, pending=pending, named_change=character.named_change + payload.points_change)
    )


def _with_trait(character: Character, payload: TraitNamed) -> Character | None:
    """The character with the named trait added (or worsened); None if it cannot apply."""
    if payload.worsened:
        existing = character.disadvantage(payload.name)
        if existing is None:
            return None
        worse = replace(existing, points=payload.points, self_control=payload.self_control)
        return replace(
            character,
            disadvantages=tuple(worse if d is existing else d for d in character.disadvantages),
        )
    if payload.pending_kind == "quirk":
        return replace(character, quirks=(*character.quirks, Quirk(payload.name, payload.for_seq)))
    kind = {"physical": "physical", "delusion": "delusion"}.get(payload.pending_kind, "mental")
    item = Disadvantage(payload.name, payload.points, payload.self_control, kind, payload.for_seq)
    if kind == "physical":
        return replace(character, physical=(*character.physical, item))
    return replace(character, disadvantages=(*character.disadvantages, item))
