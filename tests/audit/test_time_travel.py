"""See any moment: status, log and explain as of an event or the end of a session."""

from __future__ import annotations

import pytest
from support.cli import Cli
from support.worked_example import COMMANDS


@pytest.fixture
def two_sessions(runner: Cli) -> Cli:
    for command in COMMANDS:
        runner(*command)
    runner("session", "start", "The morning after")
    runner("rest", "--all")
    runner("check", "Ariella", "--hf", "5", "--dice", "+2/-9")
    runner("session", "end")
    return runner


def test_status_as_of_a_session(two_sessions: Cli) -> None:
    first = two_sessions.json("status", "--as-of-session", "1")["characters"]  # type: ignore[index]
    now = two_sessions.json("status")["characters"]  # type: ignore[index]
    assert first["Linda"]["willpower"] == 8 and now["Linda"]["willpower"] == 10
    assert first["Ariella"]["brokenness"] == 0 and now["Ariella"]["brokenness"] == 1
    assert "no session 3" in two_sessions.refused("status", "--as-of-session", "3").stderr


def test_log_as_of(two_sessions: Cli) -> None:
    assert [e["seq"] for e in two_sessions.json("log", "--as-of", "3")] == [1, 2, 3]  # type: ignore[union-attr]
    assert two_sessions.json("log", "--as-of-session", "1")[-1]["type"] == "SessionEnded"  # type: ignore[index]


def test_explain_chains_each_number(two_sessions: Cli) -> None:
    explained = two_sessions.json("explain", "Linda")
    hardness = explained["numbers"]["hardness"]  # type: ignore[index]
    assert hardness["value"] == 3
    assert [(link["before"], link["after"]) for link in hardness["chain"]] == [(None, 2), (2, 3)]
    willpower = explained["numbers"]["willpower"]  # type: ignore[index]
    assert [link["type"] for link in willpower["chain"]] == [
        "CharacterAdded",
        "WillpowerSoaked",
        "Rested",
    ]


def test_explain_an_event_shows_its_terms_and_dice(two_sessions: Cli) -> None:
    explained = two_sessions.json("explain", "Linda", "16")
    assert explained["as_of"] == 16  # type: ignore[index]
    focus = explained["focus"]  # type: ignore[index]
    assert focus["terms"] == "Reaction 12, HF 6 - Hardness 2 -4, +d10 +9, -d10 -3 = 14"
    assert focus["dice"] == {"initiative": {"faces": [9, 3], "source": "entered"}}
    assert explained["numbers"]["encounter.hf"]["value"] == 6  # type: ignore[index]
    text = two_sessions("explain", "Linda", "16").stdout
    assert "dice: initiative 9/3 (entered)" in text


def test_explain_as_of_a_session(two_sessions: Cli) -> None:
    explained = two_sessions.json("explain", "Ariella", "--as-of-session", "1")
    assert explained["numbers"]["brokenness"]["value"] == 0  # type: ignore[index]
