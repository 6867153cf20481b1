"""Schema 1 of FrightChecked, as the journal wrote it before issue 12
(`fixtures/schema1.jsonl`, exported by that journal): it upcasts on read (the row applied
is the row rolled, no GM's change), verifies, replays and audits clean, and its losses and
lasting conditions land on the sheet.

The fixture: Eli (Will 10, HT 10) fails into row 14 (4 FP, stunned 2 seconds), then row 13
(a quirk, named later), then succeeds; Ada is Unfazeable.
"""

from __future__ import annotations

import json
from pathlib import Path

from support.cli import Cli

from journal.events.registry import from_data
from journal.rulesets.fright_check.rules.fright import FrightChecked

FIXTURE = Path(__file__).parent / "fixtures" / "schema1.jsonl"


def test_a_schema_one_check_upcasts() -> None:
    lines = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
    checks = [line for line in lines if line["type"] == "FrightChecked"]
    assert {line["schema"] for line in checks} == {1} and FrightChecked.schema == 2
    payloads = [from_data("FrightChecked", 1, line["data"]) for line in checks]
    assert [(p.rolled_row, p.row, p.change_to) for p in payloads] == [  # type: ignore[attr-defined]
        (14, 14, None),
        (13, 13, None),
        (None, None, None),
        (None, None, None),
    ]


def test_the_old_log_imports_verifies_and_audits_clean(runner: Cli) -> None:
    assert runner.json("import", str(FIXTURE)) == {
        "campaign": "old-morgue",
        "read": 10,
        "added": 10,
        "sealed": 11,  # an older journal's export: its chain bound to the campaign after it
        "rehashed_from": None,
    }
    assert runner("verify").exit_code == 0
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
    eli = runner.json("status")["characters"]["Eli"]  # type: ignore[index]
    assert (eli["fp"], eli["quirks"], [c["kind"] for c in eli["conditions"]]) == (
        6,
        ["Counts drawers"],
        ["stun"],
    )
    # a schema-1 check's row can be changed: its rolled row is the one it recorded
    out = runner("fright", "Eli", "--for", "5", "--change-to", "10", "--reason", "awe",
                 "--effect-dice", "stun=1").stdout  # fmt: skip
    assert "row 14 changed by the GM to row 10 (awe): stun 1 second (1d: 1)" in out
    assert "FP 6->10" in out
    assert "made; stun over" in runner("recover", "Eli", "--dice", "3,3,3").stdout
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
