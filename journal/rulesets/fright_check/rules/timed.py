"""Timed conditions: a row's condition with a duration and no recovery roll (a faint
"lasting for 4d minutes", row 20; a seizure "lasting 1d minutes", row 31). It holds from
the check until its rolled minutes or hours have passed on the campaign clock, then ends
by itself (RULES.md Part 2).

Nothing is stored for them: each is read from the check's recorded effects (its duration,
dice and faces, as a changed row left them), the clock and session the check was stamped
with, and the clock and session now. A check made with no clock holds its condition
until a clock is set or its session ends (outside any session: until the next starts).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from journal.plugin.rules import RuleError, advance
from journal.rulesets.fright_check.rules.state import Character, CheckRecord

#: the units a timed condition may last, as the clock counts them
UNITS = {"minutes": "min", "hours": "h"}


class Timed(msgspec.Struct, frozen=True):
    """One timed condition: `value` `unit` (its `dice` and `faces`, or None when fixed),
    from `starts` (the check's clock) to `ends`; both None with no clock at the check."""

    seq: int  # the Fright Check it came from
    kind: str  # faint | seizure
    value: int
    unit: str  # minutes | hours
    dice: str | None
    faces: tuple[int, ...]
    starts: str | None
    ends: str | None
    session: int | None
    note: str = ""

    def holds(self, clock: str | None, session: int | None) -> bool:
        """Whether it still holds at game time `clock` in `session`."""
        if self.starts is None:
            return clock is None and session == self.session
        if clock is None or clock < self.starts:
            return False
        return self.ends is None or clock < self.ends

    @property
    def terms(self) -> str:
        """`4d minutes = 14 (3+4+5+2)`, or `1 minutes` when the row fixes it."""
        if self.dice is None:
            return f"{self.value} {self.unit}"
        faces = "+".join(str(f) for f in self.faces)
        return f"{self.dice} {self.unit} = {self.value} ({faces})"


def _timed(record: CheckRecord, effect: Mapping[str, object]) -> Timed | None:
    duration = effect.get("duration")
    # a condition's effect has a `recovery` (None: it ends by itself); a skill penalty none
    if "recovery" not in effect or effect["recovery"] is not None:
        return None
    if not isinstance(duration, Mapping):
        return None
    value, unit = duration.get("value"), duration.get("unit")
    if not isinstance(value, int) or value <= 0 or not isinstance(unit, str):
        return None
    if unit not in UNITS:
        return None
    ends = None
    if record.game_time is not None:
        try:
            ends = advance(record.game_time, f"{value}{UNITS[unit]}")
        except RuleError:  # past the last date the clock can hold: it holds for good
            ends = None
    dice, faces = duration.get("dice"), duration.get("faces")
    faces = faces if isinstance(faces, list | tuple) else ()
    note = effect.get("note")
    return Timed(
        seq=record.seq,
        kind=str(effect.get("kind")),
        value=value,
        unit=unit,
        dice=dice if isinstance(dice, str) else None,
        faces=tuple(f for f in faces if isinstance(f, int)),
        starts=record.game_time,
        ends=ends,
        session=record.session,
        note=note if isinstance(note, str) else "",
    )


def timed_conditions(character: Character) -> tuple[Timed, ...]:
    """Every timed condition the character's recorded checks gave, in the order of the
    checks."""
    found: list[Timed] = []
    for record in character.history:
        if not record.made or record.success is not False:
            continue
        for effect in record.effects:
            timed = _timed(record, effect)
            if timed is not None:
                found.append(timed)
    return tuple(found)


def timed_now(character: Character, clock: str | None, session: int | None) -> tuple[Timed, ...]:
    """The timed conditions that hold at `clock` in `session` (a rest ended some early)."""
    over = set(character.timed_over)
    return tuple(
        t
        for t in timed_conditions(character)
        if t.holds(clock, session) and (t.seq, t.kind) not in over
    )
