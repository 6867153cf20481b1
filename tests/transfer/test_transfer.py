"""Export and import: JSON Lines, all or nothing, idempotent, chain verified or computed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import Cli, count_events


def _campaign(cli: Cli) -> None:
    cli("campaign", "new", "night", "--ruleset", "horror-factor")
    cli(
        "character",
        "add",
        "Freddie",
        "--reaction",
        "10",
        "--willpower",
        "10",
        "--hardness",
        "0",
        "--training",
        "none",
    )
    cli("session", "start", "Jackson", "--at", "1998-10-31 21:00")
    cli("note", "The horde shambles forward.")
    cli("note", "Ariella's sister is among them.", "--gm-only")
    cli("void", "4", "--reason", "said too early")


def test_export_then_import_keeps_seqs_ids_and_hashes(
    runner: Cli, db_url: str, cli_on, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    _campaign(runner)
    runner("export", "-o", str(tmp_path / "night.jsonl"))
    exported = [json.loads(line) for line in (tmp_path / "night.jsonl").read_text().splitlines()]
    target = cli_on(db_url)
    result = target("import", str(tmp_path / "night.jsonl"), "--json")
    assert json.loads(result.stdout) == {
        "campaign": "night",
        "read": 6,
        "added": 6,
        "sealed": None,
        "rehashed_from": None,
    }
    imported = target.json("log")
    assert [(e["seq"], e["event_id"], e["hash"]) for e in imported] == [
        (e["seq"], e["event_id"], e["hash"]) for e in exported
    ]
    assert imported[3]["voided"] is True
    again = json.loads(target("import", str(tmp_path / "night.jsonl"), "--json").stdout)
    assert again["added"] == 0
    assert count_events(db_url) == 6
    assert target("verify").exit_code == 0


def test_import_appends_only_what_is_new(runner: Cli, tmp_path: Path) -> None:
    _campaign(runner)
    runner("export", "-o", str(tmp_path / "a.jsonl"))
    runner("note", "Dawn.")
    runner("export", "-o", str(tmp_path / "b.jsonl"))
    copy = Cli(runner.runner, str(tmp_path / "copy.db"))
    copy("import", str(tmp_path / "a.jsonl"))
    result = json.loads(copy("import", str(tmp_path / "b.jsonl"), "--json").stdout)
    assert result["added"] == 1
    assert count_events(str(tmp_path / "copy.db")) == 7


def _write(path: Path, rows: list[dict[str, object]]) -> str:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return str(path)


HAND_WRITTEN = [
    {
        "type": "CampaignCreated",
        "data": {
            "slug": "hand",
            "ruleset": "horror-factor",
            "title": "Hand",
            "options": {"exceptional_margin": 5},
        },
    },
    {"type": "NoteTaken", "data": {"text": "Written by hand."}},
    {"type": "NoteTaken", "data": {"text": "No hashes at all."}, "game_time": "1998-10-31T21:00"},
]


def test_a_hand_written_log_imports_with_a_computed_chain(runner: Cli, tmp_path: Path) -> None:
    path = _write(tmp_path / "hand.jsonl", HAND_WRITTEN)
    runner("import", path)
    assert runner("verify").exit_code == 0
    log = runner.json("log")
    assert [e["seq"] for e in log] == [1, 2, 3]
    assert log[1]["prev_hash"] == log[0]["hash"]
    assert runner.json("import", path)["added"] == 0  # ids derive from content: no duplicates


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("{not json", "line 3 is not JSON"),
        (json.dumps({"type": "NoSuchEvent", "data": {}}), "line 3: unknown event type"),
        (
            json.dumps({"type": "NoteTaken", "data": {"txt": "typo"}}),
            "line 3: NoteTaken has unknown field",
        ),
        (
            json.dumps({"type": "NoteTaken", "data": {"text": "x"}, "seq": 7}),
            "line 3 is event 7, expected 3",
        ),
        (json.dumps({"type": "NoteTaken"}), "line 3 needs at least"),
    ],
)
def test_a_bad_line_is_refused_with_its_number_and_nothing_is_written(
    runner: Cli, tmp_path: Path, bad_line: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    good = [json.dumps(r) for r in HAND_WRITTEN[:2]]
    path.write_text("\n".join([*good, bad_line, json.dumps(HAND_WRITTEN[2])]) + "\n")
    result = runner.refused("import", str(path))
    assert message in result.stderr
    assert count_events(runner.db) == 0


def test_an_altered_export_is_refused(runner: Cli, tmp_path: Path) -> None:
    _campaign(runner)
    runner("export", "-o", str(tmp_path / "night.jsonl"))
    rows = [json.loads(line) for line in (tmp_path / "night.jsonl").read_text().splitlines()]
    rows[3]["data"]["text"] = "The horde is friendly."
    path = _write(tmp_path / "forged.jsonl", rows)
    target = Cli(runner.runner, str(tmp_path / "other.db"))
    result = target.refused("import", path)
    assert "line 4" in result.stderr and "altered" in result.stderr
    assert count_events(str(tmp_path / "other.db")) == 0


def test_importing_a_missing_file_is_refused(runner: Cli) -> None:
    assert "no file" in runner.refused("import", "nowhere.jsonl").stderr


def test_a_longer_hand_written_log_appends_onto_the_same_chain(runner: Cli, tmp_path: Path) -> None:
    """Re-importing a hand-written log that grew: the new events link to this database's chain."""
    runner("import", _write(tmp_path / "v1.jsonl", HAND_WRITTEN[:2]))
    runner("import", _write(tmp_path / "v2.jsonl", HAND_WRITTEN))
    assert runner("verify").exit_code == 0
    assert count_events(runner.db) == 3


