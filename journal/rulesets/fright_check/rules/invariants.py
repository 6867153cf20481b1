"""What every Fright Check state holds (the audit checks each one): HP and FP at most
their maxima (they may fall below zero: GURPS has negative HP and FP), self-control numbers
on the text's scale, losses never negative, and a lasting condition only from a failed
check of that character."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from journal.plugin.rules import CampaignState, Invariant
from journal.rulesets.fright_check.rules.state import Character, FrightState
from journal.rulesets.fright_check.rules.traits import SELF_CONTROL


def _characters(state: CampaignState) -> Iterable[Character]:
    return state.rules.characters.values() if isinstance(state.rules, FrightState) else ()


def _sheets(state: CampaignState) -> object:
    """What every invariant here reads (unchanged by an event: not checked again)."""
    return state.rules.characters if isinstance(state.rules, FrightState) else None


def _health(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        if who.hp > who.hp_max:
            yield f"{who.name} has {who.hp} HP, above the maximum {who.hp_max}"
        if who.fp > who.fp_max:
            yield f"{who.name} has {who.fp} FP, above the maximum {who.fp_max}"


def _self_control(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        for item in who.disadvantages:
            if item.self_control is not None and item.self_control not in SELF_CONTROL:
                yield f"{who.name}'s {item.name} has self-control {item.self_control}"


def _losses(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        if who.ht_lost < 0 or who.iq_lost < 0:
            yield f"{who.name} lost HT {who.ht_lost} and IQ {who.iq_lost}: a loss is never a gain"


def _conditions(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        failed = {c.seq for c in who.history if c.made and c.success is False}
        for condition in who.ongoing:
            if condition.seq not in failed:
                yield (
                    f"{who.name}'s {condition.kind} comes from #{condition.seq}, not a failed "
                    "Fright Check of theirs"
                )


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("HP and FP at most their maxima", _health, _sheets),
    Invariant("self-control numbers 6, 9, 12 or 15", _self_control, _sheets),
    Invariant("HT and IQ losses are never gains", _losses, _sheets),
    Invariant("a lasting condition comes from a failed Fright Check", _conditions, _sheets),
)
