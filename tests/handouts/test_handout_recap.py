"""`journal recap`: the worked example's recap against golden files, audiences, refusals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from handout_support import morgue, worked_example

GOLDEN = Path(__file__).parent / "golden"
UPDATE = "JOURNAL_UPDATE_GOLDEN"


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get(UPDATE):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden {path}: run once with {UPDATE}=1 and read it"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


@pytest.mark.parametrize("audience", ["players", "gm"])
def test_worked_example_recap_matches_golden(runner, audience: str) -> None:
    worked_example(runner)
    text = runner("recap", "--for", audience).stdout
    _golden(f"worked-example-recap-{audience}.md", text)
    assert text == runner("recap", "1", "--format", "md", "--for", audience).stdout


def test_players_recap_holds_the_story_but_no_gm_secrets(runner) -> None:
    worked_example(runner)
    players = runner("recap").stdout
    gm = runner("recap", "--for", "gm").stdout
    secret = "keep count of the cartridges"
    assert secret not in players and secret in gm
    # dice faces and terms are the GM's
    assert "+5/-6" not in players and "+5/-6" in gm
    assert "Reaction 10" not in players and "Reaction 10, HF 7 - Hardness 0 -7" in gm
    for text in (players, gm):
        assert "Sunday 31 October 2010, 21:00" in text
        assert "Cast: Freddie, Ariella, Linda" in text
        assert "**froze**" in text
        assert "Horror Factor **7**: horde 6, outnumbered +1" in text
        assert "| **Linda** (no initiative: -1) | 4 → 2 | 2 (eff 2) | 16 | acted | 0 | 0 |" in text
        assert "Linda 2 → 3" in text
        assert "Linda spent 2 to hold steady" in text


def test_a_character_handout_is_theirs(runner) -> None:
    worked_example(runner)
    text = runner("recap", "--for", "ariella").stdout
    assert "**Ariella's handout**" in text
    assert "| **Ariella**" in text and "| **Freddie**" not in text
    assert "Ariella drops the shotgun" in text  # a public note about her
    assert "The rotting, blood-drenched horde" in text  # a public note about nobody
    assert "keep count of the cartridges" not in text
    assert "+1/-8" not in text
    assert "## Where Ariella stands" in text


def test_html_recap_to_a_file(runner, tmp_path: Path) -> None:
    worked_example(runner)
    out = tmp_path / "out" / "recap.html"
    result = runner("recap", "-o", str(out))
    assert result.stdout == ""
    assert "Wrote the recap" in result.stderr
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport"' in html and "@media print" in html and "@page" in html
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org", "")
    assert "keep count" not in html


def test_recap_json_is_the_template_context(runner) -> None:
    worked_example(runner)
    document = json.loads(runner("recap", "--json").stdout)
    assert document["session"]["number"] == 1
    (encounter,) = [e for e in document["story"] if e["kind"] == "encounter"]
    assert [t["number"] for t in encounter["turns"]] == [1, 2, 3, 4]
    ariella = encounter["turns"][0]["rows"][1]
    assert (ariella["name"], ariella["initiative"], ariella["acted"]) == ("Ariella", -4, False)
    assert ariella["dice"] is None  # the players' document has no dice


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("recap", "2"), "no session 2"),
        (("recap", "--for", "Bob"), "no character named 'Bob'"),
        (("recap", "--format", "pdf"), "unknown format 'pdf'"),
        (("arc", "Bob"), "no character named 'Bob'"),
        (("arc", "Linda", "--format", "docx"), "unknown format 'docx'"),
        (("recap", "--templates", "no-such-folder"), "no such folder"),
    ],
)
def test_refusals(runner, args: tuple[str, ...], message: str) -> None:
    worked_example(runner)
    assert message in runner.refused(*args).stderr


def test_no_sessions_yet(runner) -> None:
    runner("campaign", "new", "quiet", "--ruleset", "horror-factor")
    assert "no sessions yet" in runner.refused("recap").stderr
    assert "no sessions yet" in runner.refused("recap", "1").stderr


def test_voided_events_are_skipped_and_listed_for_the_gm(runner) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("session", "start", "One")
    runner("note", "The wrong door opens.")
    runner("void", "3", "--reason", "it was the other door")
    runner("note", "The right door opens.")
    players = runner("recap").stdout
    assert "The wrong door" not in players and "The right door opens." in players
    gm = runner("recap", "--for", "gm").stdout
    assert "## Voided this session" in gm and "it was the other door" in gm
    assert "(session still open)" in players


def test_fright_check_recap_shows_rows_and_effects(runner) -> None:
    morgue(runner)
    players = runner("recap").stdout
    assert "| **Mara** | corpse-3 | critical failure by 10 | 24 |" in players
    assert "acquire physical disadvantages (-15, pending)" in players
    assert "| **Eli** | ghoul-1 | success by 3 | — | — |" in players
    assert "Mara acquires Bad Back (-15" in players
    assert "| **Mara** | 10 / 11 / 12 | 1 | 15 | Bad Back (-15) |" in players
    assert "6,6,5" not in players and "grisly mutilation" not in players
    assert "The coroner is the ghoul" not in players
    gm = runner("recap", "--for", "gm").stdout
    assert "Will 10, -2 grisly mutilation (2), -1 dark = 7; rolled 17, dice will 6,6,5" in gm
    assert "table 14 + 10 = 24" in gm
    assert "**GM only:** The coroner is the ghoul." in gm
    html = runner("recap", "--format", "html").stdout
    assert "<td>critical failure by 10" in html and '<td class="num">24</td>' in html
