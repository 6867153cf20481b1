"""How a handout is cut into Discord messages: never past 2,000 characters, nothing lost
or reordered, cut between paragraphs before lines before words; and each message's
payload pings nobody."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from journal.posting.discord import CONTENT_LIMIT, for_discord, payload, split

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


cell = (
    st.text(alphabet="abcdef *_()'0123", min_size=1, max_size=12)
    .map(str.strip)
    .filter(lambda c: c not in ("", "-") and not c.startswith("*") and set(c) - set("*_- "))
)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=5).flatmap(
        lambda width: st.tuples(
            st.lists(cell, min_size=width, max_size=width),
            st.lists(st.lists(cell, min_size=width, max_size=width), min_size=1, max_size=6),
        )
    ),
    st.sampled_from(["---", "***", "- - -", "___"]),
)
def test_tables_become_lists_and_rules_go_every_cell_kept_in_order(
    table: tuple[list[str], list[list[str]]], rule: str
) -> None:
    """Issue 41, E6: Discord shows a pipe table and a rule as typed. Every row becomes a
    list item whose cells keep their order (each after its column's name); the rule goes."""
    header, rows = table
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    markdown = "Before.\n\n" + "\n".join(lines) + f"\n\n{rule}\n\nAfter."
    told = for_discord(markdown)
    items = [line for line in told.splitlines() if line.startswith("- ")]
    assert len(items) == len(rows)
    shown = told.splitlines()
    assert not any(line.lstrip().startswith("|") or line.strip() == rule for line in shown)
    for item, row in zip(items, rows, strict=True):
        assert item.startswith(f"- **{row[0]}**")
        at = 0
        for name, value in zip(header[1:], row[1:], strict=True):
            at = item.index(f"{name}: {value}", at) + 1
    assert told.startswith("Before.") and told.rstrip().endswith("After.")
