"""`journal arc`: charts (inline SVG), milestones and the sheet, for both rulesets."""

from __future__ import annotations

import re
from pathlib import Path

from support.handouts import hardening_story, morgue, worked_example


def _polylines(html: str) -> list[str]:
    """Each series' line (not the wide one drawn beneath where two lines meet)."""
    return re.findall(r'<polyline points="([^"]*)"(?![^>]*class="beneath")', html)


def test_arc_html_has_labelled_svg_charts(runner) -> None:
    worked_example(runner)
    html = runner("arc", "Linda", "--format", "html").stdout
    assert html.count("<svg") == 4  # two charts, each drawn wide and narrow
    assert html.count('class="chart chart-narrow"') == 2
    assert "<title>Hardness and brokenness</title>" in html
    assert "<title>Willpower</title>" in html
    # a point at every change of her numbers: joined, the soak (8), hardened (3)
    assert all(len(points.split()) == 3 for points in _polylines(html))
    assert ">Start</text>" in html and ">S1</text>" in html
    assert ">sessions, at each change (S1.2: the 2nd in session 1)</text>" in html
    assert ">Hardness</text>" in html and ">Maximum</text>" in html  # the legend
    assert "<script" not in html


def test_arc_markdown_is_a_compact_table(runner) -> None:
    worked_example(runner)
    text = runner("arc", "linda").stdout
    assert "<svg" not in text
    assert "| Start | before the first session | 2 | 0 | 10 of 10 |" in text
    assert "| S1 | The horde | 3 | 0 | 8 of 10 |" in text
    assert "**First enemy dropped**" in text and "**Hardened**" in text


def test_horror_factor_milestones(runner) -> None:
    hardening_story(runner)
    ariella = runner("arc", "Ariella").stdout
    assert "**First freeze** (session 1, Monday 1 March 1999, 22:00): froze in “Cellar”" in ariella
    assert "**Broken** (session 1" in ariella and "brokenness 0 → 1" in ariella
    assert "**Hardened** (session 2" in ariella and "Horror Check against HF 5" in ariella
    assert "| S2 | Aftermath | 1 | 1 | 10 of 10 |" in ariella
    linda = runner("arc", "Linda").stdout
    assert "**First enemy dropped**" in linda
    assert "**Peace** (session 2" in linda and "6 month(s) of peace: Hardness 3 → 2" in linda
    html = runner("arc", "Ariella", "--format", "html").stdout
    assert len(_polylines(html)[0].split()) == 3  # start, session 1, session 2


def test_fright_check_arc_shows_scars(runner) -> None:
    morgue(runner)
    text = runner("arc", "Mara").stdout
    assert "**First Fright Check failed**" in text and "row 24" in text
    assert "**Scar**" in text and "acquires Bad Back (-15)" in text
    assert "| S1 | Night shift | 1 | 1 | 1 | 15 |" in text
    html = runner("arc", "Mara", "--format", "html").stdout
    assert "<title>Character points lost to fear</title>" in html
    assert all(points.strip() for points in _polylines(html))


def test_demo_writes_the_handouts(runner, tmp_path) -> None:
    out = runner("demo").stdout
    assert "27 new events" in out and "says 13" in out
    folder = tmp_path / "handouts"
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(
        [f"recap-session-1-{who}.{fmt}" for who in ("players", "gm") for fmt in ("md", "html")]
        + [f"arc-{n}.{fmt}" for n in ("freddie", "ariella", "linda") for fmt in ("md", "html")]
    )
    for name in names:
        assert str(folder / name) in out
    assert "keep count of the cartridges" in (folder / "recap-session-1-gm.md").read_text()
    assert "keep count" not in (folder / "recap-session-1-players.html").read_text()
    other = tmp_path / "elsewhere"
    assert str(other / "arc-linda.html") in runner("demo", "--out", str(other)).stdout


def test_start_is_the_sheet_even_without_sessions(runner) -> None:
    runner("campaign", "new", "q", "--ruleset", "horror-factor")
    runner(
        "character", "add", "Vera", "--reaction", "10", "--willpower", "10",
        "--hardness", "6", "--training", "elite", "--spec", "supernatural=2",
    )  # fmt: skip
    runner("encounter", "start", "Alley", "--hf", "8", "--cast", "Vera")
    runner("initiative", "Vera", "--dice", "+1/-9")
    runner("soak", "Vera", "1")
    runner("encounter", "end", "--broken", "Vera")
    runner("peace", "Vera", "--months", "1", "--lose", "0")
    text = runner("arc", "Vera").stdout
    assert "| Start | before the first session | 6; supernatural 2 | 0 | 10 of 10 |" in text
    assert "| Now | outside any session | 6; supernatural 2 | 1 | 9 of 10 |" in text
    assert "kept Hardness 6" in text and "6 → 6" not in text
    # specializations, in the Markdown sheet and the HTML card
    assert "| 6 of 6; supernatural: 2 |" in text
    html = runner("arc", "Vera", "--format", "html").stdout
    assert 'Hardness against <span class="id">supernatural</span></span><b>2</b>' in html


def test_scars_are_acquired_traits_only(runner) -> None:
    runner("import", str(Path(__file__).parents[2] / "campaigns" / "morgue" / "log.jsonl"))
    text = runner("arc", "Marsh").stdout  # a quirk and a disadvantage on her sheet
    assert "| Start | before the first session | 0 | 0 | 0 | 0 |" in text
    assert "| S1 | The night shift | 5 | 4 | 2 | 11 |" in text
    html = runner("arc", "Marsh", "--format", "html").stdout
    assert ">how many</text>" in html and ">Traits acquired</text>" in html
    assert ">checks</text>" not in html
