"""`journal serve` on the GM's evening (issue 41): a character's page says when a note
was noted and, for a secret revealed to them later, when they learned it (E15); in
Chromium, the table screen headlines a fight in the players' words with "Just now"
readable across a room (E8), and the GM's dashboard uses the screen it has (E9)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import chromium, serving
from support.cli import clone
from support.evening import COMMANDS, evening_db
from support.web import by_label, open_site

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return evening_db(tmp_path_factory.mktemp("evening"))


def _notes(page: str) -> list[str]:
    """The "Notes NAME knows" list as read: each note's text and when (each links its
    proof besides: tests/proof/test_player_browser.py)."""
    part = page.split("knows</h2>", 1)[1].split("</ul>", 1)[0]
    items = re.findall(
        r"<li class=\"note\">(.*?)(?: <a class=\"proof\"[^>]*>proof</a>)?</li>", part, re.S
    )
    return [re.sub(r"<span class=\"about\">", " | ", re.sub(r"</span>", "", i)) for i in items]


def test_a_secret_learned_later_says_when_it_was_learned(built: Path) -> None:
    """ "Notes Priya knows" said "Session 1" for the secret she learned in session 2."""
    site = open_site(str(built))
    try:
        client = TestClient(create_app(site))
        links = by_label(site)
        priya = _notes(client.get(f"/{links['Priya']}/").text)
        cole = _notes(client.get(f"/{links['Cole']}/").text)
    finally:
        site.database.close()
    secret = "Cole sees his dead brother in the mirror."
    assert f"{secret} | Noted in session 1; Priya learned it in session 2" in priya
    assert cole == [f"{secret} | Noted in session 1"]  # his from the start


# --- in Chromium: the table screen on a TV, the GM's dashboard on a laptop ------------------

TV = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1400, "height": 900}


@pytest.fixture(scope="module")
def mid_fight(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The evening in its second fight: Priya's second Fright Check just made."""
    upto = COMMANDS.index(("xcard",))
    return evening_db(tmp_path_factory.mktemp("mid-fight"), COMMANDS[:upto])


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    executable = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


def _pixels(page: Any, selector: str) -> float:
    size = page.eval_on_selector(selector, "e => getComputedStyle(e).fontSize")
    return float(size.removesuffix("px"))


def test_the_table_screen_headlines_the_fight_in_the_players_words(
    browser: Any, mid_fight: Path, tmp_path: Path
) -> None:
    """E8: the TV's headline during a fight was a log line ("Combat 'The thing in the linen
    room' running: heat of battle +5 to Fright Checks for Mara, Cole, Priya") and "Just
    now" small print numbered 5 to 1."""
    db = tmp_path / "tv.db"
    clone(mid_fight, db)
    with serving(db) as links:
        page = browser.new_page(viewport=TV)
        page.goto(links["Players"])
        assert page.inner_text("h1") == "The nurse returns"
        assert "THE FIGHT IS ON" in page.inner_text(".masthead .kicker").upper()
        assert "Combat '" not in page.inner_text("h1") and "running" not in page.inner_text("h1")
        told = page.locator(".just-now li").all_inner_texts()
        assert told[0].startswith("Priya's Fright Check against nurse: critical failure by 4")
        assert page.locator(".just-now ol").count() == 0  # no count down from 5
        style = page.eval_on_selector(".just-now ul", "e => getComputedStyle(e).listStyleType")
        assert style == "none"
        board = _pixels(page, "table.board.tv td")
        just_now = _pixels(page, ".just-now li")
        assert just_now >= 24 and just_now >= 0.8 * board, (just_now, board)
        page.close()


def test_the_gms_dashboard_uses_the_screen_it_has(
    browser: Any, mid_fight: Path, tmp_path: Path
) -> None:
    """E9: the dashboard's 800 px column clipped the board's TRAITS column on a 1,400 px
    screen (the board scrolled inside its column)."""
    db = tmp_path / "gm.db"
    clone(mid_fight, db)
    with serving(db) as links:
        page = browser.new_page(viewport=LAPTOP)
        page.goto(links["GM"])
        wrap = page.eval_on_selector(".board-wrap", "e => [e.scrollWidth, e.clientWidth]")
        assert wrap[0] <= wrap[1], wrap  # nothing of the board scrolled out of sight
        traits = page.locator("table.board th", has_text="traits").bounding_box()
        assert traits is not None and traits["x"] + traits["width"] <= LAPTOP["width"]
        main = page.eval_on_selector("main", "e => e.getBoundingClientRect().width")
        assert main > 1200, main
        page.close()
