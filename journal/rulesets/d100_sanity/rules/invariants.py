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


#: each sheet's breaches, by the sheet itself: a fold shares every sheet an event left
#: unchanged, so a long campaign's audit checks each sheet once, not at every state
_CHECKED: dict[int, tuple[Investigator, tuple[str, ...]]] = {}
_MOST_KEPT = 4096


def _breaches(who: Investigator) -> tuple[str, ...]:
    kept = _CHECKED.get(id(who))
    if kept is not None and kept[0] is who:
        return kept[1]
    found = (*_san(who), *_adaptation(who), *_bonds(who), *_breaking_point(who))
    if len(_CHECKED) >= _MOST_KEPT:
        _CHECKED.clear()
    _CHECKED[id(who)] = (who, found)
    return found


def _sheet(state: CampaignState) -> Iterator[str]:
    checked = _CHECKED
    for who in _characters(state):
        kept = checked.get(id(who))
        found = kept[1] if kept is not None and kept[0] is who else _breaches(who)
        if found:
            yield from found


def _san(who: Investigator) -> Iterator[str]:
    if not 0 <= who.mythos <= SAN_CEILING:
        yield f"{who.name}'s Mythos is {who.mythos}, outside 0 to {SAN_CEILING}"
    most = SAN_CEILING - who.mythos
    if not 0 <= who.san <= max(0, most):
        yield f"{who.name}'s SAN is {who.san}, outside 0 to the maximum {max(0, most)}"


def _adaptation(who: Investigator) -> Iterator[str]:
    for kind, checked in who.boxes.items():
        if kind not in ADAPTING:
            yield (
                f"{who.name} has {checked} box(es) of {kind}: only violence and helplessness adapt"
            )
        elif not 0 <= checked <= BOXES:
            yield f"{who.name} has {checked} boxes of {kind}, outside 0 to {BOXES}"
    for kind in who.adapted:
        if kind not in ADAPTING:
            yield f"{who.name} is adapted to {kind}: only violence and helplessness adapt"
        elif who.boxes.get(kind, 0) != BOXES:
            yield f"{who.name} is adapted to {kind} without its {BOXES} boxes checked"


def _bonds(who: Investigator) -> Iterator[str]:
    for bond in who.bonds:
        if bond.score < 0:
            yield f"{who.name}'s bond {bond.name} scores {bond.score}, below 0"


def _breaking_point(who: Investigator) -> Iterator[str]:
    point = who.breaking_point
    if point is not None and who.san > 0 and point >= who.san:
        yield (
            f"{who.name}'s SAN {who.san} is at or below the breaking point {point}, "
            "which should have fallen"
        )


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "a sheet within the rules: SAN within 0 and its maximum (99 less Mythos), three boxes "
        "at most and adaptation to violence and helplessness only, bonds never below 0, a "
        "breaking point below SAN",
        _sheet,
        _sheets,
    ),
)
