"""Issue 30 (item 8): during a fight the table screen shows what just happened, newest
first, in the players' words: the recap's story through the one audience filter (a
GM-only note never; a veiled scene faded); between fights it shows the last recap."""

from __future__ import annotations

import html
import re

import pytest
from support.web import by_label, open_site
from support.worked_example import COMMANDS

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app
from journal.web.site import JUST_NOW

#: the worked example up to its second turn: a fight under way
TURNS = [at for at, command in enumerate(COMMANDS) if command == ("turn",)]
FIGHTING = COMMANDS[: TURNS[1] + 1]
SECRET = "The basement floods at midnight"


def _table(runner) -> str:  # type: ignore[no-untyped-def]
    site = open_site(runner.db)
    try:
        answer = TestClient(create_app(site)).get(f"/{by_label(site)['players']}/table")
        assert answer.status_code == 200
        return html.unescape(answer.text)
    finally:
        site.database.close()


def _just_now(page: str) -> list[str]:
    """Each item's words (each links its proof: tests/proof/test_player_browser.py)."""
    section = page.split('<section class="just-now">', 1)[1].split("</section>", 1)[0]
    items = [item.split("</li>", 1)[0] for item in re.split(r"<li[^>]*>", section)[1:]]
    return [re.sub(r' <a class="proof" href="[^"]*">proof</a>$', "", i) for i in items]


def test_the_table_screen_shows_the_latest_happenings_newest_first(runner) -> None:  # type: ignore[no-untyped-def]
    for command in FIGHTING:
        runner(*command)
    runner("note", SECRET, "--gm-only")
    runner("note", "Freddie's lantern gutters out.")
    runner("note", "A body in the cellar", "--veil", "gore")
    shown = _just_now(_table(runner))
    assert shown[:2] == ["[faded to black: gore]", "Freddie's lantern gutters out."]
    assert "Ariella drops the shotgun and screams. Linda drags her down a side street." in shown
    assert SECRET not in _table(runner) and "A body in the cellar" not in _table(runner)
    for number in range(JUST_NOW + 2):
        runner("note", f"Happening {number}")
    shown = _just_now(_table(runner))
    assert shown == [f"Happening {n}" for n in reversed(range(2, JUST_NOW + 2))]


def test_between_fights_the_table_screen_shows_the_last_recap_instead(runner) -> None:  # type: ignore[no-untyped-def]
    for command in COMMANDS:
        runner(*command)
    page = _table(runner)
    assert 'class="just-now"' not in page and "Last time" in page
