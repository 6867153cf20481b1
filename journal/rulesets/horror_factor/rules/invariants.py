"""What every Horror Factor state holds (the audit checks each one): the text's bounds of
Hardness, brokenness and Willpower, the training's cap (past it only by an award or the
GM's adjustment), and a turn's order (who froze did not drop an enemy that turn)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from journal.plugin.rules import CampaignState, Invariant
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.state import Character, HFState, RunningEncounter


def _characters(state: CampaignState) -> Iterable[Character]:
    return state.rules.characters.values() if isinstance(state.rules, HFState) else ()


def _fight(state: CampaignState) -> RunningEncounter | None:
    return state.rules.encounter if isinstance(state.rules, HFState) else None


def _sheets(state: CampaignState) -> object:
    """What the characters' invariants read (unchanged by an event: not checked again)."""
    return state.rules.characters if isinstance(state.rules, HFState) else None


# the fight's checks run at almost every state the audit sees (an initiative changes the
# fight): lists, not generators, and nothing made for a legal fight


def _froze_and_dropped(state: CampaignState) -> list[str]:
    fight = _fight(state)
    if fight is None:
        return []
    return [
        f"{p.name} froze in turn {fight.turn} (initiative {p.initiative}) "
        f"and dropped an enemy in it (#{p.dropped})"
        for p in fight.participants.values()
        if p.can_act is False and p.dropped is not None
    ]


def _within_cap(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        if who.awarded is not None:
            continue
        levels = {"Hardness": who.hardness}
        levels.update({f"Hardness ({c})": v for c, v in who.specializations.items()})
        for label, level in levels.items():
            if level > who.cap:
                yield (
                    f"{who.name}'s {label} is {level}, past the cap of {who.cap} for training "
                    f"{who.training}, and no award took it there"
                )


def _bounds(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        for label, level in [("Hardness", who.hardness), *who.specializations.items()]:
            if not 0 <= level <= catalog.HARDNESS_MAX:
                yield f"{who.name}'s {label} is {level}, outside 0 to {catalog.HARDNESS_MAX}"
        if not 0 <= who.brokenness <= catalog.BROKENNESS_MAX:
            yield (
                f"{who.name}'s brokenness is {who.brokenness}, outside 0 to "
                f"{catalog.BROKENNESS_MAX}"
            )
        if not 0 <= who.willpower <= who.willpower_max:
            yield f"{who.name}'s Willpower is {who.willpower}, outside 0 to {who.willpower_max}"


def _track(state: CampaignState) -> list[str]:
    fight = _fight(state)
    if fight is None:
        return []
    found = []
    most = catalog.SOAK_PER_TURN
    for p in fight.participants.values():
        if p.hf < 0:
            found.append(f"{p.name}'s HF is {p.hf}, below 0")
        if not 0 <= p.soak <= most:
            found.append(f"{p.name} soaked {p.soak} this turn, outside 0 to {most}")
    return found


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("who froze has not dropped an enemy that turn", _froze_and_dropped, _fight),
    Invariant("Hardness within the training's cap unless awarded", _within_cap, _sheets),
    Invariant("Hardness 0-7, brokenness 0-6, Willpower 0 to its maximum", _bounds, _sheets),
    Invariant("HF at least 0, a soak at most 3 a turn", _track, _fight),
)
