"""The typed read model's base: documents are classes whose JSON form (one method,
`to_json`) is exactly what the CLI prints with `--json`.

Two kinds derive from `Document`. The core's documents (status, the board, secrets, the
log's entries) are frozen `msgspec.Struct`s: a dataclass compiles its methods when its
class is made, at each start (issue 24). The reports of the audit, `verify`, the
snapshots check and `journal.api.reports` are dataclasses, and so may a ruleset's
documents be (one built-in ruleset's status and ruling documents are). The reports filled
in as their check runs (`AuditReport`, `ChainReport`, `Explanation`, `SnapshotReport`) are
not frozen. The handouts' data are TypedDicts (`journal.handouts.documents`). `Document`
and `CharacterStatus` hold no attributes (`__slots__ = ()`), so a struct or a dataclass
may derive from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from msgspec import Struct

from journal.events.canonical import JSON, as_json

#: a JSON object whose keys a ruleset chooses (its narrator's rows, outcomes, standing and
#: arc numbers, which its template partials read)
Fields: TypeAlias = dict[str, JSON]
#: a JSON object as `to_json` gives one
JSONDict: TypeAlias = dict[str, JSON]


def whole(value: JSON) -> int:
    """A number a ruleset put in its `Fields`, read back (a TypeError if it is none)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not a whole number: {value!r}")
    return value


def whole_or_none(value: JSON) -> int | None:
    """As `whole`, None staying None (a chart's missing point)."""
    return None if value is None else whole(value)


class Document:
    """A read-model document: its fields, in order, are its JSON keys."""

    __slots__ = ()

    def to_json(self) -> JSON:
        return as_json(self)


class CharacterStatus(Document):
    """One character's numbers in `status --json` (each ruleset defines its own, a frozen
    struct or dataclass)."""

    __slots__ = ()


class StatusDocument(Document, Struct, frozen=True):
    """`journal status --json`: where every character stands."""

    campaign: str
    ruleset: str
    title: str
    seq: int
    session: int | None
    clock: str | None
    characters: Mapping[str, CharacterStatus]


class ThreatEntry(Document, Struct, frozen=True):
    """A threat the campaign remembers (`threat list`): its id, what players read for it,
    its kind, what it carries (a monster's modifier, a base fear level: the ruleset's terms),
    the event that first described it and how many times it was faced."""

    threat: str
    name: str | None
    kind: str | None
    terms: tuple[tuple[str, int], ...]
    seq: int
    faced: int


class ThreatList(Document, Struct, frozen=True):
    """`threat list --json`: every threat the campaign remembers, in the order described."""

    threats: tuple[ThreatEntry, ...]


#: how a line of the board stands out (`journal play`): a character who froze this turn,
#: or one who has yet to act on it (no initiative rolled); a cell may also say they acted
FROZEN = "frozen"
WAITING = "waiting"
ACTED = "acted"

#: who sees a column of the board: everyone, only the GM, or only the players' screens
#: (a players' form of what the GM's column says with more, e.g. conditions without seqs)
EVERYONE = "all"
GM_ONLY = "gm"
PLAYERS_ONLY = "players"


class BoardColumn(Document, Struct, frozen=True):
    """A column of the board: its key, its header and who sees it."""

    key: str
    label: str
    shown: str = EVERYONE


class BoardCell(Document, Struct, frozen=True):
    """One cell: the text the terminal shows, the number when it is one, and a mark
    (FROZEN, WAITING, ACTED) a page shows by symbol and colour."""

    text: str
    value: int | None = None
    mark: str = ""

    @classmethod
    def of(cls, value: JSON, mark: str = "") -> BoardCell:
        """A cell of `value` as `journal.text.aligned_text` writes it (None as `-`)."""
        if isinstance(value, bool):
            return cls("yes" if value else "no", None, mark)
        if isinstance(value, int):
            return cls(str(value), value, mark)
        return cls("-" if value is None else str(value), None, mark)


class BoardRow(Document, Struct, frozen=True):
    """One character's row; `mark` is "", FROZEN or WAITING."""

    character: str
    cells: tuple[BoardCell, ...]
    mark: str = ""


class BoardGrid(Document, Struct, frozen=True):
    """The board as structured rows (typed cells and marks): the ruleset's grid of a
    running fight (`fight` names it, `title` is its line over the grid) or the roster
    between fights. The CLI renders it to text (`journal.cli.rows`), a page to HTML;
    `seen_by` keeps the columns an audience sees."""

    title: str | None
    fight: str | None
    columns: tuple[BoardColumn, ...]
    rows: tuple[BoardRow, ...]

    def seen_by(self, gm: bool) -> BoardGrid:
        """The board without the columns this audience does not see."""
        hidden = PLAYERS_ONLY if gm else GM_ONLY
        keep = [i for i, c in enumerate(self.columns) if c.shown != hidden]
        return BoardGrid(
            self.title,
            self.fight,
            tuple(self.columns[i] for i in keep),
            tuple(
                BoardRow(r.character, tuple(r.cells[i] for i in keep), r.mark) for r in self.rows
            ),
        )


class Board(Document, Struct, frozen=True):
    """What `journal play` keeps in view: the status heading and the ruleset's board as
    the GM sees it (the fight's grid during a fight, the roster otherwise), as rows."""

    heading: str
    grid: BoardGrid
    seq: int
