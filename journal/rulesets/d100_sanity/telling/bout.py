"""How a bout of madness reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.rulesets.d100_sanity.rules.bout import BoutRecorded
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES


def _what(p: BoutRecorded, gm: bool) -> str:
    if p.table is None or not gm:
        return p.what
    return f"{p.what} (table {p.table!r}, rolled {p.roll})"


@LINES.on(BoutRecorded)
def _line(p: BoutRecorded) -> str:
    return (
        f"{p.character}: a bout of madness ({p.mode}, 1d10 {p.length} {p.unit}): {_what(p, True)}"
    )


@SENTENCES.on(BoutRecorded)
def _sentence(p: BoutRecorded, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    return f"{p.character}: a bout of madness ({p.length} {p.unit}): {p.what}"
