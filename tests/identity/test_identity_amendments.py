"""A correction is credited to whom the corrected ruling was about (issue 29, F4): after
`character rename Alice Alicia` and a newcomer `character add Alice`, an `amend` or a
re-rule of the old Alice's ruling is Alicia's in `log --character` and `explain`, and
never the newcomer's, though the ruling it amends says "Alice"."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from support.cli import Cli

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")


@pytest.fixture
def amended(runner: Cli) -> Cli:
    """Alice's initiative (#6) is amended after the rename (#7) and the newcomer (#8)."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Alice", *SHEET)
    runner("character", "add", "Linda", *SHEET)
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Alice,Linda")
    runner("initiative", "Alice", "--dice", "+1/-8")  # #6
    runner("character", "rename", "Alice", "Alicia")  # #7
    runner("character", "add", "Alice", *SHEET)  # #8: the freed name, a newcomer
    shown = runner("amend", "6", "--dice", "+9/-1", "--reason", "misread").stdout
    assert "#9 Re-rules #6 (misread)" in shown
    return runner


@pytest.fixture
def reruled(runner: Cli) -> Cli:
    """Alice's soak (#6) is voided after the rename (#9) and the newcomer (#10); the re-rule
    amends her initiative (#7), which counted the soak, at #12."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Alice", *SHEET)
    runner("character", "add", "Linda", *SHEET)
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Alice,Linda")
    runner("soak", "Alice", "2")  # #6
    runner("initiative", "Alice", "--dice", "+5/-2")  # #7
    runner("initiative", "Linda", "--dice", "+5/-2")
    runner("character", "rename", "Alice", "Alicia")  # #9
    runner("character", "add", "Alice", *SHEET)  # #10
    shown = runner("void", "6", "--reason", "no soak", "--rerule").stdout
    assert "#12 Re-rules #7 (re-ruled after the void of #6)" in shown
    return runner


def seqs(found: Any) -> list[int]:
    return [entry["seq"] for entry in found]


def test_an_amendment_is_in_the_old_holders_log_not_the_newcomers(amended: Cli) -> None:
    assert seqs(amended.json("log", "--character", "Alicia")) == [2, 5, 6, 7, 9]
    assert seqs(amended.json("log", "--character", "Alice")) == [8]
    text = amended("log", "--character", "Alicia").stdout
    # the amended ruling's names read as they denoted someone then: she is Alicia now
    assert "#9    Re-rules #6 (misread): Alice (now Alicia) rolls initiative +9/-1" in text
    assert "Re-rules" not in amended("log", "--character", "Alice").stdout


def test_the_whole_log_names_the_amendments_character_as_she_is_now(amended: Cli) -> None:
    lines = amended("log").stdout.splitlines()
    assert lines[-1].startswith("#9    Re-rules #6 (misread): Alice (now Alicia) rolls")
    assert lines[-2].startswith("#8    Alice joins")  # the newcomer, no "(now ...)"


def test_explain_credits_the_amendment_to_her_not_to_the_newcomer(amended: Cli) -> None:
    newcomer: Any = amended.json("explain", "Alice", "9")
    assert newcomer["rulings"] == []  # #9 is only the event asked about
    assert newcomer["focus"]["seq"] == 9
    hers: Any = amended.json("explain", "Alicia", "9")
    assert seqs(hers["rulings"]) == [5, 6, 9]
    assert hers["rulings"][1]["amended_by"] == 9
    assert hers["numbers"]["encounter.initiative"]["value"] == 13  # +9/-1, as amended
    assert "Rulings:" not in amended("explain", "Alice").stdout


def test_a_rerule_is_in_the_old_holders_log_and_explain(reruled: Cli) -> None:
    assert seqs(reruled.json("log", "--character", "Alicia")) == [2, 5, 6, 7, 9, 12]
    assert seqs(reruled.json("log", "--character", "Alice")) == [10]
    newcomer: Any = reruled.json("explain", "Alice", "12")
    assert newcomer["rulings"] == []
    hers: Any = reruled.json("explain", "Alicia", "12")
    assert seqs(hers["rulings"]) == [5, 7, 12]
    assert hers["rulings"][1]["amended_by"] == 12


def test_the_installed_command_credits_her_too(amended: Cli) -> None:
    """The same through `python -m journal`, as the GM types it."""

    def journal(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "journal", "--db", amended.db, *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return done.stdout

    assert "Re-rules #6" in journal("log", "--character", "Alicia")
    assert "Re-rules #6" not in journal("log", "--character", "Alice")
    assert "#9" not in journal("explain", "Alice").split("Rulings:")[-1]
