"""Corrections of d100 sanity's rulings, where they stand: `amend` of a misread die decides
the roll again in its place and re-rules what followed (the INT roll, the insanity, a bout
or choice it called for); `void --rerule`, `undo`; the audit clean after each."""

from __future__ import annotations

import pytest
from support.cli import Cli


def _events(cli: Cli) -> list[dict[str, object]]:
    return cli.json("log")  # type: ignore[return-value]


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "d100-sanity")
    runner("character", "add", "Mara", "--pow", "55", "--int", "70")
    runner("session", "start", "One")
    # #4: 6 lost, INT roll made: temporarily insane; #5 her bout; #6 a loss while insane
    runner("sanity", "Mara", "--loss", "1/1d10", "--dice", "80", "--loss-dice", "6",
           "--int-dice", "40", "--hours-dice", "3")  # fmt: skip
    runner("bout", "Mara", "--what", "runs", "--dice", "4")
    runner("sanity", "Mara", "--loss", "1/1d4", "--dice", "90", "--loss-dice", "2")
    return runner


def test_amend_a_misread_loss_die_re_rules_what_followed(night: Cli) -> None:
    """The loss die was a 3: 3 lost, no INT roll, no insanity; the bout is voided (the rules
    now refuse it: she is not insane), the later roll re-ruled from SAN 52 (no bout)."""
    amended = night("amend", "4", "--dice", "loss=3", "--reason", "misread the d10")
    assert "Re-rules #4" in amended.stdout or "#4" in amended.stdout
    log = _events(night)
    assert [e["type"] for e in log][-3:] == ["RulingAmended", "EventVoided", "RulingAmended"]
    status = night.json("status")["characters"]["Mara"]  # type: ignore[index]
    assert (status["san"], status["insanity"], status["due"]) == (50, [], [])
    assert night.json("audit")["differences"] == []  # type: ignore[index]
    explained = night("explain", "Mara").stdout
    assert "#4    55 -> 52  Mara's sanity roll (1/1d10): d100 80, 3 lost" in explained


def test_amend_an_input_the_loss_itself(night: Cli) -> None:
    night("amend", "6", "--loss", "0/1d4", "--reason", "it was 0/1d4")
    status = night.json("status")["characters"]["Mara"]  # type: ignore[index]
    assert status["san"] == 47  # 55 - 6 - 2: the same dice, the loss as it was
    assert night.json("audit")["differences"] == []  # type: ignore[index]


def test_void_and_undo(night: Cli) -> None:
    night("void", "4", "--reason", "never happened", "--rerule")
    status = night.json("status")["characters"]["Mara"]  # type: ignore[index]
    assert (status["san"], status["insanity"]) == (53, [])  # only the last roll's 2 stands
    assert night.json("audit")["differences"] == []  # type: ignore[index]
    night("sanity", "Mara", "--loss", "1/1d6", "--dice", "99", "--loss-dice", "4")
    assert night.json("status")["characters"]["Mara"]["san"] == 49  # type: ignore[index]
    night("undo", "--yes")
    assert night.json("status")["characters"]["Mara"]["san"] == 53  # type: ignore[index]
    assert night.json("audit")["differences"] == []  # type: ignore[index]
