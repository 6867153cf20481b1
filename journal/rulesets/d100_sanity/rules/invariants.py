"""What every d100 sanity state holds (the audit checks each one): SAN within 0 and its
maximum, Mythos within 0 and 99, at most three boxes of a kind and never one for the
unnatural, adaptation only to violence and helplessness, bond scores never below 0, and a
breaking point below SAN."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from journal.plugin.rules import CampaignState, Invariant
from journal.rulesets.d100_sanity.rules.state import (
    ADAPTING,
    BOXES,
    SAN_CEILING,
    Investigator,
    SanityState,
)


def _characters(state: CampaignState) -> Iterable[Investigator]:
    return state.rules.characters.values() if isinstance(state.rules, SanityState) else ()


def _sheets(state: CampaignState) -> object:
    """What every invariant here reads (unchanged by an event: not checked again)."""
    return state.rules.characters if isinstance(state.rules, SanityState) else None


def _san(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        if not 0 <= who.mythos <= SAN_CEILING:
            yield f"{who.name}'s Mythos is {who.mythos}, outside 0 to {SAN_CEILING}"
        if not 0 <= who.san <= who.san_max:
            yield f"{who.name}'s SAN is {who.san}, outside 0 to the maximum {who.san_max}"


def _adaptation(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        for kind, checked in who.boxes.items():
            if kind not in ADAPTING:
                yield (
                    f"{who.name} has {checked} box(es) of {kind}: only violence and "
                    "helplessness adapt"
                )
            elif not 0 <= checked <= BOXES:
                yield f"{who.name} has {checked} boxes of {kind}, outside 0 to {BOXES}"
        for kind in who.adapted:
            if kind not in ADAPTING:
                yield f"{who.name} is adapted to {kind}: only violence and helplessness adapt"
            elif who.boxes.get(kind, 0) != BOXES:
                yield f"{who.name} is adapted to {kind} without its {BOXES} boxes checked"


def _bonds(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        for bond in who.bonds:
            if bond.score < 0:
                yield f"{who.name}'s bond {bond.name} scores {bond.score}, below 0"


def _breaking_point(state: CampaignState) -> Iterator[str]:
    for who in _characters(state):
        if who.breaking_point is not None and who.san > 0 and who.breaking_point >= who.san:
            yield (
                f"{who.name}'s SAN {who.san} is at or below the breaking point "
                f"{who.breaking_point}, which should have fallen"
            )


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("SAN within 0 and its maximum (99 less Mythos)", _san, _sheets),
    Invariant(
        "three boxes at most, adaptation to violence and helplessness only", _adaptation, _sheets
    ),
    Invariant("bond scores never below 0", _bonds, _sheets),
    Invariant("a breaking point below SAN", _breaking_point, _sheets),
)
