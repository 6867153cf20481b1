"""The words of `journal roll` and `journal unseal`: the GM's log line, and what the players
read of a roll (of a sealed one, that it was rolled and for what; its faces once
unsealed)."""

from __future__ import annotations

from journal.rules.core.events import (
    DiceRolled,
    EventVoided,
    RollUnsealed,
    RulingAmended,
    RulingSealed,
)


def faces_text(faces: tuple[int, ...] | list[int], total: int, modifier: int = 0) -> str:
    """`4, 2, 6 = 12`, `5 + 3 = 8` (a modifier added), `14` (one die)."""
    if len(faces) == 1 and not modifier:
        return str(total)
    shown = ", ".join(map(str, faces))
    if modifier:
        shown = f"{shown} {'+' if modifier > 0 else '-'} {abs(modifier)}"
    return f"{shown} = {total}"


def _faces(payload: DiceRolled) -> tuple[int, ...]:
    return tuple(next(iter(payload.dice.values())).faces) if payload.dice else ()


def rolled_line(payload: DiceRolled) -> str:
    """The GM's line: everything, the faces of a sealed roll too."""
    what = f" for {payload.purpose}" if payload.purpose else ""
    where = " behind the screen" if payload.sealed else ""
    sealed = " (sealed)" if payload.sealed else ""
    faces = faces_text(_faces(payload), payload.total, payload.modifier)
    return f"The GM rolls {payload.notation}{where}{what}: {faces}{sealed}"


def unsealed_line(payload: RollUnsealed) -> str:
    if not payload.notation:  # a ruling's dice: its own event holds them
        return f"Unseals the dice of #{payload.seq}, rolled behind the screen"
    what = f" for {payload.purpose}" if payload.purpose else ""
    return (
        f"Unseals #{payload.seq} ({payload.notation}{what}): "
        f"{faces_text(payload.faces, payload.total)}"
    )


def ruling_sealed_line(payload: RulingSealed) -> str:
    return f"The dice of #{payload.seq} were rolled behind the screen (sealed)"


def roll_sentence(payload: object, seq_of: int | None, gm: bool) -> str | None:
    """What a handout tells of a roll, its unsealing, or a correction of a roll (None for
    any other event); `seq_of`: the roll's own seq (how the players name a sealed one)."""
    if isinstance(payload, DiceRolled):
        what = f" for {payload.purpose}" if payload.purpose else ""
        if payload.sealed and not gm:
            return f"The GM rolled {payload.notation} behind the screen{what} (sealed #{seq_of})"
        if payload.sealed:
            return rolled_line(payload) + f" #{seq_of}"
        faces = faces_text(_faces(payload), payload.total, payload.modifier)
        return f"The GM rolled {payload.notation}{what}: {faces}"
    if isinstance(payload, RulingSealed):
        return f"Its dice were rolled behind the screen (sealed #{payload.seq})"
    if isinstance(payload, RollUnsealed) and not payload.notation:
        return f"The GM unseals the dice of #{payload.seq}, rolled behind the screen"
    if isinstance(payload, RollUnsealed):
        what = f" for {payload.purpose}" if payload.purpose else ""
        return (
            f"The GM unseals the roll #{payload.seq} ({payload.notation}{what}): "
            f"{faces_text(payload.faces, payload.total)}"
        )
    if isinstance(payload, EventVoided) and payload.voided_type == "DiceRolled":
        why = f": {payload.reason}" if gm and payload.reason else ""
        return f"The GM voids the roll #{payload.seq}{why}"
    if isinstance(payload, RulingAmended) and payload.ruling == "DiceRolled":
        why = f": {payload.reason}" if gm and payload.reason else ""
        return f"The GM amends the roll #{payload.seq}{why}"
    return None
