"""Who an event concerns, by name and by identity: the core events here, the others by
their ruleset (`Ruleset.concerns`)."""

from __future__ import annotations

from journal.events.registry import Event
from journal.rules.core.events import (
    CampaignCreated,
    ChainSealed,
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    ClockAdvanced,
    ClockSet,
    DiceRolled,
    EventVoided,
    LanguageSet,
    NoteTaken,
    NumbersAdjusted,
    RollUnsealed,
    RulingAmended,
    RulingSealed,
    SafetyToolSet,
    SceneCut,
    SecretNoted,
    SecretRevealed,
    SessionEnded,
    SessionStarted,
    VeiledNoteTaken,
)
from journal.rules.core.state import CampaignState, CharacterId
from journal.rules.ruleset import Ruleset

#: the core's events that concern nobody in particular
_NOBODY = (
    CampaignCreated,
    SessionStarted,
    SessionEnded,
    ClockSet,
    ClockAdvanced,
    EventVoided,
    ChainSealed,
    SafetyToolSet,
    SceneCut,
    DiceRolled,
    RollUnsealed,
    RulingSealed,
    LanguageSet,
)


def holder(name: str, before: CampaignState, after: CampaignState) -> CharacterId | None:
    """Who `name` denotes in an event folded from `before` to `after` (a character added
    by it is only in `after`; a rename's old name only in `before`)."""
    found = before.ids.get(name)
    return found if found is not None else after.ids.get(name)


def concerned(
    payload: Event, before: CampaignState, after: CampaignState, ruleset: Ruleset | None
) -> frozenset[CharacterId]:
    """The characters an event is about, by identity: each name it uses resolved at its seq;
    an amendment's at the seq of the ruling it amends (whoever held those names then,
    though a newcomer may hold one now)."""
    if isinstance(payload, RulingAmended):
        then = after.ids_at(payload.seq)
        names = concerns(payload, ruleset)
        return frozenset(then[name] for name in names if name in then)
    found = set()
    for name in concerns(payload, ruleset):
        ident = holder(name, before, after)
        if ident is not None:
            found.add(ident)
    return frozenset(found)


def concerns(payload: Event, ruleset: Ruleset | None) -> tuple[str, ...]:
    match payload:
        case CharacterAdded(name=name) | NumbersAdjusted(character=name):
            return (name,)
        case CharacterRenamed(old=old, new=new):
            return (old, new)
        case CharacterRetired(name=name):
            return (name,)
        case NoteTaken(about=about) | VeiledNoteTaken(about=about):
            return tuple(about)
        case SecretNoted(about=about, known_by=known_by):
            return tuple(dict.fromkeys((*about, *known_by)))
        case SecretRevealed(to=to):
            return tuple(to)
        case RulingAmended():
            try:
                return concerns(payload.amended(), ruleset)
            except (ValueError, TypeError):  # a voided one its rules cannot read: nobody
                return ()
    if isinstance(payload, _NOBODY) or ruleset is None:
        return ()
    return ruleset.concerns(payload)
