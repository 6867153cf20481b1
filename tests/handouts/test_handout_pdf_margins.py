"""A printed page keeps inside its margins: pages of the GM's book (the widest tables, the
GM's details, a note with a word too long for a line) rendered to PNG by pdftoppm, and
every pixel outside the page's margin box white, save the running header and the page
number in their bands. A page built to overflow shows the check can fail."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from support.cli import Cli
from support.handouts import worked_example
from support.pdf import page_png, pages

from journal.handouts.pdf import Stamp, to_pdf

#: the print sheet's margins (`_print.css.j2`): top, right, bottom, left, in mm
MARGINS = (20.0, 15.0, 18.0, 15.0)
#: the bands of the top and bottom margins where the header and the page number sit (mm
#: from the page's edge); the rest of each margin is blank
HEADER_BAND, FOOTER_BAND = (6.0, 13.0), (5.0, 12.5)
DPI = 96
#: a pixel this light counts as paper
WHITE = 245
LONG_WORD = "x" * 240


def _mm(value: float) -> int:
    return round(value / 25.4 * DPI)


def stray_ink(png: Path) -> list[str]:
    """Where the page has ink outside its margin box (and outside the header's and the
    page number's bands), as `where (darkest value)`."""
    from PIL import Image

    with Image.open(png) as opened:
        page = opened.convert("L")
    width, height = page.size
    top, right, bottom, left = (_mm(m) for m in MARGINS)
    slack = _mm(0.8)  # anti-aliasing at the box's edge
    blank = {
        "left margin": (0, 0, left - slack, height),
        "right margin": (width - right + slack, 0, width, height),
        "above the header": (0, 0, width, _mm(HEADER_BAND[0])),
        "below the header": (0, _mm(HEADER_BAND[1]), width, top - slack),
        "above the page number": (0, height - bottom + slack, width, height - _mm(FOOTER_BAND[1])),
        "below the page number": (0, height - _mm(FOOTER_BAND[0]), width, height),
    }
    found = []
    for where, box in blank.items():
        darkest = page.crop(box).getextrema()[0]
        if darkest < WHITE:
            found.append(f"{where} ({darkest})")
    return found


def _ink_inside(png: Path) -> bool:
    from PIL import Image

    with Image.open(png) as opened:
        page = opened.convert("L")
    width, height = page.size
    top, right, bottom, left = (_mm(m) for m in MARGINS)
    return page.crop((left, top, width - right, height - bottom)).getextrema()[0] < 100


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_page_of_the_gms_book_prints_past_its_margins(
    runner: Cli, tmp_path: Path, paper: str
) -> None:
    worked_example(runner)
    runner("session", "start", "Long words")
    runner("note", f"The coroner's ledger reads {LONG_WORD} in one line.", "--gm-only")
    runner("session", "end")
    target = tmp_path / "gm.pdf"
    runner("book", "--for", "gm", "--paper", paper, "-o", str(target))
    found = pages(target.read_bytes())
    wide = [n for n, page in enumerate(found, 1) if "TURN 1" in page or LONG_WORD[:40] in page]
    assert len(wide) >= 2, "the turn tables and the long word are on some page"
    for number in [1, 2, *wide, len(found)]:
        png = page_png(target, number, DPI)
        assert _ink_inside(png), f"page {number} is blank"
        assert stray_ink(png) == [], f"page {number} of the {paper} book prints past its margins"


def test_the_check_sees_a_page_that_overflows(tmp_path: Path) -> None:
    html = (
        "<style>@page { size: A4; margin: 20mm 15mm 18mm; }</style>"
        '<div style="width: 400mm; height: 30mm; background: #000"></div>'
    )
    target = tmp_path / "wide.pdf"
    target.write_bytes(to_pdf(html, Stamp(1, "00" * 32, datetime(2030, 1, 1, tzinfo=UTC))))
    assert "right margin (0)" in stray_ink(page_png(target, 1, DPI))
