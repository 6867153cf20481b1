"""A long note is printed as paragraphs cut at its sentence ends: every character the GM
typed is kept, escaped, in order; a short note is left as one paragraph."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape

import journal
from journal.handouts.render import html_paragraphs
from journal.rules.core.commands import AddCharacter, StartSession, TakeNote

SENTENCE = "The cellar door creaked & Linda heard <whispers> behind it. "
PARA = re.compile(r'<span class="para">(.*?)</span>', re.S)


def _runs(value: str) -> list[str]:
    return PARA.findall(str(html_paragraphs(value)))


def _rejoined(runs: list[str]) -> str:
    """The runs read as text again: a cut made at a space takes only that space."""
    return html.unescape(" ".join(runs))


def test_a_short_note_stays_one_paragraph() -> None:
    text = SENTENCE * 30  # 1,800 characters
    assert html_paragraphs(text) == escape(text)


def test_a_long_note_is_cut_after_its_sentences() -> None:
    text = (SENTENCE * 200).strip()
    runs = _runs(text)
    assert len(runs) > 10
    assert all(run.endswith(".") for run in runs)  # every cut after a full stop
    assert all(len(run) <= 1000 for run in runs[:-1])
    assert _rejoined(runs) == text
    assert "<whispers>" not in "".join(runs)  # escaped, as any note


def test_one_long_word_is_cut_but_never_inside_an_entity() -> None:
    text = "ab&" * 2000
    runs = _runs(text)
    assert len(runs) > 5
    assert all(re.search(r"&(?!amp;)", run) is None for run in runs)
    assert html.unescape("".join(runs)) == text


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab .!?&<'\n")), min_size=2001, max_size=6000))
def test_the_text_survives_the_cuts(text: str) -> None:
    runs = _runs(text)
    joined = "".join(runs)
    spaces = len(runs) - 1  # at most one space taken at each cut
    assert len(html.unescape(joined)) in range(len(text) - spaces, len(text) + 1)
    assert re.sub(r"\s", "", html.unescape(joined)) == re.sub(r"\s", "", text)


@pytest.fixture
def long_note(tmp_path: Path) -> Iterator[journal.Journal]:
    sheet = {"reaction": 12, "willpower": 10, "hardness": 2, "training": "none"}
    with journal.create(str(tmp_path / "journal.db"), "night", "horror-factor") as night:
        night.run(AddCharacter("Linda", sheet))
        night.run(StartSession("The long note"))
        night.run(TakeNote(SENTENCE * 100))
        yield night


def test_the_recap_prints_a_long_note_in_paragraphs(long_note: journal.Journal) -> None:
    page = long_note.recap_text(None, "players", "html")
    runs = PARA.findall(page)
    assert len(runs) >= 6
    assert _rejoined(runs) == (SENTENCE * 100).strip()
    assert long_note.recap_text(None, "players", "md").count("The cellar door") == 100
