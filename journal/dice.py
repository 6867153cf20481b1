"""Dice: entered at the table or rolled by the journal; every face is recorded.

A decider asks a `DiceBox` for a roll by purpose (`"initiative"`, `"will"`, `"table"`,
`"stun"`...). The box answers with the GM's entered faces for that purpose when there are
some (checking their count and range); otherwise it may *ask* (the GM at a terminal,
rolling physical dice as the ruling needs them: a roll that only a failure calls for is
asked for only after the failure), and otherwise it rolls. What it handed out is recorded
in the event as `{purpose: {"faces": [...], "source": "entered|rolled|seeded"}}` (faces
given when asked are "entered", like `--dice`), so an audit can replay the very same faces
through `DiceBox.replaying`. Entered dice the ruling did not need are recorded too, as
"unused": an amendment that turns the ruling into one that needs them uses them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence

from msgspec import Struct

from journal.errors import RuleError
from journal.events.registry import Dice, DiceRoll

ENTERED = "entered"
ROLLED = "rolled"
SEEDED = "seeded"
AUDIT = "audit"  # rolled by an audit for a roll the log never needed
#: entered by the GM, not needed by the ruling (a success's table dice, an Unfazeable
#: character's): kept in the event, so a correction that comes to need them finds them
UNUSED = "unused"


class FacesRefused(RuleError):
    """Faces that are not the dice a roll needs (too many, too few, off the die)."""


class Roll(Struct, frozen=True):
    purpose: str
    sides: int
    faces: tuple[int, ...]
    source: str

    @property
    def total(self) -> int:
        return sum(self.faces)


class Stake(Struct, frozen=True):
    """What rides on a roll, for the GM who is asked for it: the number it must come in
    at or under (`target`), what is added to its total (`bonus`: a margin carried over to
    the next roll), and what it is about (`about`: the condition a recovery ends)."""

    target: int | None = None
    #: the least the dice must come to (a d10 pair's difference: `+d10 -d10`)
    at_least: int | None = None
    bonus: int | None = None
    about: str | None = None

    def words(self) -> str:
        """`, needs 8 or less` / `, needs +3 or more`: what the roll must beat, in words."""
        if self.target is not None:
            return f", needs {self.target} or less"
        if self.at_least is not None:
            return f", needs {self.at_least:+d} or more"
        return ""


class DiceRequest(Struct, frozen=True):
    """A roll the ruling needs and the GM did not enter: what to ask for."""

    purpose: str
    count: int
    sides: int
    #: the ruleset's words for it, e.g. "Eli's check: 3d6, needs 8 or less"
    label: str
    stake: Stake | None = None


#: what a box asks: (purpose, count, sides, stake) -> the faces, or None to roll them
Ask = Callable[[str, int, int, Stake | None], Sequence[int] | None]
#: what a caller of the API answers (the CLI asks the GM at a terminal)
AskDice = Callable[[DiceRequest], Sequence[int] | None]


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
        ask: Ask | None = None,
    ) -> None:
        self._entered = {k: tuple(v) for k, v in entered.items()} if entered else {}
        self._ask = ask
        self._entered_source = dict(entered_source) if entered_source else {}
        self._rng = rng
        self._source = source
        self._flags = dict(flag_names) if flag_names else {}
        self._rolls: dict[str, Roll] = {}
        self._answered: set[str] = set()
        self._seed: str | None = None  # of the generator `replaying` makes when needed

    @classmethod
    def replaying(
        cls,
        recorded: Dice,
        fill: random.Random | str | None = None,
        fill_source: str = AUDIT,
        ask: Ask | None = None,
    ) -> DiceBox:
        """A box that gives back the faces an event recorded. A roll the event never needed
        is refused, or asked for (`ask`), or rolled from `fill` (a generator, or the seed of
        one made only if such a roll comes) and recorded with `fill_source` (an audit
        showing where a changed ruling leads; a re-rule getting the dice a ruling now
        needs)."""
        # the audit makes a box per ruling: its fields set here once, not through __init__
        box = cls.__new__(cls)
        box._entered, box._entered_source = {}, {}
        for purpose, roll in recorded.items():
            box._entered[purpose] = tuple(roll.faces)
            box._entered_source[purpose] = roll.source
        box._ask = ask
        box._rng = fill if isinstance(fill, random.Random) else None
        box._source = fill_source
        box._flags = {}
        box._rolls = {}
        box._answered = set()
        box._seed = fill if isinstance(fill, str) else None
        return box

    def name_flags(self, flags: Mapping[str, str]) -> None:
        """How the GM typed the faces of each purpose (`--dice`), for a refusal of them."""
        self._flags.update(flags)

    def rolled_anew(self) -> list[Roll]:
        """Rolls this box made itself (not entered or recorded)."""
        return [
            r for p, r in self._rolls.items() if p not in self._entered and p not in self._answered
        ]

    def roll(self, purpose: str, count: int, sides: int, stake: Stake | None = None) -> Roll:
        """`count` dice of `sides` for `purpose`; `stake` says what rides on them when the GM
        is asked (it changes nothing the ruling records)."""
        if purpose in self._rolls:
            raise RuleError(f"internal: the {purpose} dice were asked for twice")
        answer = None
        if purpose not in self._entered and self._ask is not None:
            answer = self._ask(purpose, count, sides, stake)
            if answer is not None:
                self._answered.add(purpose)
        if purpose in self._entered or answer is not None:
            faces = self._entered[purpose] if answer is None else tuple(answer)
            check_faces(faces, count, sides, self._flags.get(purpose, f"the {purpose} dice"))
            source = self._entered_source.get(purpose, ENTERED)
            if source == UNUSED:  # kept from a ruling that did not need them: entered
                source = ENTERED
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

    def entered(self, purpose: str) -> tuple[int, ...]:
        """The faces entered for `purpose` (none: an empty tuple)."""
        return self._entered.get(purpose, ())

    def unused(self) -> list[str]:
        """Entered purposes nobody asked for (the GM typed dice the ruling did not need)."""
        return [p for p in self._entered if p not in self._rolls]

    def rolled(self, sides: int | None = None) -> dict[str, DiceRoll]:
        """Every roll handed out, by purpose, and the entered dice nobody asked for (as
        `unused`): what the event records as its `dice`. With `sides` (every die of the
        ruleset has that many), an unused face no such die can show is refused like a
        used one: a 7 typed for a d6 is a typo, needed or not."""
        found = {purpose: DiceRoll(r.faces, r.source) for purpose, r in self._rolls.items()}
        for purpose in self.unused():
            faces = self._entered[purpose]
            if sides is not None and self._entered_source.get(purpose, ENTERED) == ENTERED:
                check_faces(
                    faces, len(faces), sides, self._flags.get(purpose, f"the {purpose} dice")
                )
            found[purpose] = DiceRoll(faces, UNUSED)
        return found


class _Kept:
    """An asker that keeps each answer, so a ruling decided again asks nobody twice."""

    def __init__(self, ask: AskDice) -> None:
        self._ask = ask
        self._given: dict[DiceRequest, Sequence[int] | None] = {}

    def __call__(self, request: DiceRequest) -> Sequence[int] | None:
        if request not in self._given:
            self._given[request] = self._ask(request)
        return self._given[request]


def keeping(ask: AskDice | None) -> AskDice | None:
    """`ask`, keeping each answer it gave (None stays None)."""
    if ask is None or isinstance(ask, _Kept):
        return ask
    return _Kept(ask)


def check_faces(faces: Sequence[int], count: int, sides: int, flag: str) -> None:
    """Refuse faces that are not `count` dice of 1 to `sides`."""
    if len(faces) != count:
        raise FacesRefused(
            f"{flag} needs {count} dice of 1-{sides}, got {len(faces)}: {','.join(map(str, faces))}"
        )
    bad = [f for f in faces if not 1 <= f <= sides]
    if bad:
        raise FacesRefused(
            f"{flag}: a d{sides} shows 1 to {sides}, not {', '.join(map(str, bad))}; "
            f"enter the {count} faces you rolled"
        )


def system_box(
    entered: Mapping[str, Sequence[int]] | None,
    *,
    seed: str | None,
    salt: str,
    flag_names: Mapping[str, str] | None = None,
    ask: Ask | None = None,
) -> DiceBox:
    """The box a command uses: entered faces first, then what `ask` answers (when given),
    then the system's random source, or a generator seeded by `JOURNAL_DICE_SEED` and the
    event's place (`salt`) when set."""
    if seed is not None:
        return DiceBox(
            entered,
            random.Random(f"{seed}:{salt}"),
            source=SEEDED,
            flag_names=flag_names,
            ask=ask,
        )
    return DiceBox(entered, random.SystemRandom(), source=ROLLED, flag_names=flag_names, ask=ask)