def test_an_export_with_a_rewritten_past_is_refused(runner: Cli, tmp_path: Path) -> None:
    _campaign(runner)
    rows = [json.loads(line) for line in runner("export").stdout.splitlines()]
    for row in rows:
        row.pop("hash"), row.pop("prev_hash")
    rows[3]["data"]["text"] = "The horde is friendly."
    rows.append({"type": "NoteTaken", "data": {"text": "Dawn."}})
    result = runner.refused("import", _write(tmp_path / "rewritten.jsonl", rows))
    assert "another history" in result.stderr
    assert count_events(runner.db) == 6


BAD_LINES = [
    ({"type": "NoteTaken", "data": {"text": "x"}, "game_time": 5}, "game_time must be text"),
    ({"type": "NoteTaken", "data": {"text": "x"}, "session": "2"}, "session must be a whole"),
    ({"type": "NoteTaken", "data": {"text": "x"}, "event_id": "nope"}, "is not a UUID"),
    ({"type": "NoteTaken", "data": {"text": ["a"], "about": "Linda"}}, "NoteTaken.text cannot be"),
    ({"type": "NoteTaken", "data": {"text": "x", "extra": 1e20}}, "only whole numbers"),
    ({"type": "NoteTaken", "data": {"text": "a\u0000b"}}, "NUL character"),
    ({"type": "EventVoided", "data": {"seq": 1, "reason": "x"}}, "cannot be voided"),
    ({"type": "EventVoided", "data": {"seq": "abc", "reason": "x"}}, "EventVoided.seq cannot be"),
    ({"type": "EventVoided", "data": {"seq": 9, "reason": "x"}}, "comes after it"),
    (
        {
            "type": "CharacterAdded",
            "data": {
                "name": "Z",
                "sheet": {"reaction": 10, "willpower": 10, "hardness": 99, "training": "none"},
            },
        },
        "hardness",
    ),
]


@pytest.mark.parametrize(("row", "message"), BAD_LINES, ids=[m for _, m in BAD_LINES])
def test_lines_the_journal_would_never_write_are_refused(
    runner: Cli, tmp_path: Path, row: dict[str, object], message: str
) -> None:
    path = _write(tmp_path / "odd.jsonl", [*HAND_WRITTEN[:2], row])
    result = runner.refused("import", path)
    assert "line 3" in result.stderr and message in result.stderr, result.stderr
    assert count_events(runner.db) == 0


def test_a_byte_order_mark_is_fine_and_bad_bytes_are_refused(runner: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "\n".join(json.dumps(r) for r in HAND_WRITTEN).encode())
    runner("import", str(path))
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(json.dumps(HAND_WRITTEN[0]).encode() + b"\n\xff\xfe\n")
    assert (
        "not UTF-8" in Cli(runner.runner, str(tmp_path / "b.db")).refused("import", str(bad)).stderr
    )


