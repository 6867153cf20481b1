"""One audience rule: every reader of notes, pages, posts and proofs asks the one filter
(`journal.handouts.recap.sees`), `Journal.public_notes` (a character's page, the players'
notes) included. Each reader shows what its audience may see; with a filter planted that
refuses every note, none of them shows one (a reader with a rule of its own would)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from support.cli import Cli

import journal
from journal.api.errors import JournalError
from journal.api.journal import Journal
from journal.handouts import recap
from journal.rules.core.events import NoteTaken, SecretNoted, VeiledNoteTaken

SHEET = ("--will", "11", "--ht", "10", "--iq", "11")
#: each note's marker, and the readers (audiences) that may see it
SHOWN = {
    "cole-note-x9": {"players", "Cole"},
    "nobody-note-x9": {"players", "Cole", "Mara"},
    "mara-note-x9": {"players", "Mara"},
    "crypt-gm-x9": {"Mara"},  # GM-only, revealed to Mara
    "cole-face-x9": {"Cole"},  # --for Cole
}


@pytest.fixture
def crypt(runner: Cli) -> Cli:
    runner("campaign", "new", "crypt", "--ruleset", "fright-check")
    for name in ("Cole", "Mara"):
        runner("character", "add", name, *SHEET)
    runner("session", "start", "The chapel")
    runner("note", "cole-note-x9", "--about", "Cole")  # 5
    runner("note", "nobody-note-x9")  # 6
    runner("note", "mara-note-x9", "--about", "Mara")  # 7
    runner("note", "crypt-gm-x9", "--gm-only")  # 8
    runner("note", "cole-face-x9", "--for", "Cole")  # 9
    runner("reveal", "8", "--to", "Mara")  # 10
    runner("session", "end")
    return runner


def readers(db: str) -> dict[tuple[str, str], Callable[[], str]]:
    """(way out, audience) -> what it shows, as text."""
    from journal.posting import vault

    night = journal.open(db, campaign="crypt")
    found: dict[tuple[str, str], Callable[[], str]] = {}
    for who in ("players", "Cole", "Mara"):
        about = None if who == "players" else who
        found["notes", who] = lambda a=about: json.dumps([n.text for n in night.public_notes(a)])
        found["recap", who] = lambda w=who: json.dumps(night.recap(1, w))
        found["recap md", who] = lambda w=who: night.recap_text(1, w, "md")
        found["book", who] = lambda w=who: str(night.book_text(w, "html"))
        found["just now", who] = lambda w=who: json.dumps(night.latest_happenings(w))
        found["vault", who] = lambda w=who: "\n".join(
            n.text for n in vault.notes(night, w).values()
        )
        found["proof", who] = lambda w=who: _proved(night, w)
    return found


def _proved(night: Journal, who: str) -> str:
    """What the proofs of the notes show `who` (a note it may not see is refused)."""
    shown = []
    for seq in range(5, 10):
        try:
            shown.append(json.dumps(night.prove(seq, who)))
        except JournalError:
            continue
    return "\n".join(shown)


def test_each_reader_shows_each_audience_what_it_may_see(crypt: Cli) -> None:
    for (way, who), read in readers(crypt.db).items():
        text = read()
        expected = {m for m, audiences in SHOWN.items() if who in audiences}
        if way == "notes" and who != "players":
            expected.discard("nobody-note-x9")  # a character's page: the notes about them
        assert {m for m in SHOWN if m in text} == expected, (way, who)


def test_every_reader_asks_the_one_filter(crypt: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    real = recap.sees
    asked: list[str] = []

    def no_notes(audience: recap.Audience, payload: object, *args: object) -> bool:
        asked.append(audience.kind)
        if isinstance(payload, NoteTaken | SecretNoted | VeiledNoteTaken):
            return False
        return real(audience, payload, *args)  # type: ignore[arg-type]

    ways = readers(crypt.db)
    before = {key: read() for key, read in ways.items()}
    monkeypatch.setattr(recap, "sees", no_notes)
    for key, read in ways.items():
        asked.clear()
        text = read()
        assert asked, f"{key} did not ask the filter"
        shown = [m for m in SHOWN if m in text]
        assert shown == [], f"{key} shows {shown} that the filter refused"
        assert any(m in before[key] for m in SHOWN), f"{key} showed no note even before"
