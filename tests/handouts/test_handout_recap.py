"""`journal recap`: the worked example's recap against golden files, audiences, refusals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support.handouts import morgue, worked_example

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
        # the soak column from the numbers after the soak (and the drop): effective HF 0
        assert "| **Linda** (no initiative: -1) | 4 → 2 | 2 (eff 0) | 16 | acted | 0 | 0 |" in text
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
    out.parent.mkdir()
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
        (("recap", "--format", "odt"), "unknown format 'odt': use md, html or pdf"),
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
    """Players read each check's result and effects; the table row, like the dice that
    reached it, is the GM's (issue 30, item 6)."""
    morgue(runner)
    players = runner("recap").stdout
    assert "| **Mara** | corpse 3 | critical failure by 10 | acquire" in players
    assert "| Character | Threat | Result | Effects |" in players and "row 24" not in players
    # named later that session with `journal trait`: by its name, not as pending
    assert "acquire physical disadvantages (-15): Bad Back |" in players
    assert "pending" not in players  # the story says "to be named by the GM" at the check
    assert "acquire physical disadvantages (-15, to be named by the GM)" in players
    assert "| **Eli** | ghoul 1 | success by 3 | — |" in players
    assert "Mara acquires Bad Back (-15 points)" in players
    assert "| **Mara** | 10 / 11 / 12 | 10 of 10 / 11 of 11 | 1 | 15 | Bad Back (-15) |" in players
    assert "6,6,5" not in players and "grisly mutilation" not in players
    assert "The coroner is the ghoul" not in players
    gm = runner("recap", "--for", "gm").stdout
    rolled = "rolled 17, dice will 6,6,5; table 5,5,4"  # in the order rolled, on every store
    assert f"Will 10, -2 grisly mutilation (2), -1 dark = 7; {rolled}" in gm
    assert "table 14 + 10 = 24" in gm
    assert "**GM only:** The coroner is the ghoul." in gm
    assert "| **Mara** | corpse 3 (corpse-3) | critical failure by 10" in gm and " | 24 | " in gm
    html = runner("recap", "--format", "html").stdout
    assert '<td data-label="Result">critical failure by 10' in html
    assert 'data-label="Row"' not in html
    gm_html = runner("recap", "--format", "html", "--for", "gm").stdout
    assert '<td class="num" data-label="Row">24</td>' in gm_html


def _orderly(runner) -> None:
    """An ambush by a supernatural creature, faced by three characters."""
    runner("campaign", "new", "ward", "--ruleset", "horror-factor", "--title", "The Ward")
    for name, hardness in (("Ariella", "0"), ("Linda", "2"), ("Eli", "1")):
        runner(
            "character", "add", name, "--reaction", "11", "--willpower", "10",
            "--hardness", hardness, "--training", "some",
        )  # fmt: skip
    runner("session", "start", "Night ward", "--at", "1999-03-01 22:00")
    runner(
        "encounter", "start", "The orderly", "--hf", "powerful-creature", "--ambush",
        "--creepy", "--category", "supernatural", "--cast", "Ariella,Linda,Eli",
    )  # fmt: skip
    runner("initiative", "Ariella", "--dice", "+1/-8")
    runner("initiative", "Linda", "--dice", "+5/-2")
    runner("drop", "Linda")
    runner("drop", "Linda")
    runner("encounter", "end", "--do-or-die", "Linda,Eli")


def test_the_hf_line_names_each_term_once_and_the_category_apart(runner) -> None:
    _orderly(runner)
    for audience in ("gm", "players"):
        text = runner("recap", "--for", audience).stdout
        line = next(x for x in text.splitlines() if x.startswith("Horror Factor **8**"))
        assert line.count("ambush") == 1, line
        assert "powerful creature 5, creepy +1, ambush (turn 1 only) +2. " in line
        assert "Category: supernatural." in line and "(supernatural)" not in line
    html = runner("recap", "--for", "gm", "--format", "html").stdout
    why = html[html.index('<p class="why">') :]
    assert why[: why.index("</p>")].count("ambush") == 1


def test_a_character_handout_names_who_fought_beside_them(runner) -> None:
    _orderly(runner)
    text = runner("recap", "--for", "Eli").stdout
    assert "Facing it: Ariella, Linda, Eli." in text
    assert "Cast: Ariella, Linda, Eli" in text
    assert "| **Eli**" in text and "| **Linda**" not in text  # their own row only
    # the group drop lowered Eli's HF: shown; Linda's later drop changed nothing of his
    assert "Linda drops the first enemy" in text
    assert "Linda drops enemy #2" not in text
    assert "*The encounter ends after 1 turn.*" in text


def test_horror_check_results_in_words(runner) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner(
        "character", "add", "Linda", "--reaction", "12", "--willpower", "10",
        "--hardness", "2", "--training", "some",
    )  # fmt: skip
    runner("session", "start", "One")
    runner("encounter", "start", "Cellar", "--hf", "5", "--cast", "Linda")
    runner("encounter", "end")
    runner("check", "Linda", "--dice", "+1/-9")
    runner("check", "Linda", "--hf", "5", "--dice", "+9/-1")
    gm = runner("recap", "--for", "gm").stdout
    assert "exceptional-failure" not in gm
    assert "- Linda about “Cellar” against HF 5: exceptional failure;" in gm
    assert "total -1 <= 10 - 5" in gm  # no needless backslash
    failed, passed = [x for x in gm.splitlines() if x.startswith("- Linda ")]
    assert "vs 10: exceptional failure (5 or less)]" in failed
    assert "vs 10: passed]" in passed and "exceptional" not in passed
    # the players read what changed, never the total or its terms
    players = runner("recap").stdout
    assert (
        "- Linda about “Cellar” against HF 5: exceptional failure; brokenness 0 → 1, "
        "Hardness 2 → 1\n" in players
    )
    assert "- Linda against HF 5: passed; Hardness 1 → 2\n" in players
    assert "<=" not in players and "total" not in players
    # a loss of Hardness is a loss, not a hardening
    assert "**Hardness lost:** Linda 2 → 1 (Horror Check)." in players
    assert "**Hardened:** Linda 1 → 2 (Horror Check)." in players


def test_a_fright_check_encounter_closes_in_markdown(runner) -> None:
    runner("import", str(Path(__file__).parents[2] / "campaigns" / "morgue" / "log.jsonl"))
    text = runner("recap", "1").stdout
    start = text.index("### Encounter: Brawl in the autopsy room")
    assert text[start:].splitlines()[2].startswith("Heat of battle: +5 on Fright Checks")
    end = text.index("*The fight ends: no more heat of battle.*")
    after = text.index("### After “Brawl in the autopsy room”")
    assert start < end < after < text.index("against drawer 9")
    assert after < text.index("Ortiz acquires Delusion")
    breen = runner("recap", "1", "--for", "Breen").stdout
    assert "*The fight ends: no more heat of battle.*" in breen
    gm = runner("recap", "1", "--for", "gm").stdout
    assert "= None" not in gm and "rolled None" not in gm
