"""What each audience reads of the GM's evening (issue 41), from the CLI as the GM made
the handouts: a character's recap tells every fight they were in, a fight that names no
cast included (E1); the GM's copy of a veiled note is marked veiled wherever the GM reads
it, so it is never read aloud by mistake (E14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli, clone
from support.evening import COMMANDS, FIGHT, evening_db, play_evening


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return evening_db(tmp_path_factory.mktemp("evening"))


@pytest.fixture
def evening(built: Path, runner: Cli) -> Cli:
    clone(built, runner.db)
    return runner


def test_a_characters_recap_tells_every_fight_they_were_in(evening: Cli) -> None:
    """`encounter start "The thing in the linen room"` (no `--cast`: everyone's fight):
    `recap 1 --for Priya` and `--for Mara` had no encounter section; the players' had."""
    for who in ("players", "Priya", "Mara", "Cole"):
        recap = evening("recap", "1", "--for", who).stdout
        assert f"### Encounter: {FIGHT}" in recap, who
        assert "Facing it: everyone." in recap, who
        fight = recap.split(f"### Encounter: {FIGHT}")[1].split("*The fight ends")[0]
        assert (f"{who}'s Fright Check against nurse" in fight) or who == "players", who
    # in a character's copy the fight holds their own check, no one else's
    priya = evening("recap", "1", "--for", "Priya").stdout
    assert "Cole's Fright Check" not in priya and "Mara's Fright Check" not in priya
    # Mara made no check in the second fight: she was in it all the same
    mara = evening("recap", "2", "--for", "Mara", "--format", "html").stdout
    assert "The nurse returns</h3>" in mara and "Priya's Fright Check" not in mara


def test_a_character_who_joins_a_fight_reads_it_from_the_join(runner: Cli) -> None:
    """A fight with a cast: a character outside it reads nothing of it until they join;
    from the join on their recap tells it (their check inside it)."""
    play_evening(runner, COMMANDS[:4])
    runner("session", "start", "Rounds")
    runner("encounter", "start", "The morgue drawer", "--cast", "Mara")
    runner("note", "The lights flicker.")
    runner("encounter", "join", "Cole")
    runner("fright", "Cole", "--threat", "drawer", "--dice", "3,3,3")
    runner("encounter", "end")
    cole = runner("recap", "--for", "Cole").stdout
    assert "### Encounter: The morgue drawer" in cole
    assert "Cole's Fright Check against drawer" in cole.split("### Encounter")[1]
    assert cole.index("The lights flicker.") < cole.index("### Encounter")
    priya = runner("recap", "--for", "Priya").stdout
    assert "The morgue drawer" not in priya  # never in it


def test_the_gms_copy_marks_a_veiled_note_everywhere(evening: Cli, tmp_path: Path) -> None:
    """`note "The patient's arms are scarred." --veil self-harm`: the players read it faded;
    the GM's copy had the text unmarked, easy to read aloud by mistake."""
    marked = "[veiled: self-harm] The patient's arms are scarred."
    gm = evening("recap", "1", "--for", "gm").stdout
    assert "\\[veiled: self-harm\\] The patient's arms are scarred." in gm
    html = evening("recap", "1", "--for", "gm", "--format", "html").stdout
    assert marked.replace("'", "&#39;") in html
    book = tmp_path / "book.html"
    evening("book", "--for", "gm", "--format", "html", "-o", str(book))
    assert marked.replace("'", "&#39;") in book.read_text()
    for who in ("players", "Priya"):
        theirs = evening("recap", "1", "--for", who).stdout
        assert "\\[faded to black: self-harm\\]" in theirs and "scarred" not in theirs
        assert "veiled" not in theirs
