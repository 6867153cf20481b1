"""Dice: entered at the table or rolled by the journal; every face is recorded.

A decider asks a `DiceBox` for a roll by purpose (`"initiative"`, `"will"`, `"table"`,
`"stun"`...). The box answers with the GM's entered faces for that purpose when there are
some (checking their count and range), and otherwise rolls. What it handed out is recorded
in the event as `{purpose: {"faces": [...], "source": "entered|rolled|seeded"}}`, so an
audit can replay the very same faces through `DiceBox.replaying`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from journal.errors import RuleError
from journal.events import Dice, DiceRoll

ENTERED = "entered"
ROLLED = "rolled"
SEEDED = "seeded"
AUDIT = "audit"  # rolled by an audit for a roll the log never needed


@dataclass(frozen=True)
class Roll:
    purpose: str
    sides: int
    faces: tuple[int, ...]
    source: str

    @property
    def total(self) -> int:
        return sum(self.faces)


class DiceBox:
    """Hands out rolls by purpose and remembers every face it handed out."""

    def __init__(
        self,
        entered: Mapping[str, Sequence[int]] | None = None,
        rng: random.Random | None = None,
        *,
        source: str = ROLLED,
        entered_source: Mapping[str, str] | None = None,
        flag_names: Mapping[str, str] | None = None,
    ) -> None:
        self._entered = {k: tuple(v) for k, v in (entered or {}).items()}
        self._entered_source = dict(entered_source or {})
        self._rng = rng
        self._source = source
        self._flags = dict(flag_names or {})
        self._rolls: dict[str, Roll] = {}
        self._seed: str | None = None  # of the generator `replaying` makes when needed

    @classmethod
    def replaying(cls, recorded: Dice, fill: random.Random | str | None = None) -> DiceBox:
        """A box that gives back the faces an event recorded. A roll the event never needed
        is refused, or rolled from `fill` (an audit showing where a changed ruling leads): a
        generator, or the seed of one made only if such a roll comes."""
        box = cls(
            {purpose: roll.faces for purpose, roll in recorded.items()},
            fill if isinstance(fill, random.Random) else None,
            source=AUDIT,
            entered_source={purpose: roll.source for purpose, roll in recorded.items()},
        )
        box._seed = fill if isinstance(fill, str) else None
        return box

    def rolled_anew(self) -> list[Roll]:
        """Rolls this box made itself (not entered or recorded)."""
        return [r for p, r in self._rolls.items() if p not in self._entered]

    def roll(self, purpose: str, count: int, sides: int) -> Roll:
        if purpose in self._rolls:
            raise RuleError(f"internal: the {purpose} dice were asked for twice")
        if purpose in self._entered:
            faces = self._entered[purpose]
            flag = self._flags.get(purpose, f"the {purpose} dice")
            if len(faces) != count:
                raise RuleError(
                    f"{flag} needs {count} dice of 1-{sides}, got {len(faces)}: "
                    f"{','.join(map(str, faces))}"
                )
            bad = [f for f in faces if not 1 <= f <= sides]
            if bad:
                raise RuleError(
                    f"{flag}: a d{sides} shows 1 to {sides}, not {', '.join(map(str, bad))}; "
                    f"enter the {count} faces you rolled"
                )
            source = self._entered_source.get(purpose, ENTERED)
        elif self._rng is not None or self._seed is not None:
            if self._rng is None:
                self._rng = random.Random(self._seed)
            faces = tuple(self._rng.randint(1, sides) for _ in range(count))
            source = self._source
        else:
            raise RuleError(f"no {purpose} dice were recorded, so that roll cannot be replayed")
        result = Roll(purpose, sides, faces, source)
        self._rolls[purpose] = result
        return result

    def unused(self) -> list[str]:
        """Entered purposes nobody asked for (the GM typed dice the ruling did not need)."""
        return [p for p in self._entered if p not in self._rolls]

    def record(self) -> dict[str, DiceRoll]:
        """Every roll handed out, by purpose: what the event records as its `dice`."""
        return {purpose: DiceRoll(r.faces, r.source) for purpose, r in self._rolls.items()}


def system_box(
    entered: Mapping[str, Sequence[int]] | None,
    *,
    seed: str | None,
    salt: str,
    flag_names: Mapping[str, str] | None = None,
) -> DiceBox:
    """The box a command uses: entered faces first, then the system's random source, or a
    generator seeded by `JOURNAL_DICE_SEED` and the event's place (`salt`) when set."""
    if seed is not None:
        return DiceBox(
            entered, random.Random(f"{seed}:{salt}"), source=SEEDED, flag_names=flag_names
        )
    return DiceBox(entered, random.SystemRandom(), source=ROLLED, flag_names=flag_names)


_PAIR = re.compile(r"^\s*\+?\s*(\d+)\s*/\s*-?\s*(\d+)\s*$")


def parse_d10_pair(text: str) -> tuple[int, int]:
    """`+5/-6` (or `5/6`) as the faces of the positive and negative d10."""
    match = _PAIR.match(text)
    if not match:
        raise RuleError(f"dice {text!r} are not a d10 pair: write them as +5/-6")
    return int(match.group(1)), int(match.group(2))


def parse_faces(text: str) -> tuple[int, ...]:
    """`3,4,5` (or `3 4 5`) as a tuple of faces."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts or not all(p.isdigit() for p in parts):
        raise RuleError(f"dice {text!r} are not faces: write them as 3,4,5")
    return tuple(int(p) for p in parts)
