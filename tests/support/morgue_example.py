"""A night (and the next) in the St. Agnes county morgue: GURPS Fright Checks as a GM types
them, every die entered, so the table reaches many of its rows (shared by the tests and the
shipped log).

`python tests/support/morgue_example.py campaigns/morgue/log.jsonl` rebuilds the shipped log.
"""

from __future__ import annotations

import sys

CAMPAIGN = ("campaign", "new", "morgue", "--ruleset", "fright-check",
            "--title", "A Night in the Morgue")  # fmt: skip
CAST = [
    ("character", "add", "Marsh", "--will", "12", "--ht", "11", "--iq", "13",
     "--trait", "Fearlessness=1", "--trait", "Xenophilia=1",
     "--quirk", "Hums while she works", "--disadvantage", "Curious=-5/12"),
    ("character", "add", "Rourke", "--will", "11", "--ht", "12", "--iq", "11",
     "--trait", "Combat Reflexes", "--trait", "Daredevil",
     "--disadvantage", "Necrophobia=-10/12"),
    ("character", "add", "Ortiz", "--will", "10", "--ht", "10", "--iq", "10",
     "--trait", "Fearfulness=2", "--trait", "Cowardice=2", "--quirk", "Crosses himself"),
    ("character", "add", "Breen", "--will", "13", "--ht", "10", "--iq", "12",
     "--trait", "Unfazeable", "--trait", "Higher Purpose"),
]  # fmt: skip

# The Fright Checks, in order, with the row each reaches (Will after modifiers in brackets).
NIGHT_ONE = [
    ("session", "start", "The night shift", "--at", "1987-11-13 23:00"),
    ("note", "St. Agnes county morgue. Ortiz, the night attendant, called in noises from the "
             "cold room; Dr. Marsh and Detective Rourke came; Father Breen came uninvited."),
    ("note", "Drawers 4 to 9 are the ghouls' larder. Twelve of them nest under the incinerator, "
             "with their matriarch.", "--gm-only"),
    # drawer 4 (mutilated): Marsh [10] row 5, Rourke [11] row 7, Ortiz [5] row 12
    ("fright", "Marsh", "--threat", "drawer-4", "--kind", "corpse", "--mutilated", "2", "--dark",
     "--dice", "4,4,3", "--table-dice", "1,1,2"),
    ("fright", "Rourke", "--threat", "drawer-4", "--kind", "corpse", "--mutilated", "2",
     "--dice", "5,4,4", "--table-dice", "1,2,2"),
    ("fright", "Ortiz", "--threat", "drawer-4", "--kind", "corpse", "--mutilated", "2", "--dark",
     "--dice", "3,3,3", "--table-dice", "2,3,3"),
    ("clock", "advance", "20min"),
    ("note", "The body in drawer 6 sits up and grabs Marsh by the ankle.", "--about", "Marsh"),
    # the corpse-walker: Marsh [8] row 13, Rourke [9] row 16, Ortiz [2] row 18
    ("fright", "Marsh", "--threat", "corpse-walker", "--kind", "ghoul", "--monster", "-3",
     "--dark", "--touched", "--dice", "4,4,4", "--table-dice", "3,3,3"),
    ("fright", "Rourke", "--threat", "corpse-walker", "--kind", "ghoul", "--monster", "-3",
     "--dark", "--dice", "5,5,4", "--table-dice", "4,4,3", "--effect-dice", "stun=3"),
    ("fright", "Ortiz", "--threat", "corpse-walker", "--kind", "ghoul", "--monster", "-3",
     "--dark", "--cowardice-applies", "--dice", "4,3,3", "--table-dice", "4,3,3",
     "--effect-dice", "faint=4", "--effect-dice", "ht=4,4,4"),
    ("trait", "Marsh", "--name", "Checks under the autopsy tables", "--points", "-1",
     "--for", "14"),
    ("trait", "Rourke", "--name", "Keeps every light on", "--points", "-1", "--for", "15"),
    ("encounter", "start", "Brawl in the autopsy room", "--cast", "Marsh,Rourke,Ortiz,Breen"),
    # the pack (12): Rourke [15 -> 13] row 10, Marsh [15 -> 13] succeeds, Ortiz [8] row 11
    ("fright", "Rourke", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "12",
     "--monster", "-3", "--daredevil", "--dice", "5,5,5", "--table-dice", "2,3,3",
     "--effect-dice", "stun=2"),
    ("fright", "Marsh", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "12",
     "--monster", "-3", "--xenophilia-applies", "--dice", "2,2,3"),
    ("fright", "Ortiz", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "12",
     "--monster", "-3", "--touched", "--dice", "5,4,4", "--table-dice", "1,2,3",
     "--effect-dice", "stun=4,5"),
    ("fright", "Breen", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "12"),
    ("note", "Breen drives them back down the chute with a crucifix and a can of kerosene.",
     "--about", "Breen"),
    ("encounter", "end"),
    ("clock", "advance", "1h"),
    # drawer 9, the thing inside: Marsh [7] row 15, Ortiz [0] row 17, Rourke [7] row 19,
    # Ortiz again [1: exposed once] row 21
    ("fright", "Marsh", "--threat", "drawer-9", "--kind", "ghoul", "--monster", "-5", "--dark",
     "--isolated", "--dice", "4,4,5", "--table-dice", "3,3,3", "--effect-dice", "fp=3",
     "--effect-dice", "stun=2"),
    ("fright", "Ortiz", "--threat", "drawer-9", "--kind", "ghoul", "--monster", "-5", "--dark",
     "--isolated", "--alone", "--dice", "3,3,4", "--table-dice", "1,2,4",
     "--effect-dice", "faint=5"),
    ("fright", "Rourke", "--threat", "drawer-9", "--kind", "ghoul", "--monster", "-5", "--dark",
     "--isolated", "--dice", "5,5,5", "--table-dice", "3,4,4", "--effect-dice", "faint=3,4"),
    ("fright", "Ortiz", "--threat", "drawer-9", "--kind", "ghoul", "--monster", "-5", "--dark",
     "--isolated", "--alone", "--dice", "5,5,4", "--table-dice", "2,3,3",
     "--effect-dice", "panic=4"),
    ("clock", "advance", "40min"),
    ("note", "In the last drawer: Rourke's old partner, Danny Kowalski, missing since June.",
     "--about", "Rourke"),
    # the partner's body (mutilated, Rourke's Dependent): Rourke [4] row 20, Ortiz [5] row 22,
    # Marsh [10] row 23
    ("fright", "Rourke", "--threat", "kowalski", "--kind", "corpse", "--mutilated", "3",
     "--dependent", "--dark", "--dice", "4,4,4", "--table-dice", "4,4,4",
     "--effect-dice", "faint=2,3,4,5", "--effect-dice", "fp=2"),
    ("fright", "Ortiz", "--threat", "kowalski", "--kind", "corpse", "--mutilated", "3", "--dark",
     "--dice", "5,5,4", "--table-dice", "4,4,5"),
    ("fright", "Marsh", "--threat", "kowalski", "--kind", "corpse", "--mutilated", "3", "--dark",
     "--dice", "6,5,5", "--table-dice", "6,6,5"),
    ("trait", "Ortiz", "--name", "Delusion (the dead whisper to him)", "--points", "-10",
     "--for", "34"),
    ("trait", "Marsh", "--name", "Phobia (morgue drawers)", "--points", "-10", "--scn", "12",
     "--for", "35"),
    ("session", "end"),
]  # fmt: skip

