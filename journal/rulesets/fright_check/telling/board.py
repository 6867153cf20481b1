"""GURPS characters on the board and in `journal status`, as structured rows; the
words `explain` gives status keys."""

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
from journal.rulesets.fright_check.rules.status import FCStatus, TimedStatus
from journal.rulesets.fright_check.rules.words import condition_name

#: the board's columns: a player sees Will, HP, FP and the conditions (without the seq of
#: the check behind each); the sheet's other numbers and the pending traits are the GM's
COLUMNS = (
    BoardColumn("name", "name"),
    BoardColumn("will", "will"),
    BoardColumn("ht", "HT", GM_ONLY),
    BoardColumn("iq", "IQ", GM_ONLY),
    BoardColumn("hp", "HP"),
    BoardColumn("fp", "FP"),
    BoardColumn("quirks", "quirks", GM_ONLY),
    BoardColumn("disadvantages", "disads", GM_ONLY),
    BoardColumn("pending", "pending", GM_ONLY),
    BoardColumn("points_lost", "pts lost", GM_ONLY),
    BoardColumn("checks", "checks", GM_ONLY),
    BoardColumn("now", "now", GM_ONLY),
    BoardColumn("conditions", "conditions", PLAYERS_ONLY),
    BoardColumn("traits", "traits"),
)


def _cells(name: str, c: FCStatus) -> tuple[BoardCell, ...]:
    return (
        BoardCell(name),
        BoardCell.of(c.will),
        BoardCell.of(c.ht_now),
        BoardCell.of(c.iq_now),
        BoardCell(f"{c.hp}/{c.hp_max}", c.hp),
        BoardCell(f"{c.fp}/{c.fp_max}", c.fp),
        BoardCell.of(len(c.quirks)),
        BoardCell.of(len(c.disadvantages)),
        BoardCell.of(len(c.pending)),
        BoardCell.of(c.points_lost),
        BoardCell.of(c.checks),
        BoardCell(_now(c)),
        BoardCell(_now(c, seqs=False)),
        BoardCell(", ".join(sheet_traits(c)) or "-"),
    )


def sheet_traits(c: FCStatus) -> list[str]:
    """Every trait the character has, each once, as the sheet shows it: the traits the
    journal knows (`Fearlessness 2`), the disadvantages with their self-control number
    (`Cowardice (self-control 12)`: the same Cowardice), the physical ones, the quirks
    (`quirk: Counts the drawers`) and the others (`Acute Hearing 2`)."""
    listed = [d.name for d in (*c.disadvantages, *c.physical)]
    found = [
        name if value is True else f"{name} {value}"
        for name, value in c.traits.items()
        if name not in listed
    ]
    for d in (*c.disadvantages, *c.physical):
        found.append(d.name + (f" (self-control {d.self_control})" if d.self_control else ""))
    found += [f"quirk: {q}" for q in c.quirks]
    found += [o.name if o.level is None else f"{o.name} {o.level}" for o in c.others]
    return found


def board_grid(document: StatusDocument) -> BoardGrid:
    """Every character's row; the running combat (if any) named, not drawn as a line."""
    characters = {n: c for n, c in document.characters.items() if isinstance(c, FCStatus)}
    fight = next((c.encounter.title for c in characters.values() if c.encounter), None)
    rows = tuple(BoardRow(name, _cells(name, c)) for name, c in characters.items())
    title = None
    if fight is not None:
        cast = ", ".join(n for n, c in characters.items() if c.encounter) or "everyone"
        title = f"Combat {fight!r} running: heat of battle +5 to Fright Checks for {cast}"
    return BoardGrid(title, fight, COLUMNS, rows)


def _now(c: FCStatus, seqs: bool = True) -> str:
    """What holds the character now: lasting conditions (with the check behind each, for
    the GM), timed ones with their end (and their dice, for the GM), the -2 after a coma
    or catatonia."""
    found = [condition_name(o.kind) + (f" (#{o.seq})" if seqs else "") for o in c.conditions]
    found += [_timed(t, seqs) for t in c.timed]
    window = c.skill_penalty
    if window is not None:
        found.append(f"{window.value} to rolls {window.text}")
    return ", ".join(found) or "-"


def _timed(t: TimedStatus, seqs: bool) -> str:
    """`faint until 23:14` for players; the GM's also has the check and the dice:
    `faint until 23:14 (#12: 4d minutes = 14 (3+4+5+2))`."""
    until = (
        f"until {t.ends.replace('T', ' ')}"
        if t.ends is not None
        else "for good"
        if t.starts is not None
        else "until the clock is set or the session ends"
    )
    text = f"{condition_name(t.kind)} {until}"
    return f"{text} (#{t.seq}: {t.terms})" if seqs else text


#: The GM's words for status keys in `explain` (`--json` keeps the keys).
EXPLAIN_LABELS: Mapping[str, str] = {
    "will": "Will",
    "ht": "HT",
    "iq": "IQ",
    "ht_now": "HT now",
    "iq_now": "IQ now",
    "ht_lost": "HT lost",
    "iq_lost": "IQ lost",
    "points_lost": "points lost",
    "checks": "Fright Checks",
    "pending": "pending traits",
    "physical": "physical disadvantages",
    "encounter.title": "in combat",
    "hp_max": "HP max",
    "fp_max": "FP max",
    "hp": "HP",
    "fp": "FP",
    "conditions": "lasting conditions",
}
#: the history of checks is in the rulings, not a number; so is the window after a coma
#: (its -2 is among the modifiers and terms of each ruling it lowers)
EXPLAIN_SKIPPED = frozenset({"history", "skill_penalty", "timed"})
EXPLAIN_HIDDEN = frozenset({"encounter.seq", "conditions"})
