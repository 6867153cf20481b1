"""Invariants: what every state of a campaign must hold, whatever the log.

Each ruling follows from its dice and the rules when the audit decides it again; an
invariant is the other half of "the record holds": a state the fold reaches (after a void,
an import, GM fiat) that no table could have reached is found, with the event that led to
it. The core declares its own (sessions, voids, characters); each ruleset declares those of
its numbers and turns (`Ruleset.invariants`). A check yields one sentence per breach, in the
GM's words, and nothing for a legal state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from typing import TYPE_CHECKING

from msgspec import Struct

from journal.documents import JSONDict

if TYPE_CHECKING:
    from journal.rules.core.state import CampaignState


def _whole(state: CampaignState) -> object:
    return state


class Invariant(Struct, frozen=True):
    """A property every state holds: its name (`who froze has not dropped an enemy that
    turn`) and its check (`state -> a sentence per breach`). `part` gives the part of the
    state the check reads (the characters, the running fight): the folds share what an
    event left unchanged, so while that part is the very same object the check is not run
    again (the audit checks every state of a long campaign)."""

    name: str
    check: Callable[[CampaignState], Iterable[str]]
    part: Callable[[CampaignState], object] = _whole


class Breach(Struct, frozen=True):
    """A state that breaks an invariant: the event after which it first held, and how."""

    seq: int
    invariant: str
    what: str

    def document(self) -> JSONDict:
        return {"seq": self.seq, "invariant": self.invariant, "what": self.what}


def breaches(state: CampaignState, invariants: Iterable[Invariant]) -> set[tuple[str, str]]:
    """Every (invariant, sentence) `state` breaks."""
    return {(rule.name, what) for rule in invariants for what in rule.check(state)}


_UNSEEN = object()


class Watch:
    """Checks state after state, reporting each breach once: at the event it appeared."""

    def __init__(self, invariants: Iterable[Invariant]) -> None:
        self.invariants = tuple(invariants)
        self.found: list[Breach] = []
        #: the invariants by the part of the state they read
        groups: dict[Callable[[CampaignState], object], list[Invariant]] = {}
        for rule in self.invariants:
            groups.setdefault(rule.part, []).append(rule)
        self._parts = tuple(groups)
        self._rules = tuple(tuple(rules) for rules in groups.values())
        #: each part as last seen (by the index of its group)
        self._seen: list[object] = [_UNSEEN] * len(self._parts)
        self._broken: dict[str, tuple[str, ...]] = {}

    def see(self, seq: int, state: CampaignState) -> None:
        seen = self._seen
        for index, part in enumerate(self._parts):
            now = part(state)
            if now is seen[index]:
                continue  # what the checks read is unchanged: so is what they find
            seen[index] = now
            for rule in self._rules[index]:
                found = tuple(rule.check(state))
                before = self._broken.get(rule.name, ())
                if found == before:
                    continue
                for what in sorted(set(found) - set(before)):
                    self.found.append(Breach(seq, rule.name, what))
                self._broken[rule.name] = found


# --- the core's own ---------------------------------------------------------------------


# the parts of the state the core's invariants read (C-level getters: the audit reads
# them at every state)
_voided: Callable[[CampaignState], object] = attrgetter("voided")
_session: Callable[[CampaignState], object] = attrgetter("session")
_retired: Callable[[CampaignState], object] = attrgetter("retired")


def _voids_look_back(state: CampaignState) -> Iterator[str]:
    later = sorted(seq for seq in state.voided if seq >= state.seq)
    if later:
        yield f"event {later[0]} is voided before it was recorded"


def _one_open_session(state: CampaignState) -> Iterator[str]:
    if state.session is not None and state.session != state.sessions:
        yield f"session {state.session} is open while session {state.sessions} has started"


def _retired_are_characters(state: CampaignState) -> Iterator[str]:
    for name in state.retired:
        if name not in state.characters:
            yield f"{name} retired without being a character"


CORE_INVARIANTS: tuple[Invariant, ...] = (
    Invariant("a void takes back an earlier event", _voids_look_back, _voided),
    Invariant("one session is open at a time, the last started", _one_open_session, _session),
    Invariant("who retired is a character", _retired_are_characters, _retired),
)
