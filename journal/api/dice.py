"""Dice as the API takes them: the faces a GM enters (`+5/-6`, `3,4,5`), and the request a
ruling makes for a roll nobody entered (`Journal.run(..., ask=...)` answers it)."""

from __future__ import annotations

from journal.dice import (
    AskDice,
    DiceRequest,
    Stake,
    keeping,
    parse_d10_pair,
    parse_faces,
    read_faces,
)

__all__ = [
    "AskDice",
    "DiceRequest",
    "Stake",
    "keeping",
    "parse_d10_pair",
    "parse_faces",
    "read_faces",
]
