"""`journal serve` on the GM's evening (issue 41): a character's page says when a note
was noted and, for a secret revealed to them later, when they learned it (E15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.evening import evening_db
from support.web import by_label, open_site

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return evening_db(tmp_path_factory.mktemp("evening"))


def _notes(page: str) -> list[str]:
    """The "Notes NAME knows" list as read: each note's text and when."""
    part = page.split("knows</h2>", 1)[1].split("</ul>", 1)[0]
    items = re.findall(r"<li class=\"note\">(.*?)</li>", part, re.S)
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
