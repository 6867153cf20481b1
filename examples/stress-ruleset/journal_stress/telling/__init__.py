"""How stress campaigns read: log lines, handout sentences, `explain` labels and the board
(the status table too) as structured rows. The journal loads it through `PLUGIN.telling`;
none of it enters the rules version.

A command's telling is one module of this package (`stress.py`, `panic.py`): its events'
log lines on `tables.LINES` and handout sentences on `tables.SENTENCES`. `load_modules`
imports every module, so no list names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from journal.plugin.rules import load_modules
from journal.plugin.telling import (
    BoardCell,
    BoardColumn,
    BoardGrid,
    BoardRow,
    Lines,
    Sentences,
    StatusDocument,
    Telling,
)
from journal_stress.rules import StressStatus
from journal_stress.telling.tables import LINES, SENTENCES

load_modules(__name__)


class StressTelling(Telling):
    lines: ClassVar[Lines] = LINES
    sentences: ClassVar[Sentences] = SENTENCES
    explain_labels: ClassVar[Mapping[str, str]] = {"stress_max": "most stress"}

    def board_grid(self, document: StatusDocument) -> BoardGrid:
        """Everyone's stress track: the same table for the GM and the players."""
        rows = tuple(
            BoardRow(
                name,
                (
                    BoardCell(name),
                    BoardCell(f"{c.stress}/{c.stress_max}", c.stress),
                    BoardCell.of(c.nerve),
                    BoardCell.of(c.panics),
                ),
            )
            for name, c in document.characters.items()
            if isinstance(c, StressStatus)
        )
        columns = tuple(BoardColumn(k, k) for k in ("name", "stress", "nerve", "panics"))
        return BoardGrid(None, None, columns, rows)


TELLING = StressTelling()
