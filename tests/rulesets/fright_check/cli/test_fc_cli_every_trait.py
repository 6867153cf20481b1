"""Every trait a character has, wherever their sheet is shown (issue 41, E10): the TRAITS
column showed only the traits that move a Fright Check, so Cole read "-" right after
"Cole acquires Phobia (hospitals)", and Priya's own page left out Fearlessness 2.

Priya: Fearlessness 2, Acute Hearing 2 (added later). Cole: Cowardice -10 at 12, then a
row-23 Phobia (hospitals) named by the GM, and a quirk.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli

import journal
from journal.documents import BoardGrid

PRIYA = "Fearlessness 2, Acute Hearing 2"
COLE = "Cowardice (self-control 12), Phobia (hospitals) (self-control 12), quirk: Hums"


@pytest.fixture
def ward(runner: Cli) -> Cli:
    runner("campaign", "new", "hospital", "--ruleset", "fright-check")
    runner("character", "add", "Priya", "--will", "13", "--ht", "12", "--iq", "12",
           "--trait", "Fearlessness=2")  # fmt: skip
    runner("character", "add", "Cole", "--will", "10", "--ht", "10", "--iq", "12",
           "--disadvantage", "Cowardice=-10/12", "--quirk", "Hums")  # fmt: skip
    runner("session", "start", "Admission night")
    runner("character", "trait", "add", "Priya", "Acute Hearing", "--level", "2", "--points",
           "4", "--reason", "a nurse's ears")  # fmt: skip
    runner("fright", "Cole", "--threat", "nurse", "--monster", "-8", "--dice", "6,6,5",
           "--table-dice", "3,3,2", "--trait-name", "Phobia (hospitals)",
           "--trait-scn", "12")  # fmt: skip
    return runner


def _column(grid: BoardGrid, who: str) -> str:
    keys = [c.key for c in grid.columns]
    (row,) = [r for r in grid.rows if r.character == who]
    return str(row.cells[keys.index("traits")].text)


def test_the_traits_column_shows_every_trait(ward: Cli) -> None:
    status = ward("status").stdout
    assert status.rstrip().splitlines()[-2].endswith(PRIYA)
    assert status.rstrip().splitlines()[-1].endswith(COLE)
    with journal.open(ward.db, campaign="hospital") as hospital:
        for gm in (True, False):  # the GM's dashboard and the players' table screen
            grid = hospital.board_grid(gm=gm)
            assert (_column(grid, "Priya"), _column(grid, "Cole")) == (PRIYA, COLE)


def test_a_recaps_standing_shows_every_trait(ward: Cli) -> None:
    recap = ward("recap", "--for", "Priya").stdout
    assert "| **Priya** |" in recap and "| Fearlessness 2, Acute Hearing 2 |" in recap
    html = ward("recap", "--for", "players", "--format", "html").stdout
    assert "Traits: Fearlessness 2, Acute Hearing 2" in html


def test_a_characters_own_page_shows_every_trait(ward: Cli, tmp_path: Path) -> None:
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient
    from support.web import by_label, open_site

    from journal.web.app import create_app

    site = open_site(ward.db)
    try:
        links = by_label(site)
        page = TestClient(create_app(site)).get(f"/{links['Priya']}/").text
        assert "Traits: Fearlessness 2, Acute Hearing 2" in page
        cole = TestClient(create_app(site)).get(f"/{links['Cole']}/").text
        assert "Disadvantages: Cowardice (-10, self-control 12), Phobia (hospitals)" in cole
    finally:
        site.database.close()
