"""d100 sanity characters on the board and in `journal status`, as structured rows; the
words `explain` gives status keys.

The board says where each character stands: SAN of its maximum, the breaking point (Delta
Green), today's losses against the fifth that brings an indefinite insanity, the insanity
in force and until when, disorders, bonds and adaptation, and (for the GM) what a ruling
left to record. When the campaign keeps SAN from the players (`san_hidden`), the numbers
are the GM's columns and the players read a word (steady, shaken, breaking)."""

from __future__ import annotations

from collections.abc import Mapping

from journal.plugin.telling import (
    GM_ONLY,
    PLAYERS_ONLY,
    BoardCell,
    BoardColumn,
    BoardGrid,
    BoardRow,
    StatusDocument,
)
from journal.rulesets.d100_sanity.rules.status import InsanityStatus, SanityStatus

#: what a ruling left for the GM to record, in words
DUE_WORDS = {
    "bout": "a bout of madness",
    "disorder": "a disorder",
    "cost": "what adapting cost",
    "reaction": "flee, struggle or submit",
}


def insanity_text(found: tuple[InsanityStatus, ...], permanent: bool, seqs: bool) -> str:
    if permanent:
        return "permanently insane"
    return ", ".join(f"{i.kind} {i.until}" + (f" (#{i.seq})" if seqs else "") for i in found) or "-"


def due_text(c: SanityStatus) -> str:
    return (
        ", ".join(
            f"{DUE_WORDS.get(d.what, d.what)}" + (f" ({d.kind})" if d.kind else "") + f" (#{d.seq})"
            for d in c.due
        )
        or "-"
    )


def _adaptation(c: SanityStatus) -> str:
    boxes = [f"{kind} {n}/3" for kind, n in sorted(c.boxes.items()) if kind not in c.adapted]
    return ", ".join([*(f"adapted to {k}" for k in c.adapted), *boxes]) or "-"


def _numbers(key: str, label: str, hidden: bool) -> BoardColumn:
    """A column of SAN's numbers: the GM's alone when the players read words."""
    return BoardColumn(key, label, GM_ONLY) if hidden else BoardColumn(key, label)


def board_grid(document: StatusDocument) -> BoardGrid:
    characters = {n: c for n, c in document.characters.items() if isinstance(c, SanityStatus)}
    first = next(iter(characters.values()), None)
    hidden = first is not None and first.san_hidden
    dg = first is not None and first.preset == "delta-green"
    columns = [BoardColumn("name", "name"), _numbers("san", "SAN", hidden)]
    if dg:
        columns.append(_numbers("breaking_point", "breaking pt", hidden))
    fifths = first is not None and first.indefinite
    if fifths:
        columns.append(_numbers("today", "today/fifth", hidden))
    columns += [
        BoardColumn("state", "state") if hidden else BoardColumn("state", "state", PLAYERS_ONLY),
        BoardColumn("insanity", "insanity", GM_ONLY),
        BoardColumn("insane", "insanity", PLAYERS_ONLY),
        BoardColumn("disorders", "disorders"),
    ]
    if dg:
        columns += [BoardColumn("bonds", "bonds"), BoardColumn("adaptation", "adaptation")]
    columns.append(BoardColumn("due", "to record", GM_ONLY))
    rows = []
    for name, c in characters.items():
        cells = [BoardCell(name), BoardCell(f"{c.san}/{c.san_max}", c.san)]
        if dg:
            cells.append(BoardCell.of(c.breaking_point))
        today = c.today
        if fifths:
            shown = "-" if today is None else f"{today.lost}/{today.fifth}"
            cells.append(BoardCell(shown, None if today is None else today.lost))
        cells += [
            BoardCell(c.state),
            BoardCell(insanity_text(c.insanity, c.permanent, seqs=True)),
            BoardCell(insanity_text(c.insanity, c.permanent, seqs=False)),
            BoardCell(", ".join(c.disorders) or "-"),
        ]
        if dg:
            bonds = ", ".join(f"{b} {s}" for b, s in c.bonds.items()) or "-"
            cells += [BoardCell(bonds), BoardCell(_adaptation(c))]
        cells.append(BoardCell(due_text(c)))
        rows.append(BoardRow(name, tuple(cells)))
    return BoardGrid(None, None, tuple(columns), tuple(rows))


#: The GM's words for status keys in `explain` (`--json` keeps the keys).
EXPLAIN_LABELS: Mapping[str, str] = {
    "san": "SAN",
    "san_max": "maximum SAN",
    "san_start": "starting SAN",
    "pow": "POW",
    "int": "INT",
    "mythos": "Mythos (Unnatural)",
    "breaking_point": "breaking point",
    "today.san_at_first_loss": "SAN at the day's first loss",
    "today.lost": "SAN lost today",
    "today.fifth": "a fifth of the day's SAN",
    "permanent": "permanently insane",
    "rolls": "sanity rolls",
    "bonds.*": "bond {}",
    "boxes.*": "{} boxes",
    "adapted": "adapted to",
}
#: what `explain` follows no chain for: the words, the options, what waits to be recorded
EXPLAIN_SKIPPED = frozenset({"state", "san_hidden", "preset", "due", "insanity", "indefinite"})
EXPLAIN_HIDDEN = frozenset({"today.day"})
EXPLAIN_EXPANDED = frozenset({"bonds", "boxes", "today"})
