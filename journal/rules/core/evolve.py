"""The core's fold: `evolve_core(state, event, meta)` folds one core event into the
campaign's state; `renamed_in` is how a ruleset's state follows a rename."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from journal.events.registry import Event
from journal.frozen import changed
from journal.rules.core.events import (
    CampaignCreated,
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    ClockAdvanced,
    ClockSet,
    DiceRolled,
    EventVoided,
    LanguageSet,
    NoteTaken,
    RollUnsealed,
    RulingSealed,
    SafetyToolSet,
    SecretNoted,
    SecretRevealed,
    SessionEnded,
    SessionStarted,
)
from journal.rules.core.knowledge import PLAYERS, noted, revealed
from journal.rules.core.state import CampaignState, Meta

#: the events `evolve_core` folds (a quick test on the hot path of a replay)
CORE_EVENTS = frozenset(
    {
        CampaignCreated,
        CharacterAdded,
        CharacterRenamed,
        CharacterRetired,
        SessionStarted,
        SessionEnded,
        ClockSet,
        ClockAdvanced,
        EventVoided,
        NoteTaken,
        SecretNoted,
        SecretRevealed,
        SafetyToolSet,
        DiceRolled,
        RollUnsealed,
        RulingSealed,
        LanguageSet,
    }
)


V = TypeVar("V")


def _idents(state: CampaignState, names: tuple[str, ...]) -> tuple[int, ...]:
    """The identities `names` denote at this event (each as it was called then)."""
    return tuple(state.ids[n] for n in names if n in state.ids)


def renamed_in(mapping: Mapping[str, V], old: str, new: str, fix: Callable[[V], V]) -> dict[str, V]:
    """`mapping` with the key `old` now `new` (its value fixed by `fix`), in the same order:
    how a ruleset's state follows a CharacterRenamed."""
    return {(new if k == old else k): (fix(v) if k == old else v) for k, v in mapping.items()}


def evolve_core(state: CampaignState, payload: Event, meta: Meta) -> CampaignState:
    if type(payload) not in CORE_EVENTS:
        return state
    match payload:
        case CampaignCreated():
            return changed(
                state,
                slug=payload.slug,
                ruleset=payload.ruleset,
                title=payload.title,
                options=dict(payload.options),
            )
        case CharacterAdded(name=name):
            return changed(
                state,
                characters=(*state.characters, name),
                ids={**state.ids, name: meta.seq},
                names={**state.names, meta.seq: ((name, meta.seq),)},
            )
        case CharacterRenamed(old=old, new=new) if old in state.ids:
            ident = state.ids[old]
            ids = {(new if n == old else n): i for n, i in state.ids.items()}
            return changed(
                state,
                characters=tuple(new if n == old else n for n in state.characters),
                retired={new if n == old else n: s for n, s in state.retired.items()},
                ids=ids,
                names={**state.names, ident: (*state.names[ident], (new, meta.seq))},
            )
        case CharacterRetired(name=name) if name in state.characters:
            return changed(state, retired={**state.retired, name: meta.seq})
        case SessionStarted(number=number, at=at):
            return changed(state, session=number, sessions=number, clock=at or state.clock)
        case SessionEnded():
            return changed(state, session=None)
        case ClockSet(game_time=game_time) | ClockAdvanced(game_time=game_time):
            return changed(state, clock=game_time)
        case EventVoided(seq=seq):
            return changed(state, voided=state.voided | {seq})
        case NoteTaken(gm_only=True):
            return noted(state, meta.seq, ())
        case SecretNoted(known_by=known_by):
            return noted(state, meta.seq, _idents(state, known_by))
        case SecretRevealed(seq=secret, players=players, to=to):
            knowers = (PLAYERS,) if players else _idents(state, to)
            return revealed(state, secret, meta.seq, knowers)
        case SafetyToolSet(kind=kind, text=text):
            return changed(state, safety={**state.safety, meta.seq: (kind, text)})
        case DiceRolled() | RollUnsealed() | RulingSealed():
            from journal.rules.core.rolls import sealed_after  # (a roll: not every fold)

            return sealed_after(state, payload, meta.seq)
        case LanguageSet(language=language):
            return changed(state, language=language)
    return state
