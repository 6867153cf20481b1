"""Dice expressions as a GM writes them: a loss `S/F` (`0/1d6`, `1/1d4+1`, `1d10/1d100`),
an award (`1d6`, `3`). An expression is a number, or one group of dice with an optional
number added (`2d6`, `1d4+1`, `d8`); the journal rolls its dice by purpose and records the
terms (`1d4 3, +1 1`)."""

from __future__ import annotations

import re
from functools import lru_cache

from msgspec import Struct

from journal.plugin.rules import RuleError, Terms

#: the most dice of one group, the most sides, the largest number added (typo guards)
MOST_DICE = 20
MOST_SIDES = 100
MOST_ADDED = 99

_EXPRESSION = re.compile(
    r"([0-9]{1,3})?\s{0,4}[dD]\s{0,4}([0-9]{1,3})(?:\s{0,4}\+\s{0,4}([0-9]{1,3}))?"
)
_NUMBER = re.compile(r"[0-9]{1,3}")


class Expression(Struct, frozen=True):
    """`count`d`sides` + `added` (`count` 0: just the number `added`)."""

    count: int
    sides: int
    added: int

    @property
    def text(self) -> str:
        """`1d4+1`, `1d6`, `3`: the canonical spelling."""
        if not self.count:
            return str(self.added)
        dice = f"{self.count}d{self.sides}"
        return f"{dice}+{self.added}" if self.added else dice

    @property
    def most(self) -> int:
        return self.count * self.sides + self.added

    @property
    def least(self) -> int:
        return self.count + self.added

    @property
    def rolls(self) -> bool:
        return self.count > 0

    def terms(self, faces: tuple[int, ...]) -> Terms:
        """The terms of this expression rolled as `faces` (no faces: a bare number)."""
        found: list[tuple[str, int]] = []
        if self.count:
            found.append((f"{self.count}d{self.sides}", sum(faces)))
        if self.added or not self.count:
            found.append((f"+{self.added}" if self.count else "fixed", self.added))
        return tuple(found)

    def most_terms(self) -> Terms:
        """The terms of this expression at its most (a fumble's loss)."""
        return ((f"{self.text} at its most", self.most),)


@lru_cache(maxsize=512)
def expression(text: str, what: str) -> Expression:
    """`text` read as a dice expression (RuleError naming `what` when it is none)."""
    cleaned = text.strip()
    if _NUMBER.fullmatch(cleaned):
        value = int(cleaned)
        if value > MOST_ADDED:
            raise RuleError(f"{what} {cleaned} is too large: at most {MOST_ADDED}")
        return Expression(0, 0, value)
    match = _EXPRESSION.fullmatch(cleaned)
    if match is None:
        raise RuleError(
            f"{what} {text.strip()!r} is not a dice expression: write a number or dice such as "
            "1d6, 1d4+1, 2d6"
        )
    count = int(match.group(1)) if match.group(1) else 1
    sides = int(match.group(2))
    added = int(match.group(3)) if match.group(3) else 0
    if not 1 <= count <= MOST_DICE:
        raise RuleError(f"{what} {cleaned!r} rolls {count} dice: give 1 to {MOST_DICE}")
    if not 2 <= sides <= MOST_SIDES:
        raise RuleError(f"{what} {cleaned!r}: a die has 2 to {MOST_SIDES} sides, not {sides}")
    if added > MOST_ADDED:
        raise RuleError(f"{what} {cleaned!r} adds {added}: at most {MOST_ADDED}")
    return Expression(count, sides, added)


class Loss(Struct, frozen=True):
    """A sanity roll's stakes: lose `success` when it succeeds, `failure` when it fails
    (at its most on a fumble); `text`, its canonical `S/F`."""

    success: Expression
    failure: Expression
    text: str


@lru_cache(maxsize=512)
def loss(text: str) -> Loss:
    """`S/F` read as a loss (`0/1d6`, `1/1d4+1`, `1d10/1d100`); RuleError when it is none."""
    success, slash, failure = text.partition("/")
    if not slash or "/" in failure:
        raise RuleError(
            f"the loss {text.strip()!r} is not S/F: write what a success and a failure lose, "
            "e.g. --loss 0/1d6 or --loss 1/1d4+1"
        )
    on_success = expression(success, "the loss on a success")
    on_failure = expression(failure, "the loss on a failure")
    read = Loss(on_success, on_failure, f"{on_success.text}/{on_failure.text}")
    if read.success.most > read.failure.most:
        raise RuleError(
            f"the loss {read.text}: a success ({read.success.text}, up to {read.success.most}) "
            f"cannot cost more than a failure ({read.failure.text}, up to {read.failure.most}); "
            "write S/F, the success first"
        )
    return read
