"""Secrets in a real browser (Playwright driving Debian's Chromium): Cole's page shows the
secret noted for him while the table screen and Mara's page do not; once `journal reveal`
runs in another process, both show it within a second."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import serving
from web.test_web_browser import _journal, browser  # noqa: F401 - the fixture

pytest.importorskip("playwright")

SECRET = "Only Cole saw the face in the window"
SHEET = ("--will", "11", "--ht", "10", "--iq", "11")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    db = tmp_path / "journal.db"
    _journal(db, "campaign", "new", "crypt", "--ruleset", "fright-check")
    for name in ("Cole", "Mara"):
        _journal(db, "character", "add", name, *SHEET)
    _journal(db, "session", "start", "The chapel")
    _journal(db, "note", SECRET, "--for", "Cole")
    _journal(db, "safety", "line", "harm to children")
    with serving(db) as links:
        yield db, links


def test_a_secret_reaches_the_table_and_mara_within_a_second_of_its_reveal(
    browser: Any,  # noqa: F811 - the fixture imported above
    served: tuple[Path, dict[str, str]],
) -> None:
    db, links = served
    assert set(links) >= {"Players", "Cole", "Mara"}, links
    pages = {}
    for who in ("Players", "Cole", "Mara"):
        page = browser.new_page()
        page.goto(links[who])
        page.wait_for_selector("#live-state:not([hidden])", timeout=10_000)
        pages[who] = page
        assert "harm to children" in page.inner_text("#live")  # the line in force, for all
    assert SECRET in pages["Cole"].inner_text("#live")
    for who in ("Players", "Mara"):
        assert SECRET not in pages[who].content(), who

    _journal(db, "reveal", "5", "--to", "players", "--reason", "Cole told them")
    revealed = time.monotonic()
    for who in ("Players", "Mara"):  # both within a second of the reveal's end
        left = 1.0 - (time.monotonic() - revealed)
        assert left > 0, who
        pages[who].wait_for_selector(f"text={SECRET}", timeout=left * 1000)
