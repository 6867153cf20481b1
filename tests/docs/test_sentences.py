"""The docs read at one go: the prose of docs/*.md and README.md (code blocks, tables,
headings, HTML and transcripts left out) averages under 22 words a sentence, and no
sentence runs past 40 words (issue 31, "Docs that match the code")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import ROOT

#: the targets: a newcomer's sentence, read at one go
AVERAGE_WORDS = 22
LONGEST_WORDS = 40
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]

_FENCE = re.compile(r"^\s*(```|~~~)")
_SKIP = re.compile(r"^\s*(#|\||<|!\[|\[[^\]]*\]:|---+\s*$|={3,}\s*$)")
#: a sentence ends at . ! ? (or a colon closing a line) before a space or the end
_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(*_\[0-9])|(?<=:)\s*$", re.M)
_CODE = re.compile(r"`[^`]*`")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")



def prose(text: str) -> list[str]:
    """The paragraphs of `text` that are prose: a list item or a paragraph, joined onto
    one line; fenced blocks, tables, headings and HTML left out."""
    paragraphs: list[str] = []
    current: list[str] = []
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        starts_item = re.match(r"^\s*([-*+]|\d+[.)])\s+", line) is not None
        if fenced or not line.strip() or _SKIP.match(line) or starts_item:
            if current:
                paragraphs.append(" ".join(current))
            current = []
            if fenced or not line.strip() or _SKIP.match(line):
                continue
            line = re.sub(r"^\s*([-*+]|\d+[.)])\s+", "", line)
        current.append(line.strip())
    if current:
        paragraphs.append(" ".join(current))
    return paragraphs


def sentences(text: str) -> list[list[str]]:
    """Each sentence of the prose of `text`, as its words (an inline code span or a link
    counts as one word: a reader takes it in as a name)."""
    found = []
    for paragraph in prose(text):
        plain = _LINK.sub(lambda m: m.group(1), _CODE.sub("CODE", paragraph))
        for sentence in _END.split(plain):
            words = [w for w in sentence.split() if re.search(r"\w", w)]
            if words:
                found.append(words)
    return found


def test_sentences_split_as_a_reader_reads_them() -> None:
    text = (
        "# A heading\n\nOne two three. Four `a b c` five.\n\n"
        "```sh\nnot prose\n```\n| a | b |\n- An item: then more.\n"
    )
    assert [len(s) for s in sentences(text)] == [3, 3, 4]



@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_a_doc_reads_at_one_go(doc: Path) -> None:
    text = doc.read_text()
    found = sentences(text)
    assert found
    average = sum(map(len, found)) / len(found)
    assert average < AVERAGE_WORDS, f"{doc.name}: {average:.1f} words a sentence"
    longest = max(found, key=len)
    assert len(longest) <= LONGEST_WORDS, f"{doc.name}: {len(longest)} words: {' '.join(longest)}"
