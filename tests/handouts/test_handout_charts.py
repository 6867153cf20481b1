"""Charts people would rather look at (issue 22): an arc samples every event that moves a
number (a soak's dip shows, not a flat 9/9 line), overlapping series stay apart (each its
own dash and marker shape), and each chart is drawn for the page's width and a phone's."""

from __future__ import annotations

import re

from support.cli import Cli

from journal.handouts.charts import STYLES, Series, both_widths, line_chart


def _night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Dana", "--reaction", "10", "--willpower", "9",
           "--hardness", "0", "--training", "none")  # fmt: skip
    runner("session", "start", "One")
    runner("encounter", "start", "Cellar", "--hf", "4", "--cast", "Dana")
    runner("soak", "Dana", "2")  # 9 -> 7
    runner("encounter", "end")
    runner("rest", "Dana")  # 7 -> 9
    runner("session", "end")
    return runner


def test_an_arc_shows_a_soaks_dip(runner: Cli) -> None:
    arc = _night(runner).json("arc", "Dana")
    (willpower,) = [c for c in arc["charts"] if c["title"] == "Willpower"]  # type: ignore[index]
    assert willpower["series"][0]["values"] == [9, 7, 9]
    assert willpower["x_labels"] == ["Start", "S1", "S1.2"]  # each change labelled (issue 41)
    # the session table keeps one row per session: the end of each
    assert [p["numbers"]["willpower"] for p in arc["points"]] == [9, 9]  # type: ignore[index]


def test_overlapping_series_differ_in_dash_and_marker() -> None:
    dashes = [dash for _, dash, _ in STYLES.values()]
    shapes = [shape for _, _, shape in STYLES.values()]
    assert len(set(dashes)) == len(dashes) and len(set(shapes)) == len(shapes)
    same = [1, 2, 3]
    svg = line_chart("Counted", ["S1", "S2", "S3"], [Series("made", same, "a"),
                     Series("failed", same, "b"), Series("traits", same, "c")], 3)  # fmt: skip
    assert svg.count("<circle") == 3 + 1  # three points and the legend's
    assert svg.count("<rect") == 3 + 1 and svg.count("<polygon") == 3 + 1
    assert 'stroke-dasharray="9 5"' in svg and 'stroke-dasharray="3 4"' in svg


def test_a_chart_is_drawn_wide_and_narrow_and_marks_crossed_points() -> None:
    drawn = both_widths("HF", ["1", "2"], [Series("Ann", [7, 7], "a", frozenset({0}))], 8)
    assert re.findall(r'class="chart (chart-\w+)" width="(\d+)"', drawn) == [
        ("chart-wide", "800"),
        ("chart-narrow", "480"),
    ]
    assert drawn.count('class="cross"') == 2  # one per drawing
    assert "Ann 7 (1): froze" in drawn


def test_each_encounter_of_a_recap_has_a_fear_track(runner: Cli) -> None:
    """Issue 22: every character's HF turn by turn, a frozen turn marked; the worked
    example's fight: Ariella froze in turn 1 (-4)."""
    runner("demo")
    recap = runner.json("recap", "--for", "players")
    (fight,) = [e for e in recap["story"] if e["kind"] == "encounter"]  # type: ignore[index]
    (track,) = fight["charts"]
    assert track["x_labels"] == ["1", "2", "3", "4"] and track["x_title"] == "turn"
    by_name = {s["label"]: s for s in track["series"]}
    assert list(by_name) == ["Freddie", "Ariella", "Linda"]
    assert by_name["Ariella"]["crossed"] == [0] and by_name["Freddie"]["crossed"] == []
    assert by_name["Ariella"]["values"][:3] == [7, 7, 6]  # she froze: HF stays 7 in turn 2
    text = runner("recap", "--for", "players").stdout
    assert "**Fear track: HF each turn (after soaks; ✗ froze):** Freddie 7 → 6 → 5" in text
    assert "Ariella 7 ✗ → 7 → 6" in text
    html = runner("recap", "--for", "players", "--format", "html").stdout
    assert html.count('aria-label="Fear track') == 2  # wide and narrow
    mine = runner.json("recap", "--for", "Ariella")
    (own,) = [e for e in mine["story"] if e["kind"] == "encounter"]  # type: ignore[index]
    assert [s["label"] for s in own["charts"][0]["series"]] == ["Ariella"]  # her own row only
