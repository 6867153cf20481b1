"""Folding events into the Horror Factor state: applies recorded results, never recomputes.

A recorded change is applied as its difference (after - before) to the number as it stands,
so when the GM voids an earlier event the later changes still land where the GM expects
(grabbed +2 voided: the next turn's -1 comes off the lower HF). The audit says where a
ruling itself would now be decided differently.

Total: an event that no longer fits the state (its encounter or character was voided away)
is ignored, and so is any part of it naming someone who is not there.

The state classes are frozen `msgspec.Struct`s, copied with `msgspec.structs.replace` (in
C); what an event leaves as it was stays the very same object.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from msgspec.structs import replace

from journal.plugin.rules import (
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    Evolvers,
    JSONObject,
    Meta,
    NumbersAdjusted,
    renamed_in,
)
from journal.rulesets.horror_factor.rules import catalog, fiat
from journal.rulesets.horror_factor.rules.events import (
    EncounterEnded,
    EncounterJoined,
    EncounterLeft,
    EncounterStarted,
    EndResult,
    EnemyDropped,
    HardnessAwarded,
    HorrorChecked,
    HorrorFactorShifted,
    InitiativeRolled,
    PeaceRecorded,
    Rested,
    TrackChange,
    TurnAdvanced,
    WillpowerSoaked,
    WordingSet,
)
from journal.rulesets.horror_factor.rules.lookup import rules_of
from journal.rulesets.horror_factor.rules.state import (
    Character,
    HFState,
    Participant,
    RunningEncounter,
    clamp,
)

EVOLVE = Evolvers[CampaignState, Meta, HFState]("evolve")


@EVOLVE.on(CharacterAdded)
def _added(state: CampaignState, payload: CharacterAdded, meta: Meta) -> HFState:
    return _with(rules_of(state), _new_character(payload.name, payload.sheet))


@EVOLVE.on(CharacterRenamed)
def _renamed(state: CampaignState, payload: CharacterRenamed, meta: Meta) -> HFState:
    rules = rules_of(state)
    old, new = payload.old, payload.new
    characters = renamed_in(rules.characters, old, new, lambda c: replace(c, name=new))
    encounter = rules.encounter
    if encounter is not None:
        participants = renamed_in(encounter.participants, old, new, lambda p: replace(p, name=new))
        encounter = replace(encounter, participants=participants)
    return replace(rules, characters=characters, encounter=encounter)


@EVOLVE.on(NumbersAdjusted)
def _adjusted(state: CampaignState, payload: NumbersAdjusted, meta: Meta) -> HFState:
    """GM fiat: each adjustment lands as its difference on the number as it stands (like
    every recorded change: a void before it still lets it land where the GM meant)."""
    rules, name = rules_of(state), payload.character
    # a specialization moves from the general Hardness as it was before this ruling
    for change in sorted(payload.changes, key=lambda c: not c.number.startswith(fiat.SPEC)):
        diff = change.after - change.before
        if change.number.startswith(fiat.SPEC) or change.number == "hardness":
            who = rules.characters.get(name)
            if who is not None:
                rules = _with(rules, replace(who, awarded=meta.seq))
        if change.number.startswith(fiat.SPEC):
            rules = _shift_level(rules, name, change.number.removeprefix(fiat.SPEC), diff)
        elif change.number in ("hardness", "brokenness", "willpower"):
            rules = _shift(rules, name, **{change.number: diff})
    return rules


@EVOLVE.on(EncounterStarted)
def _started(state: CampaignState, payload: EncounterStarted, meta: Meta) -> HFState:
    return _start(rules_of(state), payload)


@EVOLVE.on(TurnAdvanced)
def _turned(state: CampaignState, payload: TurnAdvanced, meta: Meta) -> HFState:
    return _turn(rules_of(state), payload.turn, payload.changes)


@EVOLVE.on(InitiativeRolled)
def _rolled(state: CampaignState, payload: InitiativeRolled, meta: Meta) -> HFState:
    return _initiative(rules_of(state), payload)


@EVOLVE.on(WillpowerSoaked)
def _soaked(state: CampaignState, payload: WillpowerSoaked, meta: Meta) -> HFState:
    return _soak(rules_of(state), payload)


@EVOLVE.on(HorrorFactorShifted)
def _shifted(state: CampaignState, payload: HorrorFactorShifted, meta: Meta) -> HFState:
    return _track(rules_of(state), payload.changes, drop=False)


@EVOLVE.on(WordingSet)
def _worded(state: CampaignState, payload: WordingSet, meta: Meta) -> HFState:
    rules = rules_of(state)
    wording = {k: v for k, v in rules.wording.items() if k != payload.cause}
    if payload.text is not None:
        wording[payload.cause] = payload.text
    return replace(rules, wording=wording)


@EVOLVE.on(EnemyDropped)
def _dropped(state: CampaignState, payload: EnemyDropped, meta: Meta) -> HFState:
    rules = _track(rules_of(state), payload.changes, drop=True)
    found = _current(rules, payload.character, payload.turn)
    if found is None or found[1].dropped is not None:
        return rules
    encounter, p = found
    participants = {**encounter.participants, p.name: replace(p, dropped=meta.seq)}
    return replace(rules, encounter=replace(encounter, participants=participants))


@EVOLVE.on(EncounterJoined)
def _joined(state: CampaignState, payload: EncounterJoined, meta: Meta) -> HFState:
    return _join(rules_of(state), payload)


@EVOLVE.on(EncounterLeft)
def _left(state: CampaignState, payload: EncounterLeft, meta: Meta) -> HFState:
    rules = rules_of(state)
    encounter = rules.encounter
    if encounter is None or payload.character not in encounter.participants:
        return rules
    p = replace(encounter.participants[payload.character], left=payload.reason)
    participants = {**encounter.participants, p.name: p}
    return replace(rules, encounter=replace(encounter, participants=participants))


@EVOLVE.on(EncounterEnded)
def _ended(state: CampaignState, payload: EncounterEnded, meta: Meta) -> HFState:
    return _end(rules_of(state), payload.results, meta.seq)


@EVOLVE.on(HorrorChecked)
def _checked(state: CampaignState, payload: HorrorChecked, meta: Meta) -> HFState:
    rules = _shift_level(
        rules_of(state),
        payload.character,
        payload.specialization,
        payload.hardness_after - payload.hardness_before,
    )
    rules = _shift(
        rules, payload.character, brokenness=payload.brokenness_after - payload.brokenness_before
    )
    who = rules.characters.get(payload.character)
    if (
        who is not None
        and payload.encounter is not None
        and (payload.encounter == who.last_encounter)
    ):
        rules = _with(rules, replace(who, incident_check=meta.seq))
    return rules


@EVOLVE.on(Rested)
def _rested(state: CampaignState, payload: Rested, meta: Meta) -> HFState:
    rules = rules_of(state)
    for change in payload.changes:
        name = change.character
        if payload.points is None and name in rules.characters:  # a full night: back to max
            rules = _set(rules, name, willpower=rules.characters[name].willpower_max)
        else:
            rules = _shift(rules, name, willpower=change.after - change.before)
    return rules


@EVOLVE.on(PeaceRecorded)
def _peace(state: CampaignState, payload: PeaceRecorded, meta: Meta) -> HFState:
    return _shift_level(
        rules_of(state),
        payload.character,
        payload.specialization,
        payload.hardness_after - payload.hardness_before,
    )


@EVOLVE.on(HardnessAwarded)
def _awarded(state: CampaignState, payload: HardnessAwarded, meta: Meta) -> HFState:
    return _award(rules_of(state), payload, meta.seq)


def _number(sheet: JSONObject, key: str) -> int:
    value = sheet.get(key, 0)
    return value if isinstance(value, int) else 0


def _new_character(name: str, sheet: JSONObject) -> Character:
    """The character a recorded sheet describes (checked when it was recorded or imported)."""
    hardness = clamp(_number(sheet, "hardness"), 0, catalog.HARDNESS_MAX)
    willpower = max(0, _number(sheet, "willpower"))
    specs = sheet.get("specializations")
    return Character(
        name=name,
        reaction=_number(sheet, "reaction"),
        willpower_max=willpower,
        willpower=willpower,
        hardness=hardness,
        training=str(sheet.get("training", "none")),
        specializations={
            str(k): v
            for k, v in (specs if isinstance(specs, Mapping) else {}).items()
            if isinstance(v, int)
        },
        brokenness=clamp(_number(sheet, "brokenness"), 0, catalog.BROKENNESS_MAX),
        peak_hardness=hardness,
    )


def _with(rules: HFState, who: Character) -> HFState:
    return replace(rules, characters={**rules.characters, who.name: who})


def _set(
    rules: HFState,
    name: str,
    *,
    hardness: int | None = None,
    brokenness: int | None = None,
    willpower: int | None = None,
) -> HFState:
    who = rules.characters.get(name)
    if who is None:
        return rules
    now = (who.hardness, who.peak_hardness, who.brokenness, who.willpower)
    hard, peak, broken, will = now
    if hardness is not None:
        hard = clamp(hardness, 0, catalog.HARDNESS_MAX)
        peak = max(peak, hard)
    if brokenness is not None:
        broken = clamp(brokenness, 0, catalog.BROKENNESS_MAX)
    if willpower is not None:
        will = clamp(willpower, 0, who.willpower_max)
    if (hard, peak, broken, will) == now:
        return rules  # nothing moved (a shift of 0, or one the bounds held)
    return _with(
        rules,
        replace(who, hardness=hard, peak_hardness=peak, brokenness=broken, willpower=will),
    )


def _shift(
    rules: HFState, name: str, *, hardness: int = 0, brokenness: int = 0, willpower: int = 0
) -> HFState:
    """Apply recorded differences to the numbers as they stand now."""
    who = rules.characters.get(name)
    if who is None:
        return rules
    return _set(
        rules,
        name,
        hardness=who.hardness + hardness,
        brokenness=who.brokenness + brokenness,
        willpower=who.willpower + willpower,
    )


def _shift_level(rules: HFState, name: str, spec: str | None, delta: int) -> HFState:
    """A recorded change of one Hardness: the general one, or a specialization (which
    starts from the general Hardness when the character has none of that name yet)."""
    who = rules.characters.get(name)
    if who is None or delta == 0:
        return rules
    if spec is None:
        return _shift(rules, name, hardness=delta)
    level = clamp(who.level(spec) + delta, 0, catalog.HARDNESS_MAX)
    specs = dict(sorted({**who.specializations, spec: level}.items()))
    peaks = {**who.spec_peaks, spec: max(who.peak(spec), level)}
    return _with(rules, replace(who, specializations=specs, spec_peaks=peaks))


def _start(rules: HFState, payload: EncounterStarted) -> HFState:
    # One still running here means its end was voided: the recorded start replaces it.
    cast = [name for name in payload.cast if name in rules.characters]
    encounter = RunningEncounter(
        title=payload.title,
        category=payload.category,
        ambush=payload.ambush,
        initial_hf=payload.hf,
        participants={name: Participant(name, max(0, payload.hf)) for name in cast},
    )
    characters = dict(rules.characters)
    for name in cast:
        characters[name] = _faces(characters[name], payload.hf, payload.title, payload.category)
    return replace(rules, characters=characters, encounter=encounter)


def _faces(who: Character, hf: int, title: str, category: str | None) -> Character:
    """A character facing a new encounter: a new incident, nothing ruled about it yet."""
    return replace(
        who,
        last_hf=hf,
        last_encounter=title,
        last_category=category,
        incident_end=None,
        incident_check=None,
    )


def _join(rules: HFState, payload: EncounterJoined) -> HFState:
    encounter = rules.encounter
    who = rules.characters.get(payload.character)
    if encounter is None or who is None:
        return rules
    found = encounter.participants.get(who.name)
    if found is not None:  # back in the fight, at the HF they left with
        p = replace(found, left=None)
    else:
        p = Participant(who.name, max(0, payload.hf))
        rules = _with(rules, _faces(who, payload.hf, encounter.title, encounter.category))
    participants = {**encounter.participants, p.name: p}
    return replace(rules, encounter=replace(encounter, participants=participants))


def _participants(
    encounter: RunningEncounter, changes: Iterable[TrackChange], fresh: bool = False
) -> dict[str, Participant]:
    """The participants with recorded HF changes applied (and the turn's rolls cleared)."""
    found = {c.character: c.after - c.before for c in changes}
    result: dict[str, Participant] = {}
    for name, p in encounter.participants.items():
        hf = max(0, p.hf + found.get(name, 0))
        if fresh:
            result[name] = Participant(name, hf, left=p.left)
        else:
            result[name] = p if hf == p.hf else replace(p, hf=hf)
    return result


def _turn(rules: HFState, turn: int, changes: Iterable[TrackChange]) -> HFState:
    encounter = rules.encounter
    # A later turn after a voided one still applies: the GM played on from it.
    if encounter is None or turn <= encounter.turn:
        return rules
    participants = _participants(encounter, changes, fresh=True)
    return replace(rules, encounter=replace(encounter, turn=turn, participants=participants))


def _track(rules: HFState, changes: Iterable[TrackChange], *, drop: bool) -> HFState:
    encounter = rules.encounter
    if encounter is None:
        return rules
    participants = _participants(encounter, changes)
    drops = encounter.drops + 1 if drop else encounter.drops
    return replace(rules, encounter=replace(encounter, participants=participants, drops=drops))


def _current(rules: HFState, name: str, turn: int) -> tuple[RunningEncounter, Participant] | None:
    encounter = rules.encounter
    if encounter is None or encounter.turn != turn or name not in encounter.participants:
        return None
    return encounter, encounter.participants[name]


def _initiative(rules: HFState, payload: InitiativeRolled) -> HFState:
    found = _current(rules, payload.character, payload.turn)
    if found is None:
        return rules
    encounter, p = found
    p = replace(
        p,
        initiative=payload.total,
        can_act=payload.can_act,
        defense_penalty=payload.defense_penalty,
    )
    participants = {**encounter.participants, p.name: p}
    return replace(rules, encounter=replace(encounter, participants=participants))


def _soak(rules: HFState, payload: WillpowerSoaked) -> HFState:
    found = _current(rules, payload.character, payload.turn)
    if found is None:
        return rules
    encounter, p = found
    p = replace(p, soak=clamp(p.soak + payload.points, 0, catalog.SOAK_PER_TURN))
    participants = {**encounter.participants, p.name: p}
    rules = replace(rules, encounter=replace(encounter, participants=participants))
    return _shift(
        rules, payload.character, willpower=payload.willpower_after - payload.willpower_before
    )


def _end(rules: HFState, results: Iterable[EndResult], seq: int) -> HFState:
    if rules.encounter is None:
        return rules
    rules = replace(rules, encounter=None)
    for result in results:
        rules = _shift_level(
            rules,
            result.character,
            result.specialization,
            result.hardness_after - result.hardness_before,
        )
        rules = _shift(
            rules,
            result.character,
            brokenness=result.brokenness_after - result.brokenness_before,
        )
        who = rules.characters.get(result.character)
        if who is not None and result.outcome != "none":
            rules = _with(rules, replace(who, incident_end=seq))
    return rules


def _award(rules: HFState, payload: HardnessAwarded, seq: int) -> HFState:
    who = rules.characters.get(payload.character)
    if who is None:
        return rules
    gained = payload.hardness_after - payload.hardness_before
    rules = _with(rules, replace(who, awarded=seq))
    return _shift_level(rules, who.name, payload.specialization, gained)
