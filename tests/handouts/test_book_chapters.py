"""The book's chapters printed once per content: kept in the cache folder, bound to the
hash of their HTML (stylesheet included) and to their own bytes, never trusted as they
stand; printed side by side on the machine's cores. The same log gives the same book,
byte for byte, with the cache or without, in processes or not."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from support.cli import Cli
from support.handouts import worked_example
from support.pdf import pages

pytest.importorskip("weasyprint", reason="the book's PDF needs the pdf extra")

from journal.handouts import chapters
from journal.handouts.pdf import NUMBERS

#: how the page numbers' HTML begins (`pdf.NUMBERS`)
NUMBERS_START = NUMBERS.split("{paper}")[0].replace("{{", "{")
#: what a worker process runs (by its name: the pool pickles it by reference)
PRINT_ONE = chapters.print_one


@pytest.fixture
def printing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The chapters printed (their HTML), in this process; the cache in `tmp_path`."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(chapters, "PARALLEL_FROM", 10_000)
    printed: list[str] = []
    print_one = chapters.print_one

    def counted(html: str, tagged: bool = True) -> tuple[bytes, int]:
        printed.append(html)
        return print_one(html, tagged)

    monkeypatch.setattr(chapters, "print_one", counted)
    return printed


def _book(runner: Cli, tmp_path: Path, name: str) -> bytes:
    target = tmp_path / name
    runner("book", "--for", "gm", "-o", str(target))
    return target.read_bytes()


def _kept(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "journal" / "book-chapters"


def test_a_chapter_is_printed_once_per_content_and_the_book_is_the_same(
    runner: Cli, tmp_path: Path, printing: list[str]
) -> None:
    worked_example(runner)
    first = _book(runner, tmp_path, "first.pdf")
    # a session, three arcs, the cast, the receipt, the contents measured, the page numbers
    assert len(printing) == 8
    assert sum(html.startswith(NUMBERS_START) for html in printing) == 1
    printing.clear()
    again = _book(runner, tmp_path, "again.pdf")
    assert printing == [] and again == first
    runner("note", "The cellar door is open")  # the receipt and the GM's arcs move on
    printing.clear()
    more = _book(runner, tmp_path, "more.pdf")
    assert 0 < len(printing) < 7  # the session's recap, unchanged, was kept
    # the book as long as before: its "Page N of M" layer was kept too
    assert len(pages(more)) == len(pages(first))
    assert not any(html.startswith(NUMBERS_START) for html in printing)
    for path in _kept(tmp_path).iterdir():
        path.unlink()
    assert _book(runner, tmp_path, "whole.pdf") == more  # the rebuild is the full build


def test_an_edited_or_swapped_chapter_is_not_trusted(
    runner: Cli, tmp_path: Path, printing: list[str]
) -> None:
    worked_example(runner)
    first = _book(runner, tmp_path, "first.pdf")
    kept = sorted(_kept(tmp_path).glob("*.json"))
    assert len(kept) == 8
    kept[0].write_bytes(kept[1].read_bytes())  # another chapter in its place
    kept[2].write_text(kept[2].read_text().replace('"pages":', '"pages":1', 1))
    found = json.loads(kept[3].read_text())
    found["pdf"] = base64.b64encode(b"%PDF-1.7 another").decode()  # its PDF, not its seal
    kept[3].write_text(json.dumps(found))
    kept[4].write_text("not a chapter")
    printing.clear()
    again = _book(runner, tmp_path, "again.pdf")
    assert len(printing) == 4 and again == first


def test_the_book_printed_in_processes_is_the_same_book(
    runner: Cli, tmp_path: Path, printing: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    worked_example(runner)
    alone = _book(runner, tmp_path, "alone.pdf")
    for path in _kept(tmp_path).iterdir():
        path.unlink()
    monkeypatch.setattr(chapters, "PARALLEL_FROM", 2)
    monkeypatch.setattr(chapters, "print_one", PRINT_ONE)
    together = _book(runner, tmp_path, "together.pdf")
    assert together == alone
    found = pages(together)
    assert found[1].rstrip().endswith(f"Page 2 of {len(found)}")
    assert f"Page {len(found)} of {len(found)}" in found[-1]
