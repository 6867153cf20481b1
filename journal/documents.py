"""The typed read model's base: documents are dataclasses whose JSON form (one method,
`to_json`) is exactly what the CLI prints with `--json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from journal.events import plain


class Document:
    """A read-model document: its fields, in order, are its JSON keys."""

    def to_json(self) -> object:
        return plain(self)


class CharacterStatus(Document):
    """One character's numbers in `status --json` (each ruleset defines its own)."""


@dataclass(frozen=True)
class StatusDocument(Document):
    """`journal status --json`: where every character stands."""

    campaign: str
    ruleset: str
    title: str
    seq: int
    session: int | None
    clock: str | None
    characters: Mapping[str, CharacterStatus]


#: how a line of the board stands out (`journal play`): a character who froze this turn,
#: or one who has yet to act on it (no initiative rolled)
FROZEN = "frozen"
WAITING = "waiting"


@dataclass(frozen=True)
class BoardLine(Document):
    """One line of the live board; `mark` is "", FROZEN or WAITING."""

    text: str
    mark: str = ""


@dataclass(frozen=True)
class Board(Document):
    """What `journal play` keeps in view: the status heading and the ruleset's board (the
    fight's table during a fight, the roster otherwise)."""

    heading: str
    lines: tuple[BoardLine, ...]
    seq: int

    def text(self) -> str:
        return "\n".join([self.heading, *(line.text for line in self.lines)])
