"""`journal log`'s text is read for its lines only (`Journal.log_text`: `Store.read_for_log`,
no record made) and says exactly what the text of `log`'s document says, however it is
asked: a session, a character by an old or a new name, as of an event, with the writers,
over a rename, a void, an amendment, an event logged between sessions, and an event its
rules cannot read (voided, as the GM is told to)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest
from support.cli import Cli
from support.corrections_examples import hobbs

import journal
from journal.store import Store

#: each way of asking: (session, character, as_of, as_of_session)
ASKED = [
    (None, None, None, None),
    (1, None, None, None),
    (2, None, None, None),
    (None, "Hobbs", None, None),
    (None, "Lindy", None, None),
    (None, "Linda", None, None),
    (2, "Linda", None, None),
    (None, None, 9, None),
    (None, "Linda", 9, None),
    (None, None, None, 1),
]


@pytest.fixture
def gm(runner: Cli) -> Iterator[Cli]:
    hobbs(runner, session=True)  # 4: session 1, 5: the encounter
    runner("initiative", "Hobbs", "--dice", "+5/-6")  # 6
    runner("initiative", "Linda", "--dice", "+3/-5")  # 7
    runner("note", "Linda hides", "--about", "Linda")  # 8
    runner("amend", "6", "--dice", "+9/-1", "--reason", "misread")  # 9 (and re-rules)
    runner("character", "rename", "Linda", "Lindy")
    runner("encounter", "end")
    runner("session", "end")
    runner("note", "between the sessions")
    runner("session", "start", "Two")
    runner("character", "add", "Linda", "--reaction", "10", "--willpower", "10",
           "--hardness", "1", "--training", "none")  # fmt: skip
    runner("note", "A new Linda", "--about", "Linda")
    runner("void", "8", "--reason", "not said")
    yield runner


def _unreadable_note(db: str) -> int:
    """A note its rules cannot read (its text a number), appended by hand: its seq."""
    conn = sqlite3.connect(db)
    with conn:
        seq, hash_ = conn.execute(
            "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        conn.execute(
            "INSERT INTO events (campaign, seq, event_id, type, schema, data, recorded_at, "
            "game_time, session, prev_hash, hash, writer) VALUES ('hf', ?, ?, 'NoteTaken', 1, "
            '\'{"text": 5, "gm_only": false, "about": []}\', \'2026-01-01 00:00:00.000000\', '
            "NULL, 2, ?, ?, NULL)",
            (seq + 1, f"00000000-0000-0000-0000-{seq + 1:012d}", hash_, "f" * 64),
        )
    conn.close()
    return int(seq) + 1


@pytest.mark.parametrize("writers", [False, True])
def test_the_text_is_the_documents_text_every_way_it_is_asked(gm: Cli, writers: bool) -> None:
    with journal.open(gm.db) as night:
        for session, character, as_of, as_of_session in ASKED:
            document = night.log(session, character, as_of, as_of_session)
            text = night.log_text(session, character, as_of, as_of_session, writers)
            assert text == (document.text(writers) if document.entries else "")
        everything = night.log_text(writers=writers)
    assert "[amended by #9]" in everything and "(now Lindy)" in everything
    assert "[voided]" in everything and "Note: between the sessions" in everything


def test_an_event_its_rules_cannot_read_says_so_in_both(gm: Cli) -> None:
    seq = _unreadable_note(gm.db)
    gm("void", str(seq), "--reason", "written by hand")
    with journal.open(gm.db) as night:
        for session in (None, 2):
            for writers in (False, True):
                assert night.log_text(session, writers=writers) == night.log(session).text(writers)
        text = night.log_text(2)
    assert f"#{seq:<4} NoteTaken, which its rules cannot read (NoteTaken.text cannot be 5" in text


def test_the_command_prints_the_text_and_reads_no_record(
    gm: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    with journal.open(gm.db) as night:
        expected = night.log(2, "Linda").text(True)

    def no_records(*args: object, **kwargs: object) -> Iterator[object]:
        raise AssertionError("the log's text made a record of every event")

    monkeypatch.setattr(Store, "read", no_records)
    printed = gm("log", "--session", "2", "--character", "Linda", "--writers").stdout
    assert printed == expected + "\n"
    assert gm("log", "--session", "2", "--as-of", "3").stdout == ""  # nothing to show
