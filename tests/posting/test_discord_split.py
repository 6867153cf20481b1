"""How a handout is cut into Discord messages: never past 2,000 characters, nothing lost
or reordered, cut between paragraphs before lines before words; and each message's
payload pings nobody."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from journal.posting.discord import CONTENT_LIMIT, payload, split

words = st.text(alphabet="abcdefgh @#*_\n", min_size=0, max_size=9000)


@settings(max_examples=200, deadline=None)
@given(words, st.integers(min_value=20, max_value=CONTENT_LIMIT))
def test_every_message_within_the_limit_and_every_word_in_order(text: str, limit: int) -> None:
    messages = split(text, limit)
    assert all(0 < len(m) <= limit and m == m.strip() for m in messages)
    # a word longer than a message is cut: compare the characters but the spacing
    assert "".join("".join(m.split()) for m in messages) == "".join(text.split())


def test_cut_between_paragraphs_first() -> None:
    paragraphs = [f"Paragraph {n}: " + "word " * 150 for n in range(10)]
    messages = split("\n\n".join(p.strip() for p in paragraphs))
    assert len(messages) == 5
    assert all(m.startswith("Paragraph") and m.endswith("word") for m in messages)


def test_a_short_recap_is_one_message_and_nobody_is_pinged() -> None:
    assert split("# Session 1\n\n@everyone the lights go out.\n") == [
        "# Session 1\n\n@everyone the lights go out."
    ]
    assert payload("@everyone")["allowed_mentions"] == {"parse": []}
    assert split("  \n\n ") == []


def test_a_message_cut_before_a_word_starts_at_the_word() -> None:
    """Found by the property above: the space before the word that starts a message was
    left at its start."""
    assert split("@" * 19 + " @", 20) == ["@" * 19, "@"]
