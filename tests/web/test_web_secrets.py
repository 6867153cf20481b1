"""`journal serve` and who knows what: the GM's dashboard shows the knowledge table, every
page shows the lines and veils in force (a void lifts one), a character's page shows the
secrets they know and no one else's, and a veiled note reads faded to everyone but the GM."""

from __future__ import annotations

import pytest
from support.cli import Cli
from support.web import by_label, open_site

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app

SHEET = ("--will", "11", "--ht", "10", "--iq", "11")


def test_the_pages_of_secrets_and_safety_tools(runner: Cli) -> None:
    runner("campaign", "new", "crypt", "--ruleset", "fright-check")
    for name in ("Cole", "Mara"):
        runner("character", "add", name, *SHEET)
    runner("session", "start", "The chapel")
    runner("note", "cole-face-x9", "--for", "Cole")  # 5
    runner("note", "crypt-x9", "--gm-only")  # 6
    runner("safety", "line", "harm to children")  # 7
    runner("safety", "veil", "the dog")  # 8
    runner("note", "dog-scene-x9", "--veil", "the dog")  # 9
    runner("void", "7", "--reason", "the table lifted it")  # 10
    runner("reveal", "6", "--to", "Mara")  # 11
    site = open_site(runner.db)
    try:
        client = TestClient(create_app(site))
        links = by_label(site)
        gm = client.get(f"/{links['gm']}/").text
        assert "<h2>Secrets</h2>" in gm and "cole-face-x9" in gm and "crypt-x9" in gm
        assert "Mara since #11 (session 1)" in gm
        pages = {who: client.get(f"/{links[who]}/").text for who in ("players", "Cole", "Mara")}
        for who, page in {**pages, "gm": gm}.items():
            assert "<b>Veil:</b> the dog" in page, who
            # voided: lifted (the GM's latest events still list the line, voided)
            assert "harm to children" not in page.replace("agreed: harm to children", ""), who
            assert "dog-scene-x9" not in page or who == "gm", who
        assert "cole-face-x9" in pages["Cole"] and "crypt-x9" not in pages["Cole"]
        assert "crypt-x9" in pages["Mara"] and "cole-face-x9" not in pages["Mara"]
        assert "cole-face-x9" not in pages["players"] and "crypt-x9" not in pages["players"]
        assert "[faded to black: the dog]" in pages["players"]
        shelf = client.get(f"/{links['players']}/shelf").text
        assert "<b>Veil:</b> the dog" in shelf
    finally:
        site.database.close()
