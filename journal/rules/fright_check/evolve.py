"""The fright-check fold: applies the results events recorded, never recomputes them.

Total: an event that no longer applies (its character unknown, its pending trait or
disadvantage gone after a void, a combat already over) is ignored without raising.
"""

from __future__ import annotations

from collections.abc import Mapping

from journal.events import JSONObject
from journal.frozen import changed
from journal.rules.core import CampaignState, CharacterAdded, Meta
from journal.rules.dispatch import Dispatch
from journal.rules.fright_check.events import CombatEnded, CombatStarted, FrightChecked, TraitNamed
from journal.rules.fright_check.lookup import rules_of
from journal.rules.fright_check.state import (
    Character,
    CheckRecord,
    Combat,
    Disadvantage,
    FrightState,
    Pending,
    Quirk,
)

EVOLVE = Dispatch[FrightState]("evolve")


@EVOLVE.on(CharacterAdded)
def _added(state: CampaignState, payload: CharacterAdded, meta: Meta) -> FrightState:
    return rules_of(state).with_character(character_from_sheet(payload.name, payload.sheet))


@EVOLVE.on(FrightChecked)
def _checked_event(state: CampaignState, payload: FrightChecked, meta: Meta) -> FrightState:
    return _checked(rules_of(state), payload, meta)


@EVOLVE.on(TraitNamed)
def _named_event(state: CampaignState, payload: TraitNamed, meta: Meta) -> FrightState:
    return _named(rules_of(state), payload)


@EVOLVE.on(CombatStarted)
def _combat(state: CampaignState, payload: CombatStarted, meta: Meta) -> FrightState:
    return changed(rules_of(state), combat=Combat(payload.title, tuple(payload.cast), meta.seq))


@EVOLVE.on(CombatEnded)
def _combat_over(state: CampaignState, payload: CombatEnded, meta: Meta) -> FrightState:
    return changed(rules_of(state), combat=None)


def _number(sheet: JSONObject, key: str) -> int:
    value = sheet.get(key, 10)
    return value if isinstance(value, int) else 10


def _items(sheet: JSONObject, key: str) -> list[object]:
    value = sheet.get(key)
    return list(value) if isinstance(value, list | tuple) else []


def _disadvantage(item: object) -> Disadvantage | None:
    if not isinstance(item, Mapping):
        return None
    points, scn = item.get("points"), item.get("self_control")
    return Disadvantage(
        str(item.get("name")),
        points if isinstance(points, int) else 0,
        scn if isinstance(scn, int) else None,
    )


def character_from_sheet(name: str, sheet: JSONObject) -> Character:
    """The character a recorded sheet describes (checked when it was recorded or imported)."""
    traits = sheet.get("traits")
    disadvantages = [_disadvantage(d) for d in _items(sheet, "disadvantages")]
    return Character(
        name=name,
        will=_number(sheet, "will"),
        ht=_number(sheet, "ht"),
        iq=_number(sheet, "iq"),
        traits={
            str(k): v
            for k, v in (traits if isinstance(traits, Mapping) else {}).items()
            if isinstance(v, int)
        },
        quirks=tuple(Quirk(str(q)) for q in _items(sheet, "quirks")),
        disadvantages=tuple(d for d in disadvantages if d is not None),
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
    pending = tuple(Pending(p.kind, p.points, meta.seq) for p in payload.pending)
    ht_lost = _permanent(payload, "ht-loss")
    iq_lost = _permanent(payload, "iq-loss")
    return rules.with_character(
        changed(
            character,
            history=(*character.history, record),
            pending=character.pending + pending,
            ht_lost=character.ht_lost + ht_lost,
            iq_lost=character.iq_lost + iq_lost,
        )
    )


def _permanent(payload: FrightChecked, kind: str) -> int:
    """Points of an attribute lost for good (rows 31 and 40+)."""
    amounts = (e.get("amount") for e in payload.effects if e.get("kind") == kind)
    return sum(a for a in amounts if isinstance(a, int))


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
        changed(named, pending=pending, named_change=character.named_change + payload.points_change)
    )


def _with_trait(character: Character, payload: TraitNamed) -> Character | None:
    """The character with the named trait added (or worsened); None if it cannot apply."""
    if payload.worsened:
        existing = character.disadvantage(payload.name)
        if existing is None:
            return None
        worse = changed(existing, points=payload.points, self_control=payload.self_control)
        return changed(
            character,
            disadvantages=tuple(worse if d is existing else d for d in character.disadvantages),
        )
    if payload.pending_kind == "quirk":
        return changed(character, quirks=(*character.quirks, Quirk(payload.name, payload.for_seq)))
    kind = {"physical": "physical", "delusion": "delusion"}.get(payload.pending_kind, "mental")
    item = Disadvantage(payload.name, payload.points, payload.self_control, kind, payload.for_seq)
    if kind == "physical":
        return changed(character, physical=(*character.physical, item))
    return changed(character, disadvantages=(*character.disadvantages, item))
