"""The README is a front door and the manual is docs/, a page a topic (issue 43): the README
stays short, its table of contents reaches every page, every link and picture of the docs
leads somewhere, and every page that shows a `$ journal` transcript is typed by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import ROOT

README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: the front door's length: the anchors' READMEs run 91 to 116 lines (issue 43)
FRONT_DOOR_LINES = 150
PAGES = sorted(DOCS.glob("*.md"))
#: pages whose transcripts illustrate a longer campaign than a test builds (their seqs
#: follow a story told elsewhere); each of their commands is tested in its own suite
ILLUSTRATED = {"corrections.md": "tests/corrections/"}
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _links(page: Path) -> list[str]:
    """The relative targets of a page's links and pictures (outside code blocks)."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return [t for t in _LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= FRONT_DOOR_LINES, f"README.md has {len(lines)} lines"
    assert any(line.startswith("![") for line in lines), "a picture"


def test_the_readmes_contents_reach_every_page() -> None:
    linked = {Path(t.split("#", 1)[0]).name for t in _links(README) if t.startswith("docs/")}
    missing = [page.name for page in PAGES if page.name not in linked]
    assert missing == [], "README.md's table of contents misses these pages"


def broken_links(page: Path) -> list[str]:
    """The relative links and pictures of `page` that lead to no file."""
    return [t for t in _links(page) if not (page.parent / t.split("#", 1)[0]).exists()]


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda p: p.name)
def test_every_link_leads_somewhere(page: Path) -> None:
    assert broken_links(page) == [], f"{page.name} links to what is not there"


def test_every_transcript_is_typed_by_a_test() -> None:
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
    untyped = [
        page.name
        for page in PAGES
        if re.search(r"```text\n\$ journal ", page.read_text(encoding="utf-8"))
        and f"docs/{page.name}" not in tests
        and page.name not in ILLUSTRATED
    ]
    assert untyped == [], "these pages' transcripts are typed by no test"


def test_a_link_to_nothing_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("x")
    page = tmp_path / "page.md"
    page.write_text(
        "See [there](there.md#a), [gone](gone.md), ![a picture](gone.png) and "
        "[a site](https://example.org/x).\n```text\n[in code](nowhere.md)\n```\n"
    )
    assert broken_links(page) == ["gone.md", "gone.png"]
