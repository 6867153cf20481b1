"""The GM's evening of issue 41: a GURPS Fright Check campaign for three players, two
sessions, a monster, entered dice, a mistyped die amended two commands back, a secret for
one player revealed in the next session, the safety tools. Every die is entered, so the
log is the same each time it is typed.

Shared by the tests of what each audience reads of it (recaps, pages, posts, `play`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

SLUG = "hospital"
CAMPAIGN = ("campaign", "new", SLUG, "--ruleset", "fright-check", "--title", "St. Agnes")
CAST = [
    ("character", "add", "Mara", "--will", "12", "--ht", "11", "--iq", "13",
     "--trait", "Combat Reflexes"),
    ("character", "add", "Cole", "--will", "10", "--ht", "10", "--iq", "12",
     "--disadvantage", "Cowardice=-10/12"),
    ("character", "add", "Priya", "--will", "13", "--ht", "12", "--iq", "12",
     "--trait", "Fearlessness=2"),
]  # fmt: skip
#: the seqs the commands below give, as `log` shows them
SECRET, VEILED, LINEN_ROOM, PRIYA_CHECK, COLE_CHECK, MARA_CHECK = 9, 10, 11, 12, 13, 14
FIGHT = "The thing in the linen room"
SESSION_ONE = [
    ("safety", "line", "Harm to children"),
    ("safety", "veil", "Self-harm"),
    ("session", "start", "Admission night", "--at", "1987-10-30 22:00"),
    ("note", "The night nurse hands Mara the keys to the linen room."),
    ("note", "Cole sees his dead brother in the mirror.", "--for", "Cole"),
    ("note", "The patient's arms are scarred.", "--veil", "self-harm"),
    ("encounter", "start", FIGHT),
    ("fright", "Priya", "--threat", "nurse", "--monster", "-4", "--kind", "ghoul",
     "--dice", "6,6,5", "--table-dice", "3,4,5", "--effect-dice", "stun=2"),
    ("fright", "Cole", "--threat", "nurse", "--dice", "6,6,6", "--table-dice", "4,4,2",
     "--effect-dice", "faint=1"),
    ("fright", "Mara", "--threat", "nurse", "--dark", "--dice", "5,5,6",
     "--table-dice", "1,2,2"),
]  # fmt: skip
#: the red die was a 5, not a 6: found two commands on
AMENDED = [
    ("amend", str(MARA_CHECK), "--dice", "5,5,5", "--reason", "misread the red die"),
    ("encounter", "end"),
    ("session", "end"),
]
SESSION_TWO = [
    ("session", "start", "The second night", "--at", "1987-10-31 22:00"),
    ("reveal", str(SECRET), "--to", "Priya"),
    ("note", "Priya finds Cole's brother's name on the ward list."),
    ("encounter", "start", "The nurse returns"),
    ("fright", "Priya", "--threat", "nurse", "--dice", "5,6,6", "--table-dice", "3,3,4",
     "--effect-dice", "fp=4", "--effect-dice", "stun=4"),
    ("xcard",),
    ("encounter", "end"),
    ("recover", "Cole", "--dice", "3,3,3"),
    ("rest", "--all"),
    ("session", "end"),
]  # fmt: skip
COMMANDS = [CAMPAIGN, *CAST, *SESSION_ONE, *AMENDED, *SESSION_TWO]
#: the sheet and the threats as the night changes them (issue 41, E2 and E3), played before
#: the second night's rest: the GM describes the matron once, Mara's check inherits her
#: modifier and kind; Cole's sheet takes the Phobia the ward gave him, with its reason
SHEET_AND_THREAT = [
    ("threat", "add", "matron", "--monster", "-2", "--kind", "ghost", "--name", "the matron"),
    ("fright", "Mara", "--threat", "matron", "--dice", "3,3,3"),
    ("character", "trait", "add", "Cole", "Phobia (hospitals)", "--points", "-10", "--scn",
     "12", "--mental", "--reason", "since the ward"),
]  # fmt: skip
WITH_SHEET_AND_THREAT = [
    CAMPAIGN, *CAST, *SESSION_ONE, *AMENDED, *SESSION_TWO[:-2], *SHEET_AND_THREAT,
    *SESSION_TWO[-2:],
]  # fmt: skip


def play_evening(run: Callable[..., Result], commands: list[tuple[str, ...]] = COMMANDS) -> None:
    """Type `commands` (the whole evening by default) with `run` (`typist`, a `Cli`)."""
    for command in commands:
        run(*command)


def evening_db(folder: Path, commands: list[tuple[str, ...]] = COMMANDS) -> Path:
    """A database of the evening (or of its first `commands`) in `folder`."""
    from support.cli import clean_folder, typist

    with clean_folder(folder):
        play_evening(typist(folder / "evening.db"), commands)
    return folder / "evening.db"
