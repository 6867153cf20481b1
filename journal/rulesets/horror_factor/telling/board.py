"""Horror Factor characters on the board and in `journal status`, as structured rows; the
words `explain` gives status keys."""

from __future__ import annotations

from collections.abc import Mapping

from journal.plugin.telling import (
    ACTED,
    FROZEN,
    GM_ONLY,
    WAITING,
    BoardCell,
    BoardColumn,
    BoardGrid,
    BoardRow,
    StatusDocument,
)
from journal.rulesets.horror_factor.rules.status import FightNumbers, HFStatus


def _cells(name: str, c: HFStatus) -> list[BoardCell]:
    """A row of the board: the fight's numbers (all `-` outside it), then the lasting ones."""
    specs = ", ".join(f"{k} {v}" for k, v in sorted(c.specializations.items()))
    lasting = [
        BoardCell(f"{c.willpower}/{c.willpower_max}", c.willpower),
        BoardCell(_hardness_cell(c), c.hardness),
        BoardCell.of(c.brokenness),
        BoardCell(specs or "-"),
    ]
    fight = c.encounter
    if fight is None:
        return [BoardCell(name), *(BoardCell.of(None) for _ in range(5)), *lasting]
    hf = str(fight.hf) + (f" (eff {fight.effective_hf})" if fight.soak else "")
    if fight.left is not None:
        acts = BoardCell(f"out ({fight.left})")
    elif fight.can_act is None:
        acts = BoardCell("-", mark=WAITING)
    else:
        acts = BoardCell("yes", mark=ACTED) if fight.can_act else BoardCell("FROZE", mark=FROZEN)
    return [
        BoardCell(name),
        BoardCell(hf, fight.effective_hf),
        BoardCell.of(-fight.action_penalty if fight.action_penalty else 0),
        BoardCell.of(fight.initiative),
        acts,
        BoardCell.of(fight.defense_penalty or 0),
        *lasting,
    ]


def _hardness_cell(c: HFStatus) -> str:
    """General Hardness over its cap; the one that applies in this fight when it differs."""
    cell = f"{c.hardness}/{c.hardness_cap}"
    if c.fight and c.fight.hardness != c.hardness:
        cell += f" ({c.fight.category} {c.fight.hardness})"
    return cell


#: the board's columns: the initiative total is the GM's (a roll's result)
COLUMNS = (
    BoardColumn("name", "name"),
    BoardColumn("hf", "HF"),
    BoardColumn("penalty", "penalty"),
    BoardColumn("initiative", "init", GM_ONLY),
    BoardColumn("acts", "acts"),
    BoardColumn("defense", "defense"),
    BoardColumn("willpower", "WP"),
    BoardColumn("hardness", "hardness"),
    BoardColumn("brokenness", "broken"),
    BoardColumn("specializations", "specs"),
)
#: the columns of the roster between fights
LASTING = (0, 6, 7, 8, 9)
SPECS = 9


def board_grid(document: StatusDocument) -> BoardGrid:
    """The encounter's line and its grid during a fight, a fighter who froze this turn or
    has yet to roll initiative marked; only the lasting numbers between fights."""
    characters = {n: c for n, c in document.characters.items() if isinstance(c, HFStatus)}
    fight = next((c.fight for c in characters.values() if c.fight), None)
    turn = next((c.encounter.turn for c in characters.values() if c.encounter), 0)
    # Hardness specializations at all times, in a column of their own when anyone has one
    specs = any(c.specializations for c in characters.values())
    shown = [i for i in (range(len(COLUMNS)) if fight else LASTING) if specs or i != SPECS]
    rows = [
        BoardRow(name, tuple(_cells(name, c)[i] for i in shown), _mark(c.encounter))
        for name, c in sorted(characters.items(), key=lambda item: _order(item[1]))
    ]
    columns = tuple(COLUMNS[i] for i in shown)
    if fight is None:
        return BoardGrid(None, None, columns, tuple(BoardRow(r.character, r.cells) for r in rows))
    head = f"Encounter {fight.title!r}, turn {turn} (initial HF {fight.initial_hf})"
    return BoardGrid(head, fight.title, columns, tuple(rows))


def _order(c: HFStatus) -> tuple[int, int]:
    """Where a character's row stands during a fight: by initiative once rolled (the
    highest first), then who has yet to roll, then who left the fight, then those not in
    it; in the roster's order otherwise (the sort is stable)."""
    fight = c.encounter
    if fight is None:
        return (3, 0)
    if fight.left is not None:
        return (2, 0)
    if fight.initiative is None:
        return (1, 0)
    return (0, -fight.initiative)


def _mark(numbers: FightNumbers | None) -> str:
    if numbers is None or numbers.left is not None:  # out of the fight: nothing to act on
        return ""
    if numbers.can_act is False:
        return FROZEN
    return WAITING if numbers.initiative is None else ""


#: The GM's words for status keys in `explain` (`--json` keeps the keys).
EXPLAIN_LABELS: Mapping[str, str] = {
    "hardness": "Hardness",
    "hardness_cap": "Hardness cap",
    "peak_hardness": "peak Hardness",
    "willpower": "Willpower",
    "willpower_max": "Willpower max",
    "reaction": "Reaction",
    "encounter.turn": "turn",
    "encounter.hf": "HF this turn",
    "encounter.soak": "soak this turn",
    "encounter.effective_hf": "effective HF",
    "encounter.action_penalty": "action penalty",
    "encounter.initiative": "initiative",
    "encounter.can_act": "can act",
    "encounter.defense_penalty": "defense penalty",
    "encounter.left": "out of the fight",
    "specializations.*": "Hardness ({})",
}
#: The fight's context is in the rulings; `last_hf` is what a Horror Check uses, shown there.
EXPLAIN_HIDDEN = frozenset({"fight", "last_hf"})
#: each specialization is a number of its own in `explain` (`specializations.mythos`)
EXPLAIN_EXPANDED = frozenset({"specializations"})
