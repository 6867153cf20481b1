"""Sealed imports: a file that carries hashes carries them on every line, and they check;
a campaign keeps its hashes under its own name and is hashed again under another.

The issue's attack: the last line of an export edited (a GM-only note made public) and its
hash and prev_hash deleted. It is refused, with the line's number, and nothing is written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import WORKED_EXAMPLE
from support.cli import Cli, count_events
from support.tamper import SLUG, export_rows, write_rows


@pytest.fixture
def gm_note_last(runner: Cli, tmp_path: Path) -> list[dict[str, Any]]:
    """An export whose last line is a GM-only note."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("note", "The lights go out.")
    runner("note", "The butler did it.", "--gm-only")
    runner("export", "-o", str(tmp_path / "night.jsonl"))
    return export_rows(tmp_path / "night.jsonl")


def test_an_edited_last_line_without_its_hashes_is_refused(
    runner: Cli, tmp_path: Path, gm_note_last: list[dict[str, Any]]
) -> None:
    forged = gm_note_last[-1]
    forged["data"]["gm_only"] = False
    del forged["hash"], forged["prev_hash"]
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    result = other.refused("import", write_rows(tmp_path / "forged.jsonl", gm_note_last))
    assert result.stderr == (
        "Error: line 3 has no hash and prev_hash, and the lines before it have them: a file "
        "that carries hashes carries them on every line (was this line added or edited by "
        "hand?); import the file as it was exported; nothing was imported\n"
    )
    assert count_events(other.db) == 0
    assert "Traceback" not in result.output


def test_an_added_line_without_hashes_is_refused_too(
    runner: Cli, tmp_path: Path, gm_note_last: list[dict[str, Any]]
) -> None:
    rows = [*gm_note_last, {"type": "NoteTaken", "data": {"text": "All is well."}}]
    result = runner.refused("import", write_rows(tmp_path / "longer.jsonl", rows))
    assert "line 4 has no hash and prev_hash" in result.stderr
    assert count_events(runner.db) == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda rows: rows[1].pop("hash"), "line 2 has a prev_hash but no hash"),
        (lambda rows: rows[2].pop("prev_hash"), "line 3 has a hash but no prev_hash"),
        (
            lambda rows: [rows[0].pop("hash"), rows[0].pop("prev_hash")],
            "line 2 carries hashes and line 1 does not",
        ),
        (
            lambda rows: rows[2].update(campaign="elsewhere"),
            "line 3 is an event of campaign 'elsewhere', and the lines before it of 'night'",
        ),
        (lambda rows: rows[1].update(campaign="Not A Slug"), "line 2: campaign must be"),
        (
            lambda rows: rows[2]["data"].update(gm_only=False),
            "line 3: its hash does not match its content",
        ),
    ],
    ids=["hash", "prev_hash", "hashes from line 2", "campaign", "slug", "content"],
)
def test_half_hashed_or_mixed_files_are_refused(
    runner: Cli, tmp_path: Path, gm_note_last: list[dict[str, Any]], change: Any, message: str
) -> None:
    change(gm_note_last)
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    result = other.refused("import", write_rows(tmp_path / "mixed.jsonl", gm_note_last))
    assert message in result.stderr
    assert count_events(other.db) == 0


def test_a_file_without_any_hash_still_imports(
    runner: Cli, tmp_path: Path, gm_note_last: list[dict[str, Any]]
) -> None:
    """A hand-written log; stripped of its hashes, an untouched export even gets the very
    same hashes back (they depend on nothing else), so an old receipt still checks."""
    head = gm_note_last[-1]["hash"]
    for row in gm_note_last:
        del row["hash"], row["prev_hash"]
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    other("import", write_rows(tmp_path / "plain.jsonl", gm_note_last))
    assert other.json("verify", "--head", head)["ok"]  # type: ignore[index]