def test_import_under_a_bad_name_is_refused(runner: Cli, tmp_path: Path) -> None:
    path = _write(tmp_path / "hand.jsonl", HAND_WRITTEN)
    assert "not a campaign slug" in runner.refused("--campaign", "Bad Slug!", "import", path).stderr


def test_a_log_longer_than_a_batch_streams_in_one_transaction(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lines are checked and written two at a time here: a bad line in the last batch still
    leaves nothing written, and the new part of a grown log links to this database's chain."""
    import journal.transfer

    monkeypatch.setattr(journal.transfer, "BATCH", 2)
    _campaign(runner)
    rows = [json.loads(line) for line in runner("export").stdout.splitlines()]
    for row in rows:
        row.pop("hash"), row.pop("prev_hash"), row.pop("recorded_at")
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    bad = [*rows, {"type": "NoteTaken", "data": {"text": "x", "extra": 1.5}}]
    assert "line 7" in other.refused("import", _write(tmp_path / "bad.jsonl", bad)).stderr
    assert count_events(str(tmp_path / "other.db")) == 0
    other("import", _write(tmp_path / "first.jsonl", rows[:3]))
    grown = [*rows, {"type": "NoteTaken", "data": {"text": "Dawn."}}]
    result = json.loads(other("import", _write(tmp_path / "grown.jsonl", grown), "--json").stdout)
    assert result == {
        "campaign": "night",
        "read": 7,
        "added": 4,
        "sealed": None,
        "rehashed_from": None,
    }
    assert other("verify").exit_code == 0
    assert [e["data"] for e in other.json("log")] == [r["data"] for r in grown]


def test_a_line_of_another_rulesets_event_is_read_as_that_event(tmp_path: Path) -> None:
    """An import loads the log's own ruleset, and the others only when a line names an
    event type it does not know: that line is then read (and refused) as the event it
    names, as when every ruleset was loaded first. A fresh process: no other test's
    rulesets loaded."""
    import subprocess
    import sys

    created = {"slug": "x", "ruleset": "horror-factor", "title": "x", "options": {}}
    lines = [
        {"type": "CampaignCreated", "data": {**created, "journal_version": "0.1.0"}},
        {"type": "RecoveryRolled", "data": {}},  # a Fright Check event
    ]
    log = tmp_path / "foreign.jsonl"
    log.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    db = tmp_path / "journal.db"
    done = subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), "import", str(log)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr == (
        "Error: line 2: RecoveryRolled is missing field(s): character; nothing was imported\n"
    )


def test_the_collector_pauses_for_an_import_only(tmp_path: Path) -> None:
    """An import pauses the cyclic garbage collector while it reads (its objects form no
    cycles) and turns it back on after, refused or not; memory stays flat the while."""
    import gc

    from journal.store import Store
    from journal.transfer import ImportRefused, import_file

    created = {"slug": "x", "ruleset": "horror-factor", "title": "x", "options": {}}
    first = json.dumps({"type": "CampaignCreated", "data": {**created, "journal_version": "1"}})
    notes = [
        json.dumps({"type": "NoteTaken", "data": {"text": f"Note {n}", "gm_only": False}})
        for n in range(3000)
    ]
    seen: list[bool] = []

    def lines(extra: list[str]) -> Iterator[str]:
        yield first
        for line in [*notes, *extra]:
            seen.append(gc.isenabled())
            yield line

    store = Store.open(str(tmp_path / "journal.db"))
    was_enabled = gc.isenabled()
    gc.enable()
    gc.collect()  # what other tests left
    try:
        with pytest.raises(ImportRefused, match="line 3002"):
            import_file(store, lines(["{"]))
        assert gc.isenabled() and seen and not any(seen)
        gc.collect()  # the refusal's traceback
        seen.clear()
        assert import_file(store, lines([])).added == 3001
        assert gc.isenabled() and seen and not any(seen)
        assert gc.collect() < 1000  # what the import left for the collector: no cycle a line
    finally:
        if not was_enabled:
            gc.disable()
