"""Progress bars on a terminal for the long prints (issue 41, E19): `journal book` printed
nothing while it worked (55 s at 150 sessions), though `audit`, `export` and `import` show
a bar. The book shows one over its recaps, arcs and chapters, a recap's or an arc's PDF
over its making and printing; a pipe gets none of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import Cli
from support.evening import evening_db
from support.pty import Terminal

from journal import open_database

pytest.importorskip("weasyprint")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return evening_db(tmp_path_factory.mktemp("evening"))


def _at_terminal(db: Path, cwd: Path, *args: str) -> tuple[int, str]:
    shown = Terminal(["--db", str(db), *args], cwd, rows=12, columns=100)
    try:
        return shown.finish(timeout=600), shown.text()
    finally:
        shown.close()


def test_the_book_shows_its_progress_on_a_terminal(built: Path, tmp_path: Path) -> None:
    code, screen = _at_terminal(built, tmp_path, "book", "-o", "book.pdf")
    assert code == 0, screen
    lines = screen.splitlines()
    assert lines[-2].startswith("Making the book  [#") and lines[-2].endswith("100%"), screen
    assert lines[-1] == "Wrote the book (players, pdf, a4) to book.pdf"
    assert (tmp_path / "book.pdf").read_bytes().startswith(b"%PDF-")
    code, screen = _at_terminal(built, tmp_path, "recap", "1", "--for", "gm", "-o", "r.pdf")
    assert code == 0 and "Printing the recap  [#" in screen and "100%" in screen, screen
    code, screen = _at_terminal(built, tmp_path, "book", "--format", "html", "-o", "b.html")
    assert code == 0 and "Making the book  [#" in screen, screen


def test_a_pipe_gets_no_bar(built: Path, tmp_path: Path) -> None:
    book = tmp_path / "book.html"
    done = subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(built), "book", "--format", "html",
         "-o", str(book)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    assert done.stderr == f"Wrote the book (players, html, a4) to {book}\n"


def test_the_books_steps_go_one_way_to_their_end(built: Path, runner: Cli) -> None:
    """What the bar is fed: (steps done, steps in all), the total the same from the first
    step, done never going back, ending at the total (for the PDF: each of the 2 recaps
    and 3 arcs made, then printed with the cast, the receipt and the contents, the page
    numbers and the join)."""
    database = open_database(str(built))
    try:
        journal = database.campaign(None)
        for fmt, total in (("html", 2 + 3 + 1), ("pdf", 2 * (2 + 3) + 2 + 1 + 3)):
            told: list[tuple[int, int]] = []
            journal.book_text("gm", fmt, progress=lambda d, w, told=told: told.append((d, w)))
            assert {whole for _, whole in told} == {total}, (fmt, told)
            done = [d for d, _ in told]
            assert done == sorted(done) and done[-1] == total, (fmt, told)
            assert len(told) >= total - 1, (fmt, told)  # a step at a time
    finally:
        database.close()
