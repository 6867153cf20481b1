"""`amend` at the `journal play` prompt: the Hobbs case typed at the table, the board
following the amended past, and the dice a corrected ruling newly needs asked for there."""

from __future__ import annotations

from pathlib import Path

from support import corrections_examples
from support.cli import Cli, count_events
from support.pty import Table


def test_the_hobbs_case_at_the_play_prompt(runner: Cli, tmp_path: Path) -> None:
    corrections_examples.hobbs(runner, session=True, notes=True)
    table = Table(runner.db, tmp_path).started("hf")
    try:
        table.type("initiative Hobbs")
        table.answer("Hobbs's initiative: +d10 -d10, acts at +0 or better", "+8/-1")
        table.ready()
        table.shows("#16 Hobbs rolls initiative +8/-1")
        table.run("drop Hobbs")
        table.shows("#17 Hobbs drops the first enemy")
        table.run("shift Hobbs hurt")
        table.shows("#18 HF +2 for Hobbs: hurt: Hobbs 5->7")
        # a second roll for the same turn is refused, naming amend
        table.run("initiative Hobbs --dice +1/-8")
        table.shows("Error: Hobbs already rolled initiative this turn (8)")
        assert "amend SEQ --dice +A/-B" in table.text()  # in the prompt's own words
        table.run('amend 16 --dice +1/-8 --reason "misread die"')
        table.shows("#21 Re-rules #18 (re-ruled after the amendment of #16): HF +2 for Hobbs")
        text = table.text()
        assert "#19 Re-rules #16 (misread die): Hobbs rolls initiative +1/-8" in text
        assert "= -6 (cannot act, defense -6; penalty -7)" in text
        assert "#20 Voids #17 (Hobbs's drop of an enemy): re-ruled after the amendment" in text
        board = table.board()
        hobbs = next(line for line in board.splitlines() if "Hobbs" in line)
        assert "FROZE" in hobbs and "-6" in hobbs and hobbs.startswith("✗")
    finally:
        table.close()
    audit = runner.json("audit")
    assert audit["differences"] == [] and audit["invariants"] == []  # type: ignore[index]
    assert count_events(runner.db) == 21


def test_amend_asks_for_the_dice_a_corrected_ruling_newly_needs(
    runner: Cli, tmp_path: Path
) -> None:
    """A Fright Check that succeeded rolled no table dice; corrected to a failure, it needs
    them, and the prompt asks for them (Will 10: 5,3,3 = 11 fails by 1; 1,1,2 + 1 = row 5)."""
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("fright", "Eli", "--threat", "ghoul-1", "--dice", "3,3,3")
    table = Table(runner.db, tmp_path).started("morgue")
    try:
        table.type('amend 3 --dice 5,3,3 --reason "misread the Will roll"')
        table.answer("Re-ruling #3, it now needs table: 3d6", "1,1,2")
        table.ready()
        table.shows("#4 Re-rules #3 (misread the Will roll): Eli's Fright Check vs ghoul-1")
        assert "Will 10 = 10; rolled 11" in table.text()
        assert "→ row 5: stun 1 second" in table.text()
    finally:
        table.close()
    amended = runner.json("log")[3]["data"]["data"]  # type: ignore[index]
    assert amended["dice"]["table"] == {"faces": [1, 1, 2], "source": "entered"}
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
