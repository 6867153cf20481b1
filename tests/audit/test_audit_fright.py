"""Audit on the GURPS ruleset: a void cascades into the derived modifiers of later checks,
and a hand-written wrong row is listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli


@pytest.fixture
def morgue(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Mara", "--will", "12", "--ht", "11", "--iq", "13")
    runner("clock", "set", "1925-11-02 23:00")
    # 3: first sight of the ghoul: 10 + ... fails and reads the table
    runner(
        "fright",
        "Mara",
        "--threat",
        "ghoul-1",
        "--kind",
        "ghoul",
        "--monster",
        "-3",
        "--dice",
        "6,6,5",
        "--table-dice",
        "1,1,2",
    )
    runner("clock", "advance", "2h")
    # 5: the same ghoul again: +1 previous experience, +1 exposure in 24 h
    runner(
        "fright",
        "Mara",
        "--threat",
        "ghoul-1",
        "--kind",
        "ghoul",
        "--monster",
        "-3",
        "--dice",
        "3,3,4",
    )
    return runner


def test_the_second_check_derives_experience_and_exposure(morgue: Cli) -> None:
    second = morgue.json("log")[-1]  # type: ignore[index]
    derived = {
        m["label"]: m["value"]
        for m in second["data"]["modifiers"]
        if m["source"] == "derived" and m["value"]
    }
    assert sum(derived.values()) == 2, derived
    assert morgue.json("audit")["differences"] == []  # type: ignore[index]


def test_voiding_the_first_check_cascades_into_the_derived_modifiers(morgue: Cli) -> None:
    morgue("void", "4", "--reason", "the GM ruled the ghoul was never seen")
    report = json.loads(morgue("audit", "--json", ok=False).stdout)
    fields = {(d["seq"], d["field"]) for d in report["differences"]}
    assert (6, "modifiers") in fields
    assert (6, "modified_will") in fields
    assert all(d["seq"] == 6 for d in report["differences"])


def test_a_hand_written_wrong_row_is_listed(morgue: Cli, tmp_path: Path) -> None:
    rows = [json.loads(line) for line in morgue("export").stdout.splitlines()]
    for row in rows:
        for key in ("event_id", "hash", "prev_hash"):
            row.pop(key)
    first = next(r for r in rows if r["type"] == "FrightChecked")
    first["data"]["row"] = first["data"]["row"] + 1
    path = tmp_path / "hand.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    copy = Cli(morgue.runner, str(tmp_path / "copy.db"))
    copy("import", str(path))
    differences = json.loads(copy("audit", "--json", ok=False).stdout)["differences"]
    assert {(d["seq"], d["field"]) for d in differences} >= {(first["seq"], "row")}
    assert all(d["seq"] == first["seq"] for d in differences)


def test_fright_check_campaigns_have_no_what_if_options(morgue: Cli) -> None:
    assert (
        "fright-check has no option"
        in morgue.refused("audit", "--option", "exceptional_margin=4").stderr
    )
