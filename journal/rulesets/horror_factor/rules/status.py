"""Where Horror Factor characters stand: the typed `status` document (its numbers)."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec import Struct

from journal.plugin.rules import CampaignState, CharacterStatus, Document
from journal.rulesets.horror_factor.rules.state import (
    Character,
    HFState,
    action_penalty,
    rules_of,
)


class FightNumbers(Document, Struct, frozen=True):
    """A participant's numbers this turn (`encounter` in `status --json`)."""

    turn: int
    hf: int
    soak: int
    effective_hf: int
    action_penalty: int
    initiative: int | None
    can_act: bool | None
    defense_penalty: int
    left: str | None  # out of the fight, and why (their HF waits, no decay)


class FightContext(Document, Struct, frozen=True):
    """The running encounter as it bears on one participant (`fight`)."""

    title: str
    category: str | None
    initial_hf: int
    hardness: int
    hardness_label: str


class HFStatus(CharacterStatus, Struct, frozen=True):
    hardness: int
    hardness_cap: int
    brokenness: int
    willpower: int
    willpower_max: int
    specializations: Mapping[str, int]
    encounter: FightNumbers | None
    reaction: int
    training: str
    peak_hardness: int
    last_hf: int | None
    fight: FightContext | None


def status(state: CampaignState) -> dict[str, HFStatus]:
    rules = rules_of(state)
    return {name: _status(rules, name, who) for name, who in rules.characters.items()}


def status_of(state: CampaignState, name: str) -> HFStatus | None:
    """`name`'s entry of `status` alone (None: no such character)."""
    rules = rules_of(state)
    who = rules.characters.get(name)
    return None if who is None else _status(rules, name, who)


def _status(rules: HFState, name: str, who: Character) -> HFStatus:
    encounter = rules.encounter
    numbers: FightNumbers | None = None
    fight: FightContext | None = None
    if encounter is not None and name in encounter.participants:
        p = encounter.participants[name]
        hardness, label = who.hardness_for(encounter.category)
        fight = FightContext(
            encounter.title, encounter.category, encounter.initial_hf, hardness, label
        )
        numbers = FightNumbers(
            turn=encounter.turn,
            hf=p.hf,
            soak=p.soak,
            effective_hf=p.effective_hf,
            action_penalty=action_penalty(p.effective_hf, hardness),
            initiative=p.initiative,
            can_act=p.can_act,
            defense_penalty=p.defense_penalty,
            left=p.left,
        )
    return HFStatus(
        hardness=who.hardness,
        hardness_cap=who.cap,
        brokenness=who.brokenness,
        willpower=who.willpower,
        willpower_max=who.willpower_max,
        specializations=dict(who.specializations),
        encounter=numbers,
        reaction=who.reaction,
        training=who.training,
        peak_hardness=who.peak_hardness,
        last_hf=who.last_hf,
        fight=fight,
    )
