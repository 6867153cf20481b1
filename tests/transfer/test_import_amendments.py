"""Issue 29 (F2, S5): an imported `RulingAmended` must name an earlier, unvoided ruling of
the rules and replace it by one of the same type and schema with every field it needs;
anything else is refused as `line N: ...` and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli, count_events

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")


@pytest.fixture
def exported(runner: Cli, tmp_path: Path) -> list[dict[str, object]]:
    """A campaign with a check (#3), a note (#4), a voided check (#5, #6), an amendment of
    #3 (#7), exported as a hand-written log (no hashes)."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Ann", *SHEET)
    runner("check", "Ann", "--hf", "3", "--dice", "+5/-4")
    runner("note", "a note")
    runner("check", "Ann", "--hf", "2", "--dice", "+6/-1")
    runner("void", "5", "--reason", "not so")
    runner("amend", "3", "--hf", "1", "--reason", "the GM said HF 1")
    lines = [json.loads(line) for line in runner("export").stdout.splitlines()]
    for line in lines:
        for key in ("hash", "prev_hash", "campaign", "event_id"):
            line.pop(key, None)
    assert lines[6]["type"] == "RulingAmended"
    return lines


def _import(runner: Cli, tmp_path: Path, lines: list[dict[str, object]]) -> str:
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    said = other.refused("import", str(path)).stderr
    assert not (tmp_path / "other.db").exists() or count_events(other.db) == 0
    return said


def test_the_export_imports_as_it_is(runner: Cli, tmp_path: Path, exported: list) -> None:  # type: ignore[type-arg]
    path = tmp_path / "fine.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in exported), encoding="utf-8")
    Cli(runner.runner, str(tmp_path / "fine.db"))("import", str(path))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"ruling": "NoteTaken"}, "keeps the type and schema"),
        ({"ruling_schema": 99}, "keeps the type and schema"),
        ({"seq": 999}, "the events before it are 1 to 6"),
        ({"seq": 0}, "the events before it are 1 to 6"),
        ({"seq": -1}, "the events before it are 1 to 6"),
        ({"seq": 2**63}, "line 7"),
        ({"seq": 5}, "which is voided"),
        ({"seq": 2, "ruling": "CharacterAdded"}, "not a ruling of the rules"),
        ({"seq": 4, "ruling": "NoteTaken"}, "not a ruling of the rules"),
        ({"seq": 6, "ruling": "EventVoided"}, "not a ruling of the rules"),
        ({"data": {}}, "line 7"),
    ],
)
def test_an_amendment_the_rules_cannot_read_is_refused(
    runner: Cli,
    tmp_path: Path,
    exported: list,
    change: dict,
    says: str,  # type: ignore[type-arg]
) -> None:
    amendment = exported[6]
    data = dict(amendment["data"])  # type: ignore[call-overload]
    if change.get("ruling") in ("NoteTaken", "CharacterAdded", "EventVoided") and "seq" in change:
        target = exported[int(change["seq"]) - 1]
        data["data"] = dict(target["data"])  # type: ignore[call-overload]
        data["ruling_schema"] = target.get("schema", 1)
    data.update(change)
    said = _import(runner, tmp_path, [*exported[:6], {**amendment, "data": data}])
    assert said.startswith("Error: line 7") and says in said, said
