"""What the GM reads (the review's list): the encounter and Horror Check lines, `explain` in
words, and the help of `encounter start`, `check` and `note`.

Freddie (R10 W10 H0, no training) and Linda (R12 W10 H2, some training, supernatural 4).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli


@pytest.fixture
def table(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Freddie", "--reaction", "10", "--willpower", "10",
           "--hardness", "0", "--training", "none")  # fmt: skip
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some", "--spec", "supernatural=4")  # fmt: skip
    return runner


@pytest.mark.parametrize(
    ("flags", "line"),
    [
        (("--hf", "5"), ": HF 5\n"),
        (("--hf", "horde"), ": HF horde 6\n"),
        (("--hf", "5", "--outnumbered", "--creepy"), ": HF 5, outnumbered +1, creepy +1 = 7\n"),
        (("--hf", "horde", "--ambush"), ": HF horde 6, ambush (turn 1 only) +2 = 8\n"),
    ],
)
def test_the_encounter_line_gives_a_plain_number_as_is(
    table: Cli, flags: tuple[str, ...], line: str
) -> None:
    """`HF base HF 5 = 5` read as `HF 5`."""
    out = table("encounter", "start", "Cellar", *flags, "--cast", "Freddie").stdout
    assert out.endswith(line), out
    assert "base HF" not in out


@pytest.mark.parametrize(
    ("dice", "words"),
    [
        # Freddie 10 + 0 - 5 + d10 - d10 against 10; exceptional at 5 or less
        ("+9/-1", "= 13 vs 10: passed; hardened: Hardness 0 to 1"),
        ("+2/-1", "= 6 vs 10: failed (exceptional at 5 or less); broken: brokenness 0 to 1"),
        ("+1/-2", "= 4 vs 10: failed exceptionally (at 5 or less); broken: brokenness 0 to 1; "
                  "exceptional failure (total 4 <= 10 - 5)"),
    ],
)  # fmt: skip
def test_the_horror_check_line_in_words(table: Cli, dice: str, words: str) -> None:
    """No `exceptional-failure` key; the exceptional margin, the journal's own ruling, is
    shown on every failed check (RULES.md: "shown in every explanation" of a failure), and
    never on a pass (issue 18: a pass is a pass whatever the margin)."""
    out = table("check", "Freddie", "--hf", "5", "--dice", dice).stdout
    assert words in out, out
    assert "exceptional-failure" not in out and " pass " not in out
    assert ("at 5 or less" in out) == ("passed" not in out)
    # `check --json` keeps the keys scripts rely on
    table("void", out.split()[0].lstrip("#"), "--reason", "again as JSON")
    document = table.json("check", "Freddie", "--hf", "5", "--dice", dice)
    assert document["result"] in ("pass", "fail", "exceptional-failure")  # type: ignore[index]


def test_explain_text_uses_the_gm_words(table: Cli) -> None:
    """No `peak_hardness`, `last_hf`, `fight = {...}`: labels, and `--json` unchanged."""
    table("encounter", "start", "Crypt", "--hf", "5", "--category", "supernatural",
          "--cast", "Freddie,Linda")  # fmt: skip
    table("initiative", "Linda", "--dice", "+5/-6")
    table("soak", "Freddie", "1")
    text = table("explain", "Linda").stdout
    for raw in ("peak_hardness", "last_hf", "fight", "hardness_label", "{", "True", "False"):
        assert raw not in text, (raw, text)
    assert "from the sheet: Hardness 2, Hardness cap 4," in text
    assert "peak Hardness 2" in text and "Willpower 10, Willpower max 10" in text
    assert "Hardness (supernatural) 4" in text.splitlines()[1]  # each specialization a number
    assert "  HF this turn = 5\n" in text
    assert "  action penalty = 1\n" in text
    assert "  can act = yes\n" in text
    assert "  Willpower = 9\n" in table("explain", "Freddie").stdout
    document = table.json("explain", "Linda")
    numbers = document["numbers"]  # type: ignore[index]
    assert {"peak_hardness", "last_hf", "fight", "encounter.hf", "encounter.action_penalty"} <= set(
        numbers
    )
    assert numbers["fight"]["value"]["hardness_label"] == "Hardness (supernatural)"
    assert numbers["encounter.can_act"]["value"] is True


def _help(table: Cli, *command: str) -> str:
    return " ".join(table(*command, "--help").stdout.split())


def test_encounter_start_help_is_the_campaigns_rulesets(table: Cli, tmp_path: Path) -> None:
    """A Horror Factor campaign's `encounter start` takes --hf; a Fright Check campaign's
    gives heat of battle and has no --hf."""
    text = _help(table, "encounter", "start")
    assert "--hf PRESET|N" in text and "heat of battle" not in text
    gurps = Cli(table.runner, str(tmp_path / "gurps.db"))
    gurps("campaign", "new", "morgue", "--ruleset", "fright-check")
    text = _help(gurps, "encounter", "start")
    assert "heat of battle" in text and "--hf" not in text


def test_check_help_says_which_hf_and_hardness(table: Cli) -> None:
    text = _help(table, "check")
    assert "Without --hf the check is about NAME's last encounter: its initial HF" in text
    assert "the Hardness for its category (NAME's specialization, else the general one)" in text
    assert "one incident, one change" in text
    assert "With --hf N (a horror of its own) the HF is N and the general Hardness applies" in (
        text
    )
    assert "or NAME's specialization for --category C" in text


def test_note_help_says_how_to_name_several(table: Cli) -> None:
    text = _help(table, "note")
    assert "(--about A --about B)" in text and "(--about A,B)" in text
    table("note", "Both swear to burn the house.", "--about", "Freddie,Linda")
    table("note", "They run.", "--about", "Freddie", "--about", "Linda")
    notes = [e for e in table.json("log") if e["type"] == "NoteTaken"]  # type: ignore[union-attr]
    assert [n["data"]["about"] for n in notes] == [["Freddie", "Linda"]] * 2
