"""The fright-check fold: applies the results events recorded, never recomputes them.

Total: an event that no longer applies (its character unknown, its pending trait or
disadvantage gone after a void, a combat already over) is ignored without raising.
"""

from __future__ import annotations

from collections.abc import Mapping

from journal.plugin.rules import (
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    Evolvers,
    JSONObject,
    Meta,
    NumbersAdjusted,
    RuleError,
    advance,
    changed,
    renamed_in,
)
from journal.rulesets.fright_check.rules import fiat
from journal.rulesets.fright_check.rules.effects import losses, ongoing
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
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.sheet import DEFAULT_HP
from journal.rulesets.fright_check.rules.state import (
    Character,
    CheckRecord,
    Combat,
    Disadvantage,
    FrightState,
    Ongoing,
    Pending,
    Quirk,
    Window,
)

EVOLVE = Evolvers[CampaignState, Meta, FrightState]("evolve")


@EVOLVE.on(CharacterAdded)
def _added(state: CampaignState, payload: CharacterAdded, meta: Meta) -> FrightState:
    return rules_of(state).with_character(character_from_sheet(payload.name, payload.sheet))


@EVOLVE.on(CharacterRenamed)
def _renamed(state: CampaignState, payload: CharacterRenamed, meta: Meta) -> FrightState:
    rules = rules_of(state)
    old, new = payload.old, payload.new
    characters = renamed_in(rules.characters, old, new, lambda c: changed(c, name=new))
    combat = rules.combat
    if combat is not None:
        combat = changed(combat, cast=tuple(new if n == old else n for n in combat.cast))
    return changed(rules, characters=characters, combat=combat)


EVOLVE.on(NumbersAdjusted)(fiat.evolve)


@EVOLVE.on(FrightChecked)
def _checked_event(state: CampaignState, payload: FrightChecked, meta: Meta) -> FrightState:
    rules = rules_of(state)
    named = payload.threat_name
    if named is not None and rules.threat_names.get(payload.threat) != named:
        rules = changed(rules, threat_names={**rules.threat_names, payload.threat: named})
    # the session as the fold has it (a voided `session start` is no session), as the
    # decider reads it: not the envelope's stamp
    return _checked(rules, payload, meta, state.session)


@EVOLVE.on(TraitNamed)
def _named_event(state: CampaignState, payload: TraitNamed, meta: Meta) -> FrightState:
    return _named(rules_of(state), payload)


@EVOLVE.on(CombatStarted)
def _combat(state: CampaignState, payload: CombatStarted, meta: Meta) -> FrightState:
    return changed(rules_of(state), combat=Combat(payload.title, tuple(payload.cast), meta.seq))


@EVOLVE.on(CombatEnded)
def _combat_over(state: CampaignState, payload: CombatEnded, meta: Meta) -> FrightState:
    return changed(rules_of(state), combat=None)


def _cast(state: CampaignState, payload: CombatJoined | CombatLeft, meta: Meta) -> FrightState:
    rules = rules_of(state)
    if rules.combat is None:
        return rules
    return changed(rules, combat=changed(rules.combat, cast=tuple(payload.cast)))


EVOLVE.on(CombatJoined)(_cast)  # one dispatch entry each: each keeps its own payload type
EVOLVE.on(CombatLeft)(_cast)


@EVOLVE.on(FrightRowChanged)
def _changed_event(state: CampaignState, payload: FrightRowChanged, meta: Meta) -> FrightState:
    return _changed(rules_of(state), payload)


@EVOLVE.on(RecoveryRolled)
def _recovery_event(state: CampaignState, payload: RecoveryRolled, meta: Meta) -> FrightState:
    # when they come to: the clock and session as the fold has them (as the decider does)
    return _recovery(rules_of(state), payload, Meta(meta.seq, state.clock, state.session))


@EVOLVE.on(Healed)
def _healed(state: CampaignState, payload: Healed, meta: Meta) -> FrightState:
    rules = rules_of(state)
    character = rules.get(payload.character)
    if character is None:
        return rules
    return rules.with_character(
        _pools(
            character,
            hp=payload.hp_after - payload.hp_before,
            fp=payload.fp_after - payload.fp_before,
        )
    )


@EVOLVE.on(RestRecorded)
def _rested(state: CampaignState, payload: RestRecorded, meta: Meta) -> FrightState:
    rules = rules_of(state)
    for change in payload.changes:
        character = rules.get(change.character)
        if character is None:
            continue
        ended = {(e.seq, e.kind) for e in change.ended}
        character = changed(
            _pools(character, fp=character.fp_max - character.fp),
            ongoing=tuple(o for o in character.ongoing if (o.seq, o.kind) not in ended),
        )
        rules = rules.with_character(character)
    return rules


def _pools(character: Character, *, hp: int = 0, fp: int = 0) -> Character:
    """HP and FP moved by recorded differences, never past their maxima (losses may take
    them below zero: GURPS has negative HP and FP)."""
    return changed(
        character,
        hp=min(character.hp_max, character.hp + hp),
        fp=min(character.fp_max, character.fp + fp),
    )


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
    ht = _number(sheet, "ht")
    hp_max = sheet.get("hp")
    hp_max = hp_max if isinstance(hp_max, int) else DEFAULT_HP
    fp_max = sheet.get("fp")
    fp_max = fp_max if isinstance(fp_max, int) else ht
    return Character(
        name=name,
        will=_number(sheet, "will"),
        ht=ht,
        iq=_number(sheet, "iq"),
        hp_max=hp_max,
        hp=hp_max,
        fp_max=fp_max,
        fp=fp_max,
        traits={
            str(k): v
            for k, v in (traits if isinstance(traits, Mapping) else {}).items()
            if isinstance(v, int)
        },
        quirks=tuple(Quirk(str(q)) for q in _items(sheet, "quirks")),
        disadvantages=tuple(d for d in disadvantages if d is not None),
    )