def test_an_export_names_its_campaign_and_imports_under_it(runner: Cli, tmp_path: Path) -> None:
    """A campaign imported under another name exports with that name on each line, and the
    export imports under it with its hashes kept."""
    runner("--campaign", "copy", "import", str(WORKED_EXAMPLE))
    runner("--campaign", "copy", "export", "-o", str(tmp_path / "copy.jsonl"))
    rows = export_rows(tmp_path / "copy.jsonl")
    assert {row["campaign"] for row in rows} == {"copy"}
    assert rows[0]["data"]["slug"] == SLUG  # the creation event keeps what it recorded
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    assert other.json("import", str(tmp_path / "copy.jsonl"))["campaign"] == "copy"  # type: ignore[index]
    assert [e["hash"] for e in other.json("log")] == [r["hash"] for r in rows]  # type: ignore[union-attr]


def test_importing_under_another_name_hashes_the_events_again_and_says_so(
    runner: Cli, tmp_path: Path
) -> None:
    original = export_rows(WORKED_EXAMPLE)
    result = runner("--campaign", "copy", "import", str(WORKED_EXAMPLE), "--json")
    assert json.loads(result.stdout)["rehashed_from"] == 1
    assert result.stderr == (
        f"Note: the file's hashes were made for campaign {SLUG!r}; imported as 'copy', its "
        f"events from #1 on were hashed again under that name: receipts of {SLUG!r} do not "
        "apply to 'copy'.\n"
    )
    log = runner.json("log")
    assert isinstance(log, list)
    assert all(e["hash"] != r["hash"] for e, r in zip(log, original, strict=True))
    assert [e["event_id"] for e in log] == [r["event_id"] for r in original]
    assert runner("verify").exit_code == 0
    assert "receipt" in runner("verify", "--head", original[-1]["hash"], ok=False).stderr
    again = runner("--campaign", "copy", "import", str(WORKED_EXAMPLE), "--json")
    assert json.loads(again.stdout)["added"] == 0 and again.stderr == ""


def test_importing_an_export_of_a_campaign_the_database_has(runner: Cli, tmp_path: Path) -> None:
    """The same campaign, further on: what the database has is checked, the rest added
    with the export's own hashes, so a receipt taken on either side checks on both."""
    runner("import", str(WORKED_EXAMPLE))
    runner("note", "Dawn comes.")
    runner("export", "-o", str(tmp_path / "later.jsonl"))
    head = runner.json("verify")["head"]["hash"]  # type: ignore[index]
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    other("import", str(WORKED_EXAMPLE))
    assert other.json("import", str(tmp_path / "later.jsonl"))["added"] == 1  # type: ignore[index]
    assert other.json("verify", "--head", head)["ok"]  # type: ignore[index]


#: every field of an export line the hash covers (`voided` is derived; `hash` itself too)
COVERED = ["campaign", "event_id", "type", "schema", "data", "recorded_at", "game_time", "session"]


def _nudged(value: Any) -> Any:
    """The value with one thing in it changed, keeping its shape: the first (sorted) key's
    value of an object, the first item of a list, a text, number or flag."""
    if isinstance(value, dict) and value:
        key = sorted(value)[0]
        return {**value, key: _nudged(value[key])}
    if isinstance(value, list) and value:
        return [_nudged(value[0]), *value[1:]]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "!"
    return "forged"


def _changed(row: dict[str, Any], field: str) -> dict[str, Any]:
    changed = {
        "campaign": "elsewhere",
        "event_id": "00000000-0000-4000-8000-000000000000",
        "type": "NoteTaken" if row["type"] != "NoteTaken" else "SessionEnded",
        "schema": row["schema"] + 1,
        "data": _nudged(row["data"]),
        "recorded_at": "2011-01-01T00:00:00.000000Z",
        "game_time": "2011-01-01T00:00" if row["game_time"] != "2011-01-01T00:00" else None,
        "session": (row["session"] or 0) + 1,
    }
    return {**row, field: changed[field]}


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seq=st.integers(min_value=1, max_value=27), field=st.sampled_from(COVERED))
def test_any_edit_of_any_line_of_an_export_is_refused_at_that_line(seq: int, field: str) -> None:
    """Whatever the line and whichever covered field: refused at that line (as another
    campaign's line, an event the rules refuse, or one whose hash no longer matches)."""
    from journal.transfer import ImportRefused, parse_lines

    lines = WORKED_EXAMPLE.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    lines[seq - 1] = json.dumps(_changed(rows[seq - 1], field))
    with pytest.raises(ImportRefused, match=rf"^line {seq}\b"):
        for _ in parse_lines(lines, None):
            pass
