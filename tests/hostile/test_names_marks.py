"""Issue 29 (F5): a dot above on a soft-dotted letter (`i` + U+0307) draws nothing new, so a
name that differs from another only by such marks is refused as a look-alike; a property
over names built from the attacker's letters."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.cli import Cli, count_events

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "0", "--training", "none")


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Lili", *SHEET)
    runner("character", "add", "Alice", *SHEET)
    runner("character", "add", "Jojo", *SHEET)
    return runner


@pytest.mark.parametrize(
    ("name", "like"),
    [("Li\u0307li", "Lili"), ("Ali\u0307ce", "Alice"), ("J\u0307oj\u0307\u0307o", "Jojo"),
     ("L\u0456\u0307li", "Lili"), ("ALI\u0307CE", "Alice")],
)  # fmt: skip
def test_a_dot_above_an_i_or_j_is_a_lookalike(night: Cli, name: str, like: str) -> None:
    said = night.refused("character", "add", name, *SHEET).stderr
    assert f"looks like '{like}'" in said
    assert count_events(night.db) == 4


def test_a_mark_that_shows_still_makes_another_name(night: Cli) -> None:
    night("character", "add", "L\u00edli", *SHEET)  # an acute: a letter of its own


def _dropped(text: str) -> str:
    """NFKC, then every U+0307 straight after an i or j (any case) dropped."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text))
    return re.sub("(?<=[ijIJ])\u0307+", "", decomposed)


@settings(max_examples=300, deadline=None)
@given(
    base=st.text(alphabet="aijlIJL", min_size=1, max_size=6),
    marks=st.lists(st.integers(0, 6), max_size=4),
)
def test_names_equal_once_dots_over_soft_dotted_letters_drop_clash(
    base: str, marks: list[int]
) -> None:
    from journal.names import lookalike

    typed = base
    for at in sorted(set(marks), reverse=True):
        if at < len(typed) and typed[at] in "ijIJ":
            typed = typed[: at + 1] + "\u0307" + typed[at + 1 :]
    assert _dropped(typed) == _dropped(base)
    if typed != base:
        assert lookalike(typed, [base]) == base
