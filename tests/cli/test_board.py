"""The board of `journal play` (the API's `Journal.board()`): the ruleset's grid during a
fight with who froze or has yet to act marked, the roster otherwise."""

from __future__ import annotations

from pathlib import Path

import journal
from journal.cli.rows import row_lines, status_text
from journal.documents import FROZEN, WAITING, Board
from journal.rules.core.commands import AddCharacter

SHEETS = {
    "Freddie": {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"},
    "Ariella": {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"},
}


def marks(board: Board) -> dict[str, str]:
    return {text.split()[0]: mark for text, mark in row_lines(board.grid) if mark}


def test_the_fight_marks_who_froze_and_who_has_yet_to_act(tmp_path: Path) -> None:
    from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
    from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative
    from journal.rulesets.horror_factor.rules.turn import AdvanceTurn

    with journal.create(str(tmp_path / "j.db"), "night", ruleset="horror-factor") as night:
        for name, sheet in SHEETS.items():
            night.run(AddCharacter(name, sheet))
        roster = night.board()
        assert roster.heading.startswith("Night (night, horror-factor) at event 3")
        assert [text.split()[0] for text, _ in row_lines(roster.grid)] == [
            "name",
            "Freddie",
            "Ariella",
        ]
        night.run(StartEncounter("The horde", "horde", ("Freddie", "Ariella"), outnumbered=True))
        assert marks(night.board()) == {"Freddie": WAITING, "Ariella": WAITING}
        night.run(RollInitiative("Freddie"), dice={"initiative": (5, 6)})
        night.run(RollInitiative("Ariella"), dice={"initiative": (1, 8)})
        board = night.board()
        assert marks(board) == {"Ariella": FROZEN}
        assert row_lines(board.grid)[0] == ("Encounter 'The horde', turn 1 (initial HF 7)", "")
        night.run(AdvanceTurn())
        assert marks(night.board()) == {"Freddie": WAITING, "Ariella": WAITING}
        night.run(EndEncounter())
        assert marks(night.board()) == {}


def test_a_ruleset_without_marks_shows_its_status_table(tmp_path: Path) -> None:
    with journal.create(str(tmp_path / "j.db"), "morgue", ruleset="fright-check") as morgue:
        morgue.run(AddCharacter("Eli", {"will": 10, "ht": 10, "iq": 12}))
        board = morgue.board()
        document = morgue.status()
        rows = morgue.status_rows(document)
        table = status_text(morgue.status_heading(document), document, rows).splitlines()
        assert [board.heading, *(text for text, _ in row_lines(board.grid))] == table
        assert not any(mark for _, mark in row_lines(board.grid))


def test_the_board_as_structured_rows(tmp_path: Path) -> None:
    """`Journal.board_grid()`: typed cells and marks, the columns each audience sees; the
    text board is rendered from it."""
    from journal.documents import ACTED, BoardGrid
    from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative

    with journal.create(str(tmp_path / "j.db"), "night", ruleset="horror-factor") as night:
        for name, sheet in SHEETS.items():
            night.run(AddCharacter(name, sheet))
        night.run(StartEncounter("The horde", "horde", ("Freddie", "Ariella"), outnumbered=True))
        night.run(RollInitiative("Freddie"), dice={"initiative": (5, 6)})
        night.run(RollInitiative("Ariella"), dice={"initiative": (1, 8)})
        gm = night.board_grid()
        assert isinstance(gm, BoardGrid) and gm.fight == "The horde"
        keys = [c.key for c in gm.columns]
        assert keys[:5] == ["name", "hf", "penalty", "initiative", "acts"]
        freddie, ariella = gm.rows
        assert (freddie.mark, ariella.mark) == ("", FROZEN)
        acts = keys.index("acts")
        assert (freddie.cells[acts].mark, ariella.cells[acts].mark) == (ACTED, FROZEN)
        assert freddie.cells[keys.index("hf")].value == 7
        assert row_lines(gm) == row_lines(night.board().grid)
        players = night.board_grid(gm=False)
        assert "initiative" not in [c.key for c in players.columns]  # a roll's result
        assert all(len(r.cells) == len(players.columns) for r in players.rows)


def test_fright_check_players_see_will_hp_fp_and_conditions(tmp_path: Path) -> None:
    with journal.create(str(tmp_path / "j.db"), "morgue", ruleset="fright-check") as morgue:
        morgue.run(AddCharacter("Eli", {"will": 10, "ht": 10, "iq": 12}))
        players = [c.key for c in morgue.board_grid(gm=False).columns]
        assert players == ["name", "will", "hp", "fp", "conditions", "traits"]
        assert "conditions" not in [c.key for c in morgue.board_grid().columns]


def test_the_neutral_default_board(tmp_path: Path) -> None:
    """A ruleset that draws no board of its own gets each character's plain numbers."""
    from dataclasses import dataclass

    from journal.documents import CharacterStatus, StatusDocument
    from journal.telling.contract import Telling

    @dataclass(frozen=True)
    class Plain(CharacterStatus):
        nerve: int
        calm: bool
        marks: tuple[str, ...]

    document = StatusDocument("c", "x", "C", 3, None, None, {"Eli": Plain(4, True, ("a",))})
    board = Telling().board_grid(document)
    assert [c.key for c in board.columns] == ["name", "nerve", "calm"]
    assert [cell.text for cell in board.rows[0].cells] == ["Eli", "4", "yes"]


def test_the_fright_check_board_shows_a_running_fight_and_the_traits(tmp_path: Path) -> None:
    """Issue 22: the GURPS board showed neither that a fight (heat of battle) runs nor the
    traits that move a check."""
    from journal.rulesets.fright_check.rules.encounter_start import StartCombat

    sheet = {"will": 10, "ht": 10, "iq": 12, "traits": {"Fearlessness": 2, "Combat Reflexes": True}}
    with journal.create(str(tmp_path / "j.db"), "morgue", ruleset="fright-check") as morgue:
        morgue.run(AddCharacter("Eli", sheet))
        morgue.run(AddCharacter("Ada", {"will": 9, "ht": 10, "iq": 10}))
        assert morgue.board_grid().title is None
        morgue.run(StartCombat("Brawl", ("Eli",)))
        board = morgue.board_grid(gm=False)
        assert board.title == "Combat 'Brawl' running: heat of battle +5 to Fright Checks for Eli"
        traits = [c.key for c in board.columns].index("traits")
        cells = {r.character: r.cells[traits].text for r in board.rows}
        assert cells == {"Eli": "Combat Reflexes, Fearlessness 2", "Ada": "-"}


def test_the_board_in_initiative_order_and_no_mark_for_who_left(tmp_path: Path) -> None:
    """Issue 30, item 8: once initiative is rolled the rows follow it (the highest first,
    then who has yet to roll, then who left); `○` (yet to act) only for who can still act,
    not for someone who left the fight."""
    from journal.rulesets.horror_factor.rules.encounter_leave import LeaveEncounter
    from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative

    sheets = {**SHEETS, "Linda": {**SHEETS["Freddie"]}}
    with journal.create(str(tmp_path / "j.db"), "night", ruleset="horror-factor") as night:
        for name, sheet in sheets.items():
            night.run(AddCharacter(name, sheet))
        night.run(StartEncounter("Cellar", "3", ("Freddie", "Ariella", "Linda")))
        night.run(RollInitiative("Ariella"), dice={"initiative": (9, 1)})
        order = [text.split()[0] for text, _ in row_lines(night.board().grid)[2:]]
        assert order == ["Ariella", "Freddie", "Linda"]
        night.run(RollInitiative("Linda"), dice={"initiative": (10, 1)})
        order = [text.split()[0] for text, _ in row_lines(night.board().grid)[2:]]
        assert order == ["Linda", "Ariella", "Freddie"]
        night.run(LeaveEncounter("Freddie", "fled up the stairs"))
        board = night.board()
        assert [text.split()[0] for text, _ in row_lines(board.grid)[2:]] == [
            "Linda",
            "Ariella",
            "Freddie",
        ]
        assert "Freddie" not in marks(board)
