"""The core's commands, for scripts and the CLI: a campaign's characters, sessions, clock,
notes, fiat and voids (a ruleset's own commands come from its package); `Command`, the
class every command derives from. Run one with
`Journal.run(command)`.

    from journal.api.commands import TakeNote

    night.run(TakeNote("The lights go out.", gm_only=True))
"""

from __future__ import annotations

from journal.rules.command import Command
from journal.rules.core.commands import (
    AddCharacter,
    AdjustNumbers,
    AdvanceClock,
    CutScene,
    EndSession,
    RecordPost,
    RenameCharacter,
    RetireCharacter,
    RevealSecret,
    RollDice,
    SetClock,
    SetLanguage,
    SetSafetyTool,
    StartSession,
    TakeNote,
    UnsealRoll,
    VoidEvent,
)

__all__ = [
    "AddCharacter",
    "AdjustNumbers",
    "AdvanceClock",
    "Command",
    "CutScene",
    "EndSession",
    "RecordPost",
    "RenameCharacter",
    "RetireCharacter",
    "RevealSecret",
    "RollDice",
    "SetClock",
    "SetLanguage",
    "SetSafetyTool",
    "StartSession",
    "TakeNote",
    "UnsealRoll",
    "VoidEvent",
]
