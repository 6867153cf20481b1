"""d100 sanity in `journal serve`, in a real browser (Playwright driving Debian's Chromium):
a Delta Green operation that keeps SAN from the players. The table screen on a TV shows
each agent's state in words and their bonds, never a SAN number, and follows a sanity roll
another process records; an agent's page on a phone shows their own row in words and fits
the screen; the GM's dashboard shows the numbers (SAN of its maximum, the breaking point)
and what a ruling left to record."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import chromium, serving

pytest.importorskip("playwright")
from playwright.sync_api import expect

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


def _numbers(text: str) -> set[str]:
    """The numbers a page shows as numbers: a record's hash, in hex, holds digits too."""
    return set(re.findall(r"(?<![\w.])\d+(?![\w.])", text))


def _journal(db: Path, *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), "--no-input", *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    db = tmp_path / "journal.db"
    _journal(db, "campaign", "new", "op", "--ruleset", "d100-sanity", "--option",
             "preset=delta-green", "--option", "san_hidden=yes")  # fmt: skip
    _journal(db, "character", "add", "Reyes", "--pow", "17", "--bond", "Ana=11")
    _journal(db, "character", "add", "Park", "--pow", "19", "--bond", "June=12")
    _journal(db, "session", "start", "The farm")
    with serving(db) as links:
        yield db, links


def test_the_players_read_words_and_the_gm_the_numbers(
    served: tuple[Path, dict[str, str]],
) -> None:
    from playwright.sync_api import sync_playwright

    db, links = served
    assert set(links) >= {"GM", "Players", "Reyes"}, links
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        try:
            tv = browser.new_page(viewport=TV)
            tv.goto(links["Players"])
            tv.wait_for_selector("#live-state:not([hidden])", timeout=10_000)
            row = tv.inner_text('tr[data-character="Reyes"]')
            assert "steady" in row and "Ana 11" in row and "85" not in _numbers(row), row

            # another process records a sanity roll: the table screen follows it
            _journal(db, "sanity", "Reyes", "--loss", "1/1d20", "--kind", "unnatural",
                     "--dice", "99", "--loss-dice", "20", "--reaction", "flee")  # fmt: skip
            # the page's policy allows no eval, so no wait_for_function: Playwright's expect
            expect(tv.locator('tr[data-character="Reyes"]')).to_contain_text(
                "temporary", timeout=10_000
            )
            row = tv.inner_text('tr[data-character="Reyes"]')
            assert "breaking" in row and not {"65", "85"} & _numbers(row), row

            phone = browser.new_page(viewport=PHONE)
            phone.goto(links["Reyes"])
            mine = phone.inner_text("main")
            assert "breaking" in mine and "65" not in _numbers(mine), mine
            width, inner = phone.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
            assert width <= inner

            gm = browser.new_page(viewport=TV)
            gm.goto(links["GM"])
            dashboard = gm.inner_text('tr[data-character="Reyes"]')
            assert "65/99\t48" in dashboard, dashboard  # SAN of its maximum, the breaking point
            assert "a disorder" in dashboard, dashboard  # the breaking point's, to record
        finally:
            browser.close()