NIGHT_TWO = [
    ("session", "start", "Back with a shotgun", "--at", "1987-11-14 22:00"),
    ("rest", "--all"),  # a day's sleep: FP back, the night's stuns and faints over
    ("note", "They go back in. Breen has read them the coroner's file on drawer 9."),
    # Ortiz at the funeral parlour first [17 -> 13]: a success (Rule of 14)
    ("fright", "Ortiz", "--threat", "kowalski", "--kind", "corpse", "--body", "peaceful",
     "--report", "1", "--dice", "4,4,3"),
    # drawer 9 again, 21h40 after the first look: Marsh [11] row 24
    ("fright", "Marsh", "--threat", "drawer-9", "--kind", "ghoul", "--monster", "-5", "--dark",
     "--report", "2", "--dice", "6,6,5", "--table-dice", "6,6,6"),
    ("trait", "Marsh", "--name", "Hard of Hearing; hair turned white", "--points", "-15",
     "--for", "43"),
    # the larder: Rourke [9] row 25, his Necrophobia gets worse
    ("fright", "Rourke", "--threat", "larder", "--kind", "corpse", "--mutilated", "3", "--dark",
     "--isolated", "--dice", "6,5,5", "--table-dice", "6,6,6"),
    ("trait", "Rourke", "--worsen", "Necrophobia", "--for", "45"),
    ("fright", "Rourke", "--threat", "rooftop-ghouls", "--kind", "ghoul", "--count", "5",
     "--distant", "--dark", "--dice", "3,3,3"),
    ("clock", "advance", "30min"),
    ("encounter", "start", "The nest under the incinerator", "--cast", "Marsh,Rourke,Ortiz,Breen"),
    # the pack again (23h10 after the brawl): Ortiz [6] row 26
    ("fright", "Ortiz", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "20",
     "--monster", "-3", "--dark", "--cowardice-applies", "--dice", "6,6,5",
     "--table-dice", "5,5,5", "--effect-dice", "faint=2", "--effect-dice", "ht=3,3,3"),
    # the matriarch: Rourke [9] row 27, Marsh dragged into the crawlspace [6] row 28
    ("fright", "Rourke", "--threat", "matriarch", "--kind", "ghoul", "--monster", "-8", "--dark",
     "--touched", "--dice", "6,6,6", "--table-dice", "6,6,6", "--effect-dice", "faint=3",
     "--effect-dice", "ht=5,6,6"),
    ("fright", "Marsh", "--threat", "matriarch", "--kind", "ghoul", "--monster", "-8", "--dark",
     "--touched", "--isolated", "--alone", "--dice", "6,6,6", "--table-dice", "6,5,5"),
    ("fright", "Breen", "--threat", "matriarch", "--kind", "ghoul", "--monster", "-8"),
    ("note", "Breen and Rourke pull Marsh out of the crawlspace; the matriarch burns.",
     "--about", "Breen,Rourke,Marsh"),
    ("encounter", "end"),
    ("trait", "Ortiz", "--name", "Delusion (ghouls wear the faces of the dead)",
     "--points", "-10", "--for", "50"),
    ("trait", "Rourke", "--name", "Nightmares", "--points", "-10", "--scn", "12", "--for", "51"),
    ("clock", "advance", "2h"),
    ("note", "The security tape of the nest, played back in the porter's lodge."),
    # the tape: Ortiz [3] row 29, Rourke [6] row 30
    ("fright", "Ortiz", "--threat", "matriarch", "--kind", "ghoul", "--monster", "-8", "--remote",
     "--dark", "--dice", "5,5,5", "--table-dice", "6,6,5", "--effect-dice", "coma=3"),
    ("fright", "Rourke", "--threat", "matriarch", "--kind", "ghoul", "--monster", "-8",
     "--remote", "--dark", "--mod", "Kowalski's face on the tape=-4", "--dice", "6,6,6",
     "--table-dice", "6,6,5", "--effect-dice", "catatonia=2"),
    ("clock", "advance", "3h"),
    ("note", "Before dawn the county burns the rest of the pack in the incinerator."),
    # the burning pack (the 24-hour window has let go of the first night's brawl, not of
    # Ortiz's last one): Marsh [4] row 31, Ortiz [-4] row 33, Rourke [-6] row 40+
    ("fright", "Marsh", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "50",
     "--monster", "-5", "--dark", "--dice", "6,6,5", "--table-dice", "6,6,6",
     "--effect-dice", "seizure=4", "--effect-dice", "seizure_fp=3", "--effect-dice", "ht=6,6,5",
     "--effect-dice", "injury=5"),
    ("fright", "Ortiz", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "50",
     "--monster", "-5", "--dark", "--alone", "--cowardice-applies", "--dice", "6,5,5",
     "--table-dice", "4,4,5", "--effect-dice", "reaction=6,5,4"),
    ("fright", "Rourke", "--threat", "ghoul-pack", "--kind", "ghoul", "--count", "100",
     "--monster", "-10", "--dark", "--isolated", "--alone", "--touched", "--dice", "6,6,6",
     "--table-dice", "6,5,5", "--effect-dice", "coma=5"),
    # Ortiz's total panic (#65): a failed Will roll, another reaction; then he comes out of it
    ("recover", "Ortiz", "--for", "65", "--dice", "5,5,6", "--reaction-dice", "4,4,4"),
    ("recover", "Ortiz", "--for", "65", "--dice", "2,3,3"),
    ("heal", "Marsh", "--hp", "2"),
    ("note", "Rourke's -15-point trait is left for the next session to name.", "--gm-only"),
    ("session", "end"),
]  # fmt: skip

