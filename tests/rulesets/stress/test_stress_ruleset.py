"""A third ruleset, installed as a plugin (examples/stress-ruleset), works end to end with
no change to any file outside its folder: its sheet, its commands, status, log, explain,
audit (a tampered ruling caught), void, recaps and arcs, export and import.

The suite's install step (README) installs it; a clear failure says how if it is missing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli, count_events


@pytest.fixture(scope="module", autouse=True)
def installed() -> None:
    from journal.rules import names

    if "stress" not in names():
        pytest.fail(
            "the example ruleset is not installed: pip install ./examples/stress-ruleset "
            "(the README's test command does)"
        )


@pytest.fixture
def ward(runner: Cli) -> Cli:
    runner("campaign", "new", "ward", "--ruleset", "stress", "--title", "The Ward")
    runner("character", "add", "Mina", "--nerve", "4")
    runner("character", "add", "Otto", "--nerve", "7", "--stress", "2")
    runner("session", "start", "Night shift", "--at", "1931-02-02 23:00")
    runner("stress", "Mina", "3", "--reason", "the lights die")
    runner("panic", "Mina", "--dice", "2")  # 4 + 2 - 3 = 3: panics, stress 4
    runner("panic", "Otto", "--dice", "5")  # 7 + 5 - 2 = 10: holds
    runner("note", "Something breathes behind the door.")
    runner("session", "end")
    return runner


def test_the_sheet_is_the_rulesets(ward: Cli) -> None:
    assert "--nerve" in ward("character", "add", "--help").stdout
    assert (
        "nerve must be 1 to 10" in ward.refused("character", "add", "Zed", "--nerve", "11").stderr
    )
    message = ward.refused("character", "add", "Zed", "--will", "10").stderr
    assert message == "Error: --will belongs to fright-check; this campaign plays stress\n"


def test_its_commands_and_status(ward: Cli) -> None:
    status = ward.json("status")
    assert status["ruleset"] == "stress"
    assert status["characters"]["Mina"] == {"stress": 4, "stress_max": 10, "nerve": 4, "panics": 1}
    assert status["characters"]["Otto"]["stress"] == 2
    text = ward("status").stdout
    assert "Mina  4/10" in text and "name  stress  nerve  panics" in text
    panic = ward.json("panic", "Otto", "--dice", "1")  # 7 + 1 - 2 = 6: holds
    assert panic[0]["type"] == "PanicRolled" and panic[0]["data"]["panicked"] is False


def test_refusals_name_the_rule(ward: Cli) -> None:
    before = count_events(ward.db)
    assert "stress needs a reason" in ward.refused("stress", "Mina", "1", "--reason", " ").stderr
    assert "a d10 shows 1 to 10" in ward.refused("panic", "Mina", "--dice", "11").stderr
    assert "no character named 'Nobody'" in ward.refused("panic", "Nobody").stderr
    message = ward.refused("turn").stderr
    assert message == "Error: that is a horror-factor command, and campaign 'ward' plays stress\n"
    assert count_events(ward.db) == before


def test_log_and_explain(ward: Cli) -> None:
    log = ward("log").stdout
    assert "Mina rolls for panic: nerve 4, d10 +2, stress -3 = 3 vs 6: panics, stress +1" in log
    explained = ward("explain", "Mina").stdout
    assert "stress = 4" in explained and "the lights die" in explained
    assert ward.json("explain", "Mina")["numbers"]["panics"]["value"] == 1


def test_audit_catches_a_tampered_ruling(ward: Cli, tmp_path: Path) -> None:
    assert ward.json("audit")["differences"] == []
    lines = ward("export").stdout.splitlines()
    rows = [json.loads(line) for line in lines]
    for row in rows:
        row.pop("hash"), row.pop("prev_hash")
        if row["type"] == "PanicRolled" and row["data"]["character"] == "Mina":
            row["data"]["panicked"] = False  # the GM's hand slipped: Mina "held"
            row["data"]["stress_after"] = 3
    forged = tmp_path / "forged.jsonl"
    forged.write_text("".join(json.dumps(r) + "\n" for r in rows))
    other = Cli(ward.runner, str(tmp_path / "other.db"))
    other("import", str(forged))
    result = other("audit", ok=False)
    assert result.exit_code == 1
    assert "panicked: recorded no, the rules give yes" in result.stdout
    assert (
        "by the rules: Mina rolls for panic: nerve 4, d10 +2, stress -3 = 3 vs 6: panics"
        in result.stdout
    )


def test_void_takes_its_change_out(ward: Cli) -> None:
    seq = next(e["seq"] for e in ward.json("log") if e["type"] == "StressChanged")
    ward("void", str(seq), "--reason", "the lights came back")
    assert ward.json("status")["characters"]["Mina"]["stress"] == 1  # only the panic's +1


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_recap_and_arc(ward: Cli, fmt: str) -> None:
    recap = ward("recap", "--format", fmt).stdout
    arc = ward("arc", "Mina", "--format", fmt).stdout
    if fmt == "md":
        assert "**Stress:** Mina 0 → 3 (the lights die)." in recap
        assert "**Panicked:** Mina." in recap
        assert "| **Mina** | 4 of 10 | 4 | 1 |" in recap
        assert "| S1 | Night shift | 4 | 1 |" in arc
        assert "**First panic**" in arc
    else:
        assert '<h3 class="minor">Stress</h3>' in recap and "Mina panics" in recap
        assert "<svg" in arc and "Nerve: <b>4</b>" in arc
    players = ward("recap", "--json").stdout
    assert '"dice"' not in players.replace('"dice": null', "")


def test_export_and_import_round_trip(ward: Cli, tmp_path: Path) -> None:
    path = tmp_path / "ward.jsonl"
    ward("export", "-o", str(path))
    copy = Cli(ward.runner, str(tmp_path / "copy.db"))
    copy("import", str(path))
    assert copy.json("status") == ward.json("status")
    assert copy("verify").stdout.startswith("OK")
