"""The board of `journal play` (the API's `Journal.board()`): the ruleset's table during a
fight with who froze or has yet to act marked, the roster otherwise."""

from __future__ import annotations

from pathlib import Path

import journal
from journal.documents import FROZEN, WAITING, Board
from journal.rules.core import AddCharacter

SHEETS = {
    "Freddie": {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"},
    "Ariella": {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"},
}


def marks(board: Board) -> dict[str, str]:
    return {line.text.split()[0]: line.mark for line in board.lines if line.mark}


def test_the_fight_marks_who_froze_and_who_has_yet_to_act(tmp_path: Path) -> None:
    from journal.rules.horror_factor import (
        AdvanceTurn,
        EndEncounter,
        RollInitiative,
        StartEncounter,
    )

    with journal.create(str(tmp_path / "j.db"), "night", ruleset="horror-factor") as night:
        for name, sheet in SHEETS.items():
            night.run(AddCharacter(name, sheet))
        roster = night.board()
        assert roster.heading.startswith("Night (night, horror-factor) at event 3")
        assert [line.text.split()[0] for line in roster.lines] == ["name", "Freddie", "Ariella"]
        night.run(StartEncounter("The horde", "horde", ("Freddie", "Ariella"), outnumbered=True))
        assert marks(night.board()) == {"Freddie": WAITING, "Ariella": WAITING}
        night.run(RollInitiative("Freddie"), dice={"initiative": (5, 6)})
        night.run(RollInitiative("Ariella"), dice={"initiative": (1, 8)})
        board = night.board()
        assert marks(board) == {"Ariella": FROZEN}
        assert board.text().splitlines()[1] == "Encounter 'The horde', turn 1 (initial HF 7)"
        night.run(AdvanceTurn())
        assert marks(night.board()) == {"Freddie": WAITING, "Ariella": WAITING}
        night.run(EndEncounter())
        assert marks(night.board()) == {}


def test_a_ruleset_without_marks_shows_its_status_table(tmp_path: Path) -> None:
    with journal.create(str(tmp_path / "j.db"), "morgue", ruleset="fright-check") as morgue:
        morgue.run(AddCharacter("Eli", {"will": 10, "ht": 10, "iq": 12}))
        board = morgue.board()
        table = morgue.status_text(morgue.status()).splitlines()
        assert [board.heading, *(line.text for line in board.lines)] == table
        assert not any(line.mark for line in board.lines)