def read_faces(text: str, count: int, sides: int) -> tuple[int, ...] | None:
    """What the GM typed when asked for dice: the faces in any notation (`+5/-6`, `5 6`,
    `3,4,5`), or None for a blank answer (roll them). RuleError when they do not fit."""
    if not text.strip():
        return None
    if re.search(r"[^0-9\s,;/+\-]", text):
        raise RuleError(
            f"{text.strip()!r} are not dice: type the {count} faces you rolled (1-{sides} each)"
        )
    digits = re.findall(r"[0-9]+", text)
    if any(len(n) > 9 for n in digits):
        raise RuleError(f"{text.strip()[:40]!r} are not dice: each face is 1-{sides}")
    faces = tuple(int(n) for n in digits)
    check_faces(faces, count, sides, f"{count}d{sides}")
    return faces


_PAIR = re.compile(r"\+?\s{0,8}([0-9]{1,9})\s{0,8}/\s{0,8}-?\s{0,8}([0-9]{1,9})")


def parse_d10_pair(text: str) -> tuple[int, int]:
    """`+5/-6` (or `5/6`) as the faces of the positive and negative d10."""
    match = _PAIR.fullmatch(text.strip())
    if not match:
        raise RuleError(f"dice {text!r} are not a d10 pair: write them as +5/-6")
    return int(match.group(1)), int(match.group(2))


def parse_faces(text: str) -> tuple[int, ...]:
    """`3,4,5` (or `3 4 5`) as a tuple of faces."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts or not all(re.fullmatch(r"[0-9]{1,9}", p) for p in parts):
        raise RuleError(f"dice {text!r} are not faces: write them as 3,4,5")
    return tuple(int(p) for p in parts)
