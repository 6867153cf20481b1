"""A character's arc in the campaign's own terms (issue 41, E13): `arc --help` in a GURPS
campaign spoke of "Hardness, brokenness and Willpower"; the arc's chart had a point with
no label (a second change in a session), and "checks made" hid under "checks failed"
when every check failed; the y axis ran past its last labelled tick. In Chromium: every
marker stands over its own label and is on top at its centre, and a line that runs under
another shows beside it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import chromium
from support.cli import Cli
from support.evening import play_evening

from journal.handouts.charts import STYLES, Series, line_chart

MORE = [
    ("session", "start", "The third night"),
    ("fright", "Priya", "--threat", "orderly", "--dice", "6,6,6", "--table-dice", "1,1,2"),
    ("fright", "Priya", "--threat", "orderly", "--dice", "6,6,5", "--table-dice", "1,1,3"),
    ("session", "end"),
]


def test_arc_help_speaks_the_campaigns_terms(runner: Cli) -> None:
    runner("campaign", "new", "hospital", "--ruleset", "fright-check")
    gurps = " ".join(runner("arc", "--help").stdout.split())
    assert "NAME across the whole campaign: Fright Checks made and failed, traits acquired" in (
        gurps
    )
    assert "Hardness" not in gurps and "Willpower" not in gurps
    other = runner.db.replace(".db", "-hf.db")
    runner("--db", other, "campaign", "new", "night", "--ruleset", "horror-factor")
    hf = " ".join(runner("--db", other, "arc", "--help").stdout.split())
    assert "NAME across the whole campaign: Hardness, brokenness and Willpower" in hf
    assert "Fright" not in hf


def test_every_point_of_an_arc_is_labelled(runner: Cli) -> None:
    """Two changes in one session: the second had a blank label (a marker, no label)."""
    play_evening(runner)
    for command in MORE:
        runner(*command)
    arc: Any = runner.json("arc", "Priya")
    (counted,) = [c for c in arc["charts"] if c["title"] == "Fright Checks and scars, counted"]
    assert counted["x_labels"] == ["Start", "S1", "S2", "S3", "S3.2"]
    assert "" not in counted["x_labels"]


def test_series_that_meet_are_drawn_side_by_side() -> None:
    same = [0, 1, 2]
    both = [Series("made", same, "a"), Series("failed", same, "b")]
    svg = line_chart("Counted", ["Start", "S1", "S2"], both, 3)
    circles = svg.split("<circle")[2:]  # (the legend's first)
    squares = [r for r in svg.split("<rect")[2:]]
    assert len(circles) == len(squares) == 3
    for circle, square in zip(circles, squares, strict=True):
        cx = float(circle.split('cx="')[1].split('"')[0])
        x = float(square.split('x="')[1].split('"')[0]) + 4
        assert x - cx == pytest.approx(10.0)  # side by side, never one over the other
    assert svg.count('class="beneath"') == 1 and STYLES["a"][0] in svg.split("beneath")[0]


@pytest.mark.parametrize("highest", [1, 3, 7, 9, 13, 41])
def test_the_y_axis_ends_at_a_labelled_tick(highest: int) -> None:
    """The axis ran to the highest value (9) past its last tick (8): a mark unlabelled."""
    svg = line_chart("Counted", ["Start", "S1"], [Series("made", [0, highest], "a")], highest)
    axis_top = float(svg.split('class="axis"')[0].rsplit('y1="', 1)[1].split('"')[0])
    ticks = {
        float(t.split('y="')[1].split('"')[0]) - 5: int(t.split(">")[1].split("<")[0])
        for t in svg.split("<text")[1:]
        if 'class="tick" ' in t and 'text-anchor="end"' in t
    }
    assert axis_top in ticks and ticks[axis_top] >= highest, (axis_top, ticks)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    executable = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


#: each marker of the shown chart: its tooltip, whether it is on top at its centre, and
#: how far its centre is from the span of the nearest label under the plot (markers that
#: meet stand side by side, up to 10 units, 7 px here, off their point)
MARKERS = """svg => {
  const all = [...svg.querySelectorAll('text.tick')];
  const bottom = Math.max(...all.map(t => +t.getAttribute('y')));  // the x axis's labels
  const ticks = all.filter(t => +t.getAttribute('y') === bottom)
    .map(t => t.getBoundingClientRect());
  return [...svg.querySelectorAll('circle, rect, polygon')]
    .filter(m => m.querySelector('title') && m.closest('svg') === svg)
    .filter(m => !/^(Checks made|Checks failed|Traits acquired|Points lost)$/.test(
      m.querySelector('title').textContent))  // the legend's
    .map(m => {
      const b = m.getBoundingClientRect();
      const x = b.left + b.width / 2, y = b.top + b.height / 2;
      // how far the marker stands from the nearest label's span (0: over it)
      const near = Math.min(...ticks.map(t => Math.max(0, t.left - x, x - t.right)));
      return [m.querySelector('title').textContent, document.elementFromPoint(x, y) === m, near];
    });
}"""


def test_in_chromium_every_marker_is_labelled_and_visible(
    runner: Cli, browser: Any, tmp_path: Path
) -> None:
    play_evening(runner)
    for command in MORE:
        runner(*command)
    arc = tmp_path / "priya.html"
    runner("arc", "Priya", "--format", "html", "-o", str(arc))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(arc.as_uri())
    charts = page.locator("svg.chart-wide")
    assert charts.count() == 2
    seen = []
    for index in range(charts.count()):
        for tip, on_top, near in charts.nth(index).evaluate(MARKERS):
            seen.append(tip)
            assert on_top, f"{tip}: covered by another mark"
            assert near <= 8, f"{tip}: no label under it ({near:.1f} px to the nearest)"
    assert "Checks made 4 (S3.2)" in seen and "Checks failed 4 (S3.2)" in seen
    # where "Checks made" runs under "Checks failed", it shows beside it, wide and beneath
    beneath = page.locator("svg.chart-wide polyline.beneath")
    assert beneath.count() >= 1
    assert beneath.first.get_attribute("stroke") == STYLES["a"][0]
    page.close()