def _checked(
    rules: FrightState, payload: FrightChecked, meta: Meta, session: int | None
) -> FrightState:
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
        rolled_row=payload.rolled_row,
        modified_will=payload.modified_will,
        effects=tuple(payload.effects),
        session=session,
    )
    pending = tuple(Pending(p.kind, p.points, meta.seq) for p in payload.pending)
    lost = losses(payload.effects)
    character = changed(
        character,
        history=(*character.history, record),
        pending=character.pending + pending,
        iq_lost=character.iq_lost + lost.iq,
        ongoing=character.ongoing + ongoing(payload.effects, meta.seq),
    )
    return rules.with_character(_pools(_ht_lost(character, lost.ht), hp=-lost.hp, fp=-lost.fp))


def _ht_lost(character: Character, change: int) -> Character:
    """HT lost for good (or given back by a changed row), the FP maximum with it: basic FP
    equals HT. FP above the new maximum fall to it when `_pools` moves them next."""
    ht_lost = max(0, character.ht_lost + change)
    fp_max = character.fp_max - (ht_lost - character.ht_lost)
    return changed(character, ht_lost=ht_lost, fp_max=fp_max)


def _changed(rules: FrightState, payload: FrightRowChanged) -> FrightState:
    """The old row's effects out (pending traits, conditions, losses), the new row's in."""
    character = rules.get(payload.character)
    if character is None or character.check(payload.for_seq) is None:
        return rules
    seq = payload.for_seq
    history = tuple(
        changed(c, row=payload.row, effects=tuple(payload.effects)) if c.seq == seq else c
        for c in character.history
    )
    pending = tuple(p for p in character.pending if p.seq != seq)
    pending += tuple(Pending(p.kind, p.points, seq) for p in payload.pending)
    kept = tuple(o for o in character.ongoing if o.seq != seq)
    character = changed(
        character,
        history=history,
        pending=pending,
        ongoing=kept + ongoing(payload.effects, seq),
        iq_lost=max(0, character.iq_lost + payload.iq_lost_change),
    )
    character = _ht_lost(character, payload.ht_lost_change)
    hp, fp = payload.hp_after - payload.hp_before, payload.fp_after - payload.fp_before
    return rules.with_character(_pools(character, hp=hp, fp=fp))


def _recovery(rules: FrightState, payload: RecoveryRolled, meta: Meta) -> FrightState:
    character = rules.get(payload.character)
    if character is None:
        return rules
    found = next(
        (o for o in character.ongoing if o.seq == payload.for_seq and o.kind == payload.condition),
        None,
    )
    if found is None:
        return rules
    others = tuple(o for o in character.ongoing if o is not found)
    windows = character.windows
    if payload.success:
        still: tuple[Ongoing, ...] = ()
        came_to = window_after(character, found, payload, meta)
        if came_to is not None:
            windows = (*windows, came_to)
    else:
        more = _amount(payload.more)
        days = len(payload.care_terms)
        still = (
            changed(
                found,
                failed=found.failed + 1,
                period=more if more is not None else found.period,
                lasted=(found.lasted or 0) + more if more is not None else found.lasted,
                days_without_care=found.days_without_care + days,
            ),
        )
    character = changed(character, ongoing=others + still, windows=windows)
    return rules.with_character(_pools(character, hp=payload.hp_after - payload.hp_before))


def window_after(
    character: Character, found: Ongoing, payload: RecoveryRolled, meta: Meta
) -> Window | None:
    """The -2 window a coma or catatonia leaves when the character comes to (the row's
    `skill-penalty`): 6 hours after a coma, as many days as the catatonia lasted, from the
    moment they come to (no clock: for the rest of its session)."""
    record = character.check(found.seq)
    if record is None or found.kind not in ("coma", "catatonia"):
        return None
    penalty = next((e for e in record.effects if e.get("kind") == "skill-penalty"), None)
    if penalty is None:
        return None
    value = penalty.get("value")
    if found.kind == "catatonia":
        lasted = _amount(payload.lasted) or found.lasted or 0
        length = f"{lasted}d"
    else:
        duration = penalty.get("duration")
        hours = duration.get("value") if isinstance(duration, Mapping) else None
        length = f"{hours if isinstance(hours, int) else 6}h"
    if length[:-1] == "0":
        return None
    starts = came_to_at(record.game_time, found, payload, meta.game_time)
    ends = None
    if starts is not None:
        try:
            ends = advance(starts, length)
        except RuleError:  # past the last date the clock can hold: open for good
            ends = None
    return Window(
        seq=found.seq,
        condition=found.kind,
        came_to=meta.seq,
        value=value if isinstance(value, int) else -2,
        length=length,
        starts=starts,
        ends=ends,
        session=meta.session,
    )


def came_to_at(
    checked_at: str | None, found: Ongoing, payload: RecoveryRolled, clock: str | None
) -> str | None:
    """When a coma or catatonia ends: at the end of its rolled stretches, counted from the
    check ("unconscious for 1d hours. Then roll vs. HT"), whatever the clock reads when the
    recovery roll is entered (RULES.md Part 2). With no clock at the check (or no stretch
    recorded): the clock at the recovery roll."""
    lasted = _amount(payload.lasted) or found.lasted
    if checked_at is None or not lasted or found.unit not in ("hours", "days"):
        return clock
    try:
        return advance(checked_at, f"{lasted}{found.unit[0]}")
    except RuleError:  # past the last date the clock can hold
        return clock


def _amount(value: JSONObject | None) -> int | None:
    if value is None:
        return None
    number = value.get("value")
    return number if isinstance(number, int) else None


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
