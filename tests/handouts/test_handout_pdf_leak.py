"""The handout leak property over PDFs: for random logs of either ruleset (the stories of
`test_handout_leak_property`), the text of no players' or character's PDF (the book, the
last session's recap, each arc), as pypdf reads it back, shows GM-only content: a GM-only
note's or a voided note's marker, a ruling's dice, the GM-only badge or the GM's label.

The GM's book shows each marker of a GM-only note: the property can fail (in its HTML,
which the PDF prints, for every log; printed and read back by pypdf, for the first log
with a note in a session: printing the GM's whole book again for each log would prove
nothing more about the players' PDFs and cost a third of the test). The text is
compared with white space removed, so a marker a line broke in two is still found."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from support.accepted import Accepted
from support.api import random_logs, state_of
from support.extras import needed
from support.pdf import squashed, text
from test_handout_leak_property import SHEETS, Story, assert_clean, stories, write

from journal.handouts.recap import Audience

pytestmark = needed("pdf")

EXAMPLES = int(os.environ.get("JOURNAL_PDF_LEAK_EXAMPLES", "3"))
#: what only the GM's copy shows, as the PDF's text reads (lower case: CSS capitalises)
GM_MARKS = ("gmonly", "gm'scopy", "·dice")


#: the commands of the random logs the journal recorded (`support.accepted`)
TALLY = Accepted(commands=0.01)
_tallied = TALLY.fixture()


@pytest.fixture(scope="module", autouse=True)
def _seeded() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("JOURNAL_DICE_SEED", "14")
        yield


def _clean(pdf: bytes, story: Story, what: str) -> None:
    found = squashed(text(pdf))
    for marker in [m for ms in story.secrets.values() for m in ms] + story.voided:
        assert squashed(marker) not in found, (what, marker)
    lowered = found.lower()
    for mark in GM_MARKS:
        assert mark not in lowered, (what, mark)


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_no_players_or_character_pdf_shows_gm_only_content(ruleset: str) -> None:
    seen: Counter[str] = Counter()

    @random_logs(EXAMPLES)
    @given(stories(ruleset))
    def property_holds(case: tuple[Story, list[tuple[str, int, int]]]) -> None:
        story, actions = case
        with write(story, actions) as night:
            state = state_of(night)
            if not state.sessions:
                return
            seen["logs"] += 1
            seen["secrets"] += sum(map(len, story.secrets.values()))
            seen["voided"] += len(story.voided)
            in_sessions = [m for n, ms in story.secrets.items() if n is not None for m in ms]
            gm_html = night.book_text(Audience.gm_copy(), "html")
            assert isinstance(gm_html, str)
            for marker in in_sessions:  # the markers are real (a note between sessions
                assert marker in gm_html, marker  # is in no recap)
            if in_sessions and not seen["gm pdfs"]:  # and printed, pypdf reads them back
                gm_book = night.book_text(Audience.gm_copy(), "pdf")
                assert isinstance(gm_book, bytes)
                gm_text = squashed(text(gm_book))
                for marker in in_sessions:
                    assert squashed(marker) in gm_text, marker
                seen["gm pdfs"] += 1
            readers = [Audience.players()] + [Audience.character(n) for n in state.characters]
            for reader in readers:  # every recap and arc this reader may see, in one page
                html = night.book_text(reader, "html")
                assert isinstance(html, str)
                assert_clean(html, story, f"the HTML book for {reader.label}")
            # printed: the players' and the first character's books, last recaps and arcs
            # (every reader's book was checked above as the HTML the PDF prints)
            first = state.characters[0]
            for reader in (Audience.players(), Audience.character(first)):
                book = night.book_text(reader, "pdf", "letter")
                assert isinstance(book, bytes)
                _clean(book, story, f"the book for {reader.label}")
                _clean(night.recap_pdf(None, reader), story, f"the last recap for {reader.label}")
                seen["pdfs"] += 2
            _clean(night.arc_pdf(first), story, f"{first}'s arc")
            seen["pdfs"] += 1

    property_holds()
    assert seen["logs"] >= EXAMPLES - 1, seen  # a log without a session has no book
    assert seen["secrets"] >= 1, seen  # (voided notes: as the logs have them)
    assert seen["pdfs"] >= 3 * seen["logs"], seen
    assert seen["gm pdfs"] == 1, seen  # the PDF's reading finds what the GM's copy shows
    print(f"{ruleset}: {dict(seen)}")