COMMANDS: list[tuple[str, ...]] = [CAMPAIGN, *CAST, *NIGHT_ONE, *NIGHT_TWO]

#: (character, row) of every Fright Check made, in order (None: a success)
ROWS = [
    ("Marsh", 5), ("Rourke", 7), ("Ortiz", 12),
    ("Marsh", 13), ("Rourke", 16), ("Ortiz", 18),
    ("Rourke", 10), ("Marsh", None), ("Ortiz", 11),
    ("Marsh", 15), ("Ortiz", 17), ("Rourke", 19), ("Ortiz", 21),
    ("Rourke", 20), ("Ortiz", 22), ("Marsh", 23),
    ("Ortiz", None), ("Marsh", 24), ("Rourke", 25), ("Rourke", None),
    ("Ortiz", 26), ("Rourke", 27), ("Marsh", 28),
    ("Ortiz", 29), ("Rourke", 30),
    ("Marsh", 31), ("Ortiz", 33), ("Rourke", 40),
]  # fmt: skip


def main(out: str) -> None:
    import tempfile
    from pathlib import Path

    from click.testing import CliRunner

    from journal.cli.main import cli

    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "journal.db")
        runner = CliRunner()
        for command in COMMANDS:  # one GM, named: the shipped log says who entered it
            result = runner.invoke(cli, ["--db", db, "--writer", "gm@morgue", *command])
            assert result.exit_code == 0, (command, result.output)
        result = runner.invoke(cli, ["--db", db, "export", "-o", out])
        assert result.exit_code == 0, result.output


if __name__ == "__main__":
    main(sys.argv[1])
