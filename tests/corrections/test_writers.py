"""Each event records who entered it, and `undo` takes back your own last event.

    journal --writer gm note "The lights go out."        #2, gm's
    journal --writer sam note "Sam's co-GM note."        #3, sam's
    journal --writer gm undo --yes                       voids #2, not sam's #3
    journal --writer gm undo --any --yes                 voids #3, the last of anyone
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli, count_events

from journal.app import written_by
from journal.writer import default_writer, session_writer


@pytest.fixture
def table(db_url: str) -> Cli:
    cli = Cli(CliRunner(), db_url)
    cli("--writer", "gm", "campaign", "new", "night", "--ruleset", "horror-factor")
    return cli


def _log(cli: Cli) -> list[dict[str, object]]:
    found = cli.json("log")
    assert isinstance(found, list)
    return found


def _voided(cli: Cli) -> list[int]:
    return [int(str(e["seq"])) for e in _log(cli) if e["voided"]]


def test_undo_voids_my_last_event_and_not_a_co_gms_note(table: Cli) -> None:
    table("--writer", "gm", "note", "The lights go out.")  # 2
    table("--writer", "sam", "note", "Sam's co-GM note.")  # 3
    undone = table("--writer", "gm", "undo", "--yes")
    assert "#2 " in undone.stderr + undone.stdout and "entered by gm" in undone.output
    assert _voided(table) == [2]
    # the void itself is gm's, and `undo` never takes back a correction
    assert [(e["seq"], e["writer"]) for e in _log(table)][-1] == (4, "gm")
    before = count_events(table.db)
    refused = table.refused("--writer", "gm", "undo", "--yes")
    assert count_events(table.db) == before  # a refusal writes nothing
    assert "nothing to undo for gm" in refused.stderr
    assert "#3, by sam" in refused.stderr and "journal undo --any" in refused.stderr
    table("--writer", "gm", "undo", "--any", "--yes")
    assert _voided(table) == [2, 3]


def test_each_writer_undoes_their_own_in_turn(table: Cli) -> None:
    for writer, text in (("gm", "one"), ("sam", "two"), ("gm", "three"), ("sam", "four")):
        table("--writer", writer, "note", text)  # 2, 3, 4, 5
    table("--writer", "gm", "undo", "--yes")
    table("--writer", "sam", "undo", "--yes")
    table("--writer", "gm", "undo", "--yes")
    assert _voided(table) == [2, 4, 5]


def test_journal_writer_names_the_writer_and_log_shows_it(
    table: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOURNAL_WRITER", "ana@laptop")
    table("note", "From the environment.")
    table("--writer", "sam", "note", "The option wins.")
    assert [e["writer"] for e in _log(table)] == ["gm", "ana@laptop", "sam"]
    shown = table("log", "--writers").stdout.splitlines()
    assert re.match(r"#2 +ana@laptop +Note: From the environment\.", shown[1]), shown
    assert re.match(r"#3 +sam +Note: The option wins\.", shown[2]), shown
    assert "ana@laptop" not in table("log").stdout


def test_by_default_the_writer_is_user_at_host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("JOURNAL_WRITER", raising=False)
    monkeypatch.setenv("LOGNAME", "hobbs")
    monkeypatch.setattr("journal.writer.host_name", lambda: "attic.example.org")
    assert default_writer() == "hobbs@attic"
    cli = Cli(CliRunner(), str(tmp_path / "journal.db"))
    cli("campaign", "new", "night", "--ruleset", "horror-factor")
    cli("note", "Typed at the attic table.")
    assert {e["writer"] for e in _log(cli)} == {"hobbs@attic"}


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("gm\u200b", "invisible"),
        ("x" * 101, "at most"),
    ],
)
def test_a_writer_name_that_cannot_be_recorded_is_refused(table: Cli, name: str, why: str) -> None:
    refused = table.refused("--writer", name, "note", "Never written.")
    assert why in refused.stderr
    assert len(_log(table)) == 1


def test_a_play_session_is_its_own_writer_and_its_writers_too() -> None:
    session = session_writer("gm@host")
    assert re.fullmatch(r"gm@host/play-[0-9a-f]{4}", session)
    assert session != session_writer("gm@host")  # each session its own id
    assert written_by(session, "gm@host") and written_by(session, session)
    assert not written_by("gm@host", session)  # a session undoes only what it recorded
    assert not written_by("gm@hostel", "gm@host") and not written_by(None, "gm@host")


def test_export_and_import_keep_the_writer_under_the_hash(table: Cli, tmp_path: Path) -> None:
    table("--writer", "sam", "note", "Kept through the file.")
    exported = tmp_path / "night.jsonl"
    table("export", "-o", str(exported))
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    assert [line["writer"] for line in lines] == ["gm", "sam"]
    copy = Cli(CliRunner(), str(tmp_path / "copy.db"))
    copy("import", str(exported))
    assert [(e["writer"], e["hash"]) for e in _log(copy)] == [
        (e["writer"], e["hash"]) for e in _log(table)
    ]
    assert copy.json("verify")["ok"]  # type: ignore[index]
    # another writer in the file does not match the hash it carries
    lines[1]["writer"] = "mallory"
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    other = Cli(CliRunner(), str(tmp_path / "other.db"))
    assert "hash does not match" in other.refused("import", str(forged)).stderr
    lines[1]["writer"] = 7
    forged.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert "writer must be text" in other.refused("import", str(forged)).stderr


def test_the_longest_writer_a_play_session_records_imports_again(
    table: Cli, tmp_path: Path
) -> None:
    session = session_writer("g" * 100)
    assert len(session) == 110
    table("--writer", "g" * 100, "note", "A long name.")
    exported = tmp_path / "night.jsonl"
    table("export", "-o", str(exported))
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    for line in lines:  # as a session would have written it (no hashes: sealed on import)
        line["writer"] = session
        line.pop("hash")
        line.pop("prev_hash")
    exported.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    copy = Cli(CliRunner(), str(tmp_path / "copy.db"))
    copy("import", str(exported))
    assert {e["writer"] for e in _log(copy)} == {session}


def test_an_event_without_a_writer_is_anyones_to_undo_only(table: Cli, tmp_path: Path) -> None:
    """Events older journals wrote name no writer: `undo` leaves them to `undo --any`."""
    exported = tmp_path / "night.jsonl"
    table("--writer", "sam", "note", "An older note.")
    table("export", "-o", str(exported))
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    for line in lines:  # a hand-written log: no writers, no hashes
        for key in ("writer", "hash", "prev_hash"):
            line.pop(key)
    exported.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    old = Cli(CliRunner(), str(tmp_path / "old.db"))
    old("import", str(exported))
    refused = old.refused("--writer", "gm", "undo", "--yes")
    assert "#2, written before writers were recorded" in refused.stderr
    old("--writer", "gm", "undo", "--any", "--yes")
    assert _voided(old) == [2]
