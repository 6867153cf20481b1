"""campaigns/morgue: the shipped log imports, verifies and audits clean, is exactly what
tests/support/morgue_example.py's commands give through the CLI, and reaches the intended rows."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from support import CAMPAIGNS
from support.morgue_example import COMMANDS, ROWS

if TYPE_CHECKING:
    from support.cli import Cli  # `from conftest` at run time can meet another folder's conftest

SHIPPED = CAMPAIGNS / "morgue" / "log.jsonl"


@pytest.fixture(scope="module")
def shipped() -> list[dict[str, Any]]:
    return [json.loads(line) for line in SHIPPED.read_text(encoding="utf-8").splitlines()]


def checks(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == "FrightChecked"]


def test_the_shipped_log_imports_verifies_and_audits(runner: Cli) -> None:
    runner("import", str(SHIPPED))
    assert runner("verify").exit_code == 0
    audit = runner("audit").stdout
    assert "every ruling follows from its dice and the rules" in audit
    assert runner.json("audit")["differences"] == []  # type: ignore[index]


def test_the_shipped_log_is_these_commands(runner: Cli, shipped: list[dict[str, Any]]) -> None:
    for command in COMMANDS:
        runner(*command)
    fresh = runner.json("log")
    assert isinstance(fresh, list)
    assert [(e["type"], e["data"], e["game_time"], e["session"]) for e in shipped] == [
        (e["type"], e["data"], e["game_time"], e["session"]) for e in fresh
    ]


def test_the_rows_reached(shipped: list[dict[str, Any]]) -> None:
    made = [c for c in checks(shipped) if c["made"]]
    assert [(c["character"], c["row"]) for c in made] == ROWS
    rows = {c["row"] for c in made} - {None}
    assert len(rows) >= 15
    assert {13, 18, 31, 22, 23, 24, 25, 28, 29, 30, 33, 40} <= rows
    assert all(d["source"] == "entered" for c in made for d in c["dice"].values())
    assert [c["character"] for c in checks(shipped) if not c["made"]] == ["Breen", "Breen"]


def test_the_night_leaves_its_scars(runner: Cli) -> None:
    runner("import", str(SHIPPED))
    cast = runner.json("status")["characters"]  # type: ignore[index]
    marsh, rourke, ortiz = cast["Marsh"], cast["Rourke"], cast["Ortiz"]
    assert marsh["quirks"] == ["Hums while she works", "Checks under the autopsy tables"]
    assert (marsh["ht_lost"], marsh["iq_lost"]) == (1, 0)
    assert {"name": "Necrophobia", "points": -15, "self_control": 9} in rourke["disadvantages"]
    assert (rourke["iq_lost"], rourke["pending"][0]["kind"], rourke["pending"][0]["points"]) == (
        1, "mental", -15,
    )  # fmt: skip
    assert [d["name"] for d in ortiz["disadvantages"]] == [
        "Delusion (the dead whisper to him)",
        "Delusion (ghouls wear the faces of the dead)",
    ]
    assert cast["Breen"]["checks"] == 0
    assert {n: c["checks"] for n, c in cast.items()} == {
        "Marsh": 8, "Rourke": 10, "Ortiz": 10, "Breen": 0,
    }  # fmt: skip


def test_the_sessions_and_notes(shipped: list[dict[str, Any]]) -> None:
    notes = [e["data"] for e in shipped if e["type"] == "NoteTaken"]
    assert len([n for n in notes if n["gm_only"]]) == 2 and len(notes) >= 8
    assert {e["session"] for e in checks_with_envelope(shipped)} == {1, 2}
    times = [e["game_time"] for e in checks_with_envelope(shipped)]
    assert (times[0], times[-1]) == ("1987-11-13T23:00", "1987-11-15T03:30")
    assert times == sorted(times)
    combats = [e["type"] for e in shipped if e["type"].startswith("Combat")]
    assert combats == ["CombatStarted", "CombatEnded"] * 2


def checks_with_envelope(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "FrightChecked"]
