"""The running encounter's HF track: one participant's HF moved (`TrackChange`, what a turn,
a shift and a first enemy dropped record), and how the folds apply it.

A fold applies a recorded change as its difference to the HF as it stands, never below 0;
an event that no longer fits (its encounter voided away, a participant not there) changes
nothing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from msgspec import Struct
from msgspec.structs import replace

from journal.plugin.rules import Term, Terms
from journal.rulesets.horror_factor.rules.state import HFState, Participant, RunningEncounter


class TrackChange(Struct, frozen=True):
    """One participant's HF moved: from, to, why, and the terms that show it."""

    character: str
    before: int
    after: int
    reason: str
    terms: Terms


def track_change(p: Participant, parts: Sequence[Term], reason: str) -> TrackChange:
    """One participant's HF moved by `parts`, never below 0, with the terms that show it."""
    raw = p.hf + sum(value for _, value in parts)
    after = max(0, raw)
    terms: list[Term] = [("HF", p.hf), *parts]
    if after != raw:
        terms.append(("not below 0", after - raw))
    return TrackChange(p.name, p.hf, after, reason, tuple(terms))


def moved(
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


def tracked(rules: HFState, changes: Iterable[TrackChange], *, drop: bool) -> HFState:
    """The running encounter with the changes applied (and one more enemy dropped)."""
    encounter = rules.encounter
    if encounter is None:
        return rules
    participants = moved(encounter, changes)
    drops = encounter.drops + 1 if drop else encounter.drops
    return replace(rules, encounter=replace(encounter, participants=participants, drops=drops))


def current(rules: HFState, name: str, turn: int) -> tuple[RunningEncounter, Participant] | None:
    """The running encounter and `name` in it, when it is still turn `turn`."""
    encounter = rules.encounter
    if encounter is None or encounter.turn != turn or name not in encounter.participants:
        return None
    return encounter, encounter.participants[name]


def with_participant(rules: HFState, encounter: RunningEncounter, p: Participant) -> HFState:
    """`encounter`, with `p` as it now stands, the running one."""
    participants = {**encounter.participants, p.name: p}
    return replace(rules, encounter=replace(encounter, participants=participants))
