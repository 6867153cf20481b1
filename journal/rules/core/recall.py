"""The core's recall: the command behind a core event that can be decided again (for the
audit and the re-rule), as the rulesets' recallers do for theirs."""

from __future__ import annotations

from journal.events.registry import Event
from journal.rules.command import Command
from journal.rules.core.commands import (
    AddCharacter,
    AdvanceClock,
    CutScene,
    EndSession,
    RenameCharacter,
    RetireCharacter,
    RevealSecret,
    RollDice,
    SetClock,
    SetSafetyTool,
    StartSession,
    TakeNote,
    UnsealRoll,
)
from journal.rules.core.events import (
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    ClockAdvanced,
    ClockSet,
    DiceRolled,
    NoteTaken,
    RollUnsealed,
    SafetyToolSet,
    SceneCut,
    SecretNoted,
    SecretRevealed,
    SessionEnded,
    SessionStarted,
    VeiledNoteTaken,
)

#: the core's events that record a ruling the audit and the re-rule decide again
CORE_RULINGS = frozenset(
    {
        CharacterAdded,
        CharacterRenamed,
        CharacterRetired,
        SessionStarted,
        SessionEnded,
        ClockSet,
        ClockAdvanced,
        NoteTaken,
        SecretNoted,
        SecretRevealed,
        VeiledNoteTaken,
        SafetyToolSet,
        SceneCut,
        DiceRolled,
        RollUnsealed,
    }
)


def core_command_for(payload: Event) -> Command | None:
    """The core command behind an event that can be decided again (the clock, sessions,
    sheets, notes about characters), for the audit and the re-rule; None for the others."""
    if type(payload) not in CORE_RULINGS:
        return None
    match payload:
        case CharacterAdded(name=name, sheet=sheet):
            return AddCharacter(name, sheet, recorded=True)
        case SessionStarted(title=title, at=at):
            return StartSession(title, at)
        case SessionEnded():
            return EndSession()
        case NoteTaken(text=text, gm_only=gm_only, about=about):
            return TakeNote(text, gm_only, tuple(about))
        case SecretNoted(text=text, known_by=known_by, about=about):
            return TakeNote(text, False, tuple(about), tuple(known_by))
        case VeiledNoteTaken(text=text, veil=veil, about=about):
            return TakeNote(text, False, tuple(about), veil=veil)
        case SecretRevealed(seq=seq, players=players, to=to, reason=reason):
            return RevealSecret(seq, ("players",) if players else tuple(to), reason)
        case SafetyToolSet(kind=kind, text=text):
            return SetSafetyTool(kind, text)
        case SceneCut(reason=reason):
            return CutScene(reason)
        case DiceRolled(notation=notation, purpose=purpose, sealed=sealed):
            return RollDice(notation, purpose, sealed)
        case RollUnsealed(seq=seq):
            return UnsealRoll(seq)
        case ClockSet(game_time=game_time, previous=previous):
            return SetClock(game_time, previous is not None and game_time < previous)
        case ClockAdvanced(amount=amount):
            return AdvanceClock(amount)
        case CharacterRenamed(old=old, new=new):
            return RenameCharacter(old, new, recorded=True)
        case CharacterRetired(name=name, reason=reason):
            return RetireCharacter(name, reason)
    return None  # a GM's adjustment is fiat: nothing to decide again
