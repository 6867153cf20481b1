"""`journal roll` and `journal unseal`: dice the GM rolls for what no rule decides, in the
open or behind the screen (sealed), and a sealed roll shown to the players later. What a
sealed roll holds is proved later against the head the players kept when it was rolled:
its faces are a salted part of its event like any other (`journal.events.disclosure`)."""

from __future__ import annotations

import re

from journal.dice import DiceBox
from journal.errors import RuleError
from journal.events.registry import Event
from journal.frozen import changed
from journal.rules.command import Command
from journal.rules.core.events import DiceRolled, RollUnsealed, RulingSealed
from journal.rules.core.state import CampaignState, SealedRoll

#: `3d6`, `d20`, `2d10+3`, `1d100-5`
NOTATION = re.compile(r"([0-9]{0,3})[dD]([0-9]{1,4})(?:\s{0,4}([+-])\s{0,4}([0-9]{1,4}))?")
#: the purpose a roll's faces are recorded under (`--dice` of `amend` names it)
PURPOSE = "roll"
MOST_DICE = 100
MOST_SIDES = 1000


def parse_notation(text: str) -> tuple[int, int, int]:
    """(count, sides, modifier) of `3d6`, `d20`, `2d10+3`; RuleError saying how to write it."""
    found = NOTATION.fullmatch(text.strip())
    if found is None:
        raise RuleError(f"{text.strip()!r} is not dice: write them as 3d6, d20 or 2d10+3")
    count = int(found[1] or 1)
    sides = int(found[2])
    modifier = int(found[4] or 0) * (-1 if found[3] == "-" else 1)
    if not 1 <= count <= MOST_DICE:
        raise RuleError(f"{text.strip()!r}: roll 1 to {MOST_DICE} dice at a time")
    if not 2 <= sides <= MOST_SIDES:
        raise RuleError(f"{text.strip()!r}: a die has 2 to {MOST_SIDES} sides")
    return count, sides, modifier


def notation(count: int, sides: int, modifier: int) -> str:
    """`3d6`, `2d10+3` (what the GM typed, spelled one way)."""
    return f"{count}d{sides}" + (f"{modifier:+d}" if modifier else "")


def roll(purpose: str, text: str, sealed: bool, dice: DiceBox | None) -> DiceRolled:
    """The roll of `text` (`3d6`) for `purpose`, from `dice` (entered or rolled)."""
    count, sides, modifier = parse_notation(text)
    purpose = " ".join(purpose.split())
    if sealed and not purpose:
        raise RuleError(
            "a sealed roll says what it is for, so the players know which one it was: "
            'add --for "..."'
        )
    if dice is None:
        raise RuleError("internal: a roll needs its dice box")
    rolled = dice.roll(PURPOSE, count, sides)
    return DiceRolled(
        notation(count, sides, modifier),
        count,
        sides,
        modifier,
        purpose,
        sealed,
        dice.rolled(),
        rolled.total + modifier,
    )


def sealed_ruling(
    seq: int, command: Command, payloads: list[Event], sealable: tuple[type[Command], ...]
) -> list[Event]:
    """`payloads` of `command` decided after event `seq`, with a `RulingSealed` for each
    that rolled dice: what `--sealed` on a ruling records; RuleError when the ruleset does
    not let it be sealed, or it rolled no dice."""
    if type(command) not in sealable:
        raise RuleError(
            "this ruling cannot be rolled behind the screen (`--sealed`) in this ruleset; "
            'roll it openly, or use `journal roll DICE --sealed --for "..."`'
        )
    rolled = [i for i, p in enumerate(payloads) if getattr(p, "dice", None)]
    if not rolled:
        raise RuleError("this ruling rolled no dice: there is nothing to seal")
    return [*payloads, *(RulingSealed(seq + i + 1) for i in rolled)]


def unseal(state: CampaignState, seq: int) -> RollUnsealed:
    """The sealed roll at `seq` disclosed, as the fold has it (amended, when it was)."""
    found = state.sealed.get(seq)
    if found is not None and seq in state.voided:
        raise RuleError(f"the roll #{seq} was voided: there is nothing to unseal")
    if found is None:
        sealed = [s for s, r in state.sealed.items() if unsealed_by(r) is None]
        known = ", ".join(f"#{s}" for s in sealed) or "none"
        raise RuleError(
            f"event {seq} is not a roll made behind the screen (`journal roll --sealed`) of "
            f"campaign {state.slug!r}: nothing to unseal (its sealed rolls: {known})"
        )
    notation, purpose, faces, total, unsealed = found
    if unsealed is not None:
        raise RuleError(f"the roll #{seq} was unsealed already, by #{unsealed}")
    return RollUnsealed(seq, notation, purpose, faces, total)


def unsealed_by(roll: SealedRoll | None) -> int | None:
    """The seq of the event that unsealed a sealed roll (None: still sealed, or none)."""
    return None if roll is None else roll[4]


def sealed_after(
    state: CampaignState, payload: DiceRolled | RulingSealed | RollUnsealed, seq: int
) -> CampaignState:
    """The state after a sealed roll or ruling (kept) or an unseal (marked unsealed). A
    ruling is kept with no notation, purpose or faces: its own event holds them."""
    if isinstance(payload, RulingSealed):
        ruling: SealedRoll = ("", "", (), 0, None)
        return changed(state, sealed={**state.sealed, payload.seq: ruling})
    if isinstance(payload, DiceRolled):
        if not payload.sealed:
            return state
        faces = next(iter(payload.dice.values())).faces if payload.dice else ()
        kept: SealedRoll = (payload.notation, payload.purpose, tuple(faces), payload.total, None)
        return changed(state, sealed={**state.sealed, seq: kept})
    found = state.sealed.get(payload.seq)
    if found is None:
        return state
    opened: SealedRoll = (*found[:4], seq)
    return changed(state, sealed={**state.sealed, payload.seq: opened})
