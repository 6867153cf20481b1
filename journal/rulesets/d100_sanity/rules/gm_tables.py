"""The GM's own tables (bouts of madness, phobias, manias): their text read into entries,
and an entry found by a roll. The journal ships no rulebook's table; a GM writes theirs
(or copies their book's) into a plain text file:

    # Bouts of madness (my table)
    1: Runs blindly from the scene
    2-3: Laughs and cannot stop
    4: Freezes, staring at nothing
    ...

One entry a line: `N: text` or `N-M: text` (a range of rolls); lines without a number are
numbered on from the last one (so a bare list of ten lines is a d10 table); `#` starts a
comment line; blank lines are skipped. The die is the highest number. Every roll from 1
to it must find exactly one entry. The entries are recorded in the event that rolls on
them, so `audit` decides the roll again without the file.
"""

from __future__ import annotations

import re

from msgspec import Struct

from journal.plugin.rules import DiceBox, RuleError, Stake

#: the largest die a table may have, the most entries (typo guards)
MOST_ROLL = 1000
MOST_ENTRIES = 200

_NUMBERED = re.compile(
    r"([0-9]{1,4})(?:\s{0,4}[-\u2013]\s{0,4}([0-9]{1,4}))?\s{0,4}[:.)]\s{0,8}(.*)"
)


class GMEntry(Struct, frozen=True):
    """Rolls `low` to `high` give `text`."""

    low: int
    high: int
    text: str


class GMTable(Struct, frozen=True):
    """A GM's table: its name (the file's, without its suffix) and its entries."""

    name: str
    entries: tuple[GMEntry, ...]

    @property
    def die(self) -> int:
        return self.entries[-1].high

    def text(self) -> str:
        """The table written out as a GM would (`1: ...`, `2-3: ...`): `read_table` of it
        gives it back."""
        return "".join(
            f"{e.low}{'' if e.high == e.low else f'-{e.high}'}: {e.text}\n" for e in self.entries
        )

    def entry(self, roll: int) -> GMEntry:
        for entry in self.entries:
            if entry.low <= roll <= entry.high:
                return entry
        raise RuleError(
            f"the table {self.name!r} has no entry for {roll} (it runs 1 to {self.die})"
        )


def read_table(name: str, text: str) -> GMTable:
    """The table a GM wrote as `text` (see the module's docstring); RuleError naming the line
    that does not fit."""
    title = " ".join(name.split()) or "table"
    entries: list[GMEntry] = []
    following = 1
    for number, raw in enumerate(text.splitlines(), 1):
        line = " ".join(raw.split())
        if not line or line.startswith("#"):
            continue
        match = _NUMBERED.fullmatch(line)
        if match is None:
            low = high = following
            words = line
        else:
            low = int(match.group(1))
            high = int(match.group(2)) if match.group(2) else low
            words = match.group(3).strip()
        if not words:
            raise RuleError(f"the table {title!r}, line {number}: the entry {low} has no text")
        if low != following or high < low:
            expected = f"{following}" if following == low else f"{following} next"
            raise RuleError(
                f"the table {title!r}, line {number}: entries must run 1, 2, 3... without a "
                f"gap or overlap ({expected}, not {low}{'-' + str(high) if high != low else ''})"
            )
        if high > MOST_ROLL or len(entries) >= MOST_ENTRIES:
            raise RuleError(
                f"the table {title!r} is too long: at most {MOST_ENTRIES} entries up to {MOST_ROLL}"
            )
        entries.append(GMEntry(low, high, words))
        following = high + 1
    if not entries:
        raise RuleError(f"the table {title!r} has no entries: write one a line, `1: text`")
    return GMTable(title, tuple(entries))


class Chosen(Struct, frozen=True):
    """What a ruling that may roll on the GM's table records: the words, and (from a table)
    its name, its entries and the roll."""

    text: str
    table: str | None = None
    entries: tuple[GMEntry, ...] = ()
    roll: int | None = None


def chosen(
    words: str, table: str | None, text: str, dice: DiceBox, refusal: str, purpose: str = "entry"
) -> Chosen:
    """The GM's `words`, or the entry a roll (1d the die) finds on their table (`table`, its
    name, and its `text`): one of them, or `refusal`."""
    given = " ".join(words.split())
    if (table is None) == (not given):
        raise RuleError(refusal)
    if table is None:
        return Chosen(given)
    read = read_table(table, text)
    roll = dice.roll(purpose, 1, read.die, Stake(about=read.name)).total
    return Chosen(read.entry(roll).text, read.name, read.entries, roll)
