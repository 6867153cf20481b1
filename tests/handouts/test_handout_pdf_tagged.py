"""Issue 44 (C5): every PDF the journal prints (a recap for each audience, an arc, the
players' and the GM's book) is tagged, read back with pikepdf: a structure tree whose
headings, lists and tables are tagged, `/MarkInfo` marked, `/Lang` the campaign's
language, the title shown and in the XMP metadata (PDF/UA-1), and every piece of content
in marked content (a book's page numbers as artifacts); the text a screen reader reads in
the tree's order is the text Chromium reads of the same HTML laid out for print; and the
same log gives the same bytes."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from support import WORKED_EXAMPLE
from support.browser import chromium, printed_text
from support.cli import clean_folder, typist
from support.pdf import reading_order, squashed_words, structure_tags, unmarked_content

#: each PDF kind: the command that prints it (the HTML the same with `--format html`)
KINDS = {
    "recap (players)": ("recap", "--for", "players"),
    "recap (GM)": ("recap", "--for", "gm"),
    "recap (Linda)": ("recap", "--for", "Linda"),
    "arc (Linda)": ("arc", "Linda"),
    "players' book": ("book",),
    "GM's book": ("book", "--for", "gm"),
}
#: what every kind holds, tagged: its title, its sections' headings, lists and tables
TAGS = {"Document", "H1", "H2", "P", "L", "LI", "LBody", "Table", "THead", "TR", "TH", "TD"}
#: a book's contents: a chapter's leader and page number, drawn by CSS (`target-counter`)
CONTENTS_NUMBER = re.compile(r"\.{3,}\d+")
#: the record's head, which a printed book also names on its front page
RECORD_HEAD = re.compile(
    r"madefromrecord#\d+·[0-9a-f]{16}…·thewholehead,foraproof:#\d+[0-9a-f]{64}"
)


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bytes, Path]]:
    """kind -> (its PDF, its HTML file), of the worked example."""
    folder = tmp_path_factory.mktemp("tagged")
    with clean_folder(folder):
        run = typist(folder / "journal.db")
        run("import", str(WORKED_EXAMPLE))
        found = {}
        for number, (kind, args) in enumerate(KINDS.items()):
            pdf, html = folder / f"{number}.pdf", folder / f"{number}.html"
            run(*args, "--format", "pdf", "-o", str(pdf))
            run(*args, "--format", "html", "-o", str(html))
            found[kind] = (pdf.read_bytes(), html)
    return found


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        yield launched
        launched.close()


def _title(html: Path) -> str:
    found = re.search(r"<title>(.*?)</title>", html.read_text(encoding="utf-8"), re.S)
    assert found is not None
    return found[1].replace("&amp;", "&").replace("&#39;", "'").replace("&#34;", '"')


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_pdf_kind_is_tagged(printed: dict[str, tuple[bytes, Path]], kind: str) -> None:
    data, html = printed[kind]
    title = _title(html)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        root = pdf.Root
        assert "/StructTreeRoot" in root, "not tagged"
        assert bool(root.MarkInfo.Marked) is True
        assert str(root.Lang) == "en"  # the campaign's language: English unless set
        assert bool(root.ViewerPreferences.DisplayDocTitle) is True
        assert str(pdf.docinfo.Title) == title
        with pdf.open_metadata() as xmp:  # PDF/UA-1's identification and the title
            assert xmp["pdfuaid:part"] == "1"
            assert xmp["dc:title"] == title
        tree = root.StructTreeRoot
        assert [str(k.S) for k in tree.K] == ["/Document"]
        keys = {int(n) for n in list(tree.ParentTree.Nums)[::2]}
        assert {int(page.StructParents) for page in pdf.pages} <= keys
    assert set(structure_tags(data)) >= TAGS, sorted(structure_tags(data))
    assert unmarked_content(data) == []  # every text and image tagged, or an artifact


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_text_in_reading_order_is_the_htmls(
    printed: dict[str, tuple[bytes, Path]], browser: Any, kind: str
) -> None:
    """What a screen reader reads of the PDF, in its structure's order, is what Chromium
    reads of the HTML printed: the same words in the same order (white space, case and the
    quotation marks CSS draws apart)."""
    data, html = printed[kind]
    read = squashed_words(reading_order(data))
    if "book" in kind:  # what the printed book adds: page numbers, the head on its front
        read = RECORD_HEAD.sub("", CONTENTS_NUMBER.sub("", read), count=1)
    assert read == squashed_words(printed_text(browser, html))


def test_a_book_is_one_tree_of_its_chapters(printed: dict[str, tuple[bytes, Path]]) -> None:
    """The book is printed chapter by chapter and joined: one Document holds every
    chapter's elements, each element's page one of the book's, each page's marked content
    given its element by the one parent tree."""
    data, _ = printed["GM's book"]
    with pikepdf.open(io.BytesIO(data)) as pdf:
        pages = {page.objgen for page in pdf.pages}
        tree = pdf.Root.StructTreeRoot
        nums = list(tree.ParentTree.Nums)
        assert int(tree.ParentTreeNextKey) == len(nums) // 2 == len(pdf.pages)
        assert [int(page.StructParents) for page in pdf.pages] == list(range(len(pdf.pages)))
        headings = []
        stack = list(tree.K)
        while stack:
            element = stack.pop()
            if not isinstance(element, pikepdf.Dictionary) or "/S" not in element:
                continue
            if "/Pg" in element:
                assert element.Pg.objgen in pages
            if str(element.S) == "/H1":
                headings.append(element)
            kids = element.get("/K")
            stack.extend(kids if isinstance(kids, pikepdf.Array) else [kids] if kids else [])
    assert len(headings) >= 6  # the front, the session, three arcs, the cast, the receipt
