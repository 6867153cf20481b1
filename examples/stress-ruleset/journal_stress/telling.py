"""How stress campaigns read: log lines, handout sentences, `explain` labels and the board
(the status table too) as structured rows. The journal loads it through `PLUGIN.telling`;
none of it enters the rules version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from journal.plugin import (
    BoardCell,
    BoardColumn,
    BoardGrid,
    BoardRow,
    Lines,
    Sentences,
    StatusDocument,
    Telling,
    describe_terms,
)
from journal_stress.rules import HOLD, PanicRolled, StressChanged, StressStatus

LINES = Lines("log line")
LINES.on(StressChanged)(
    lambda p: f"{p.character}'s stress {p.before}->{p.after} ({p.amount:+d}): {p.reason}"
)
LINES.on(PanicRolled)(
    lambda p: (
        f"{p.character} rolls for panic: {describe_terms(p.terms, p.total)} vs {HOLD}: "
        + ("panics, stress +1" if p.panicked else "holds")
    )
)

SENTENCES = Sentences("handout sentence")
SENTENCES.on(StressChanged)(
    lambda p, gm: (
        f"{p.character}'s stress {'rises' if p.after > p.before else 'eases'} "
        f"to {p.after}: {p.reason}"
    )
)
SENTENCES.on(PanicRolled)(
    lambda p, gm: f"{p.character} {'panics' if p.panicked else 'holds their nerve'}"
)


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
