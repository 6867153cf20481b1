"""The `--json` documents of Horror Factor rulings (`initiative --json`, `check --json`)."""

from __future__ import annotations

from msgspec import Struct

from journal.plugin.rules import Dice, Document, Terms
from journal.plugin.telling import Recorded
from journal.rulesets.horror_factor.rules.check import HorrorChecked
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled


class InitiativeDocument(Document, Struct, frozen=True):
    seq: int
    character: str
    turn: int
    hf: int
    effective_hf: int
    action_penalty: int
    total: int
    can_act: bool
    defense_penalty: int
    terms: Terms
    dice: Dice


class CheckDocument(Document, Struct, frozen=True):
    seq: int
    character: str
    total: int
    result: str
    hardness: int
    brokenness: int
    terms: Terms
    hf: int
    hf_source: str
    dice: Dice
    specialization: str | None  # the Hardness `hardness` is; None: the general one
    encounter: str | None  # the encounter the check is about; None: a horror of its own


def outcome(records: list[Recorded]) -> Document | None:
    record = records[-1]
    payload = record.payload
    if isinstance(payload, InitiativeRolled):
        return InitiativeDocument(
            record.seq,
            payload.character,
            payload.turn,
            payload.hf,
            payload.effective_hf,
            payload.action_penalty,
            payload.total,
            payload.can_act,
            payload.defense_penalty,
            payload.terms,
            payload.dice,
        )
    if isinstance(payload, HorrorChecked):
        return CheckDocument(
            record.seq,
            payload.character,
            payload.total,
            payload.result,
            payload.hardness_after,
            payload.brokenness_after,
            payload.terms,
            payload.hf,
            payload.hf_source,
            payload.dice,
            payload.specialization,
            payload.encounter,
        )
    return None
