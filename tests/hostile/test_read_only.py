"""A journal in a read-only folder, or a read-only file: every reading command works (a
read-only open that makes no file), every writing one is refused with one clear line,
and the folder is left exactly as it was.

Permissions do not bind root: run as root, the commands run with the capabilities that
bypass them dropped (`setpriv`), in a child process."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import clean_folder, count_events, typist

READS = [
    ["status"],
    ["log"],
    ["explain", "Linda"],
    ["recap", "--for", "gm"],
    ["arc", "Linda", "--format", "html"],
    ["export"],
    ["verify"],
    ["audit"],
    ["character", "list"],
    ["campaign", "list"],
    ["db", "check"],
]
WRITES = [
    ["note", "the lights go out"],
    ["campaign", "new", "other", "--ruleset", "horror-factor"],
    ["import", "LOG"],
]
READ_ONLY = "is read-only (the file or its folder cannot be written)"
UNPRIVILEGED = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small journal, closed (its WAL folded into the file), and the export of another
    campaign to import into it."""
    folder = tmp_path_factory.mktemp("made")
    with clean_folder(folder):
        journal = typist(folder / "journal.db")
        journal("campaign", "new", "night", "--ruleset", "horror-factor")
        journal("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
                "--hardness", "2", "--training", "some")  # fmt: skip
        journal("session", "start", "Jackson burns", "--at", "2010-10-31 21:00")
        journal("note", "a secret", "--gm-only")
        other = typist(folder / "other.db")
        other("campaign", "new", "other", "--ruleset", "fright-check")
        (folder / "other.jsonl").write_text(other("export").stdout, encoding="utf-8")
    return folder


#: runs each command in one child process, in-process (click's runner), and prints the
#: results as JSON: one child per test, not one per command
DRIVER = """
import json, sys
from click.testing import CliRunner
from journal.cli.main import cli
db, commands = sys.argv[1], json.loads(sys.argv[2])
results = []
for args in commands:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    results.append([result.exit_code, result.stdout, result.stderr])
print(json.dumps(results))
"""


def run(folder: Path, commands: list[list[str]], log: Path) -> list[tuple[int, str, str]]:
    """`journal --db FOLDER/journal.db ARGS` for each command, in a child process that
    cannot ignore permissions: (exit code, stdout, stderr) of each."""
    commands = [[str(log) if a == "LOG" else a for a in args] for args in commands]
    command = [sys.executable, "-c", DRIVER, str(folder / "journal.db"), json.dumps(commands)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("run as root, and no setpriv to drop the right to ignore permissions")
        command = UNPRIVILEGED + command
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env["XDG_CONFIG_HOME"] = str(log.parent / "config")
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return [tuple(r) for r in json.loads(done.stdout)]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(params=["folder", "file"])
def read_only(request: pytest.FixtureRequest, made: Path, tmp_path: Path) -> Iterator[Path]:
    """A copy of the journal whose folder (or only whose file) is read-only."""
    folder = tmp_path / "ro"
    folder.mkdir()
    shutil.copy(made / "journal.db", folder / "journal.db")
    os.chmod(tmp_path, 0o755)  # an unprivileged child reaches it
    target = folder if request.param == "folder" else folder / "journal.db"
    mode = target.stat().st_mode
    target.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    yield folder
    target.chmod(mode)


def test_reads_work_and_writes_are_refused(read_only: Path, made: Path) -> None:
    before = snapshot(read_only)
    results = run(read_only, READS + WRITES, made / "other.jsonl")
    for args, (code, _, stderr) in zip(READS, results, strict=False):
        assert code == 0, (args, stderr)
        assert "Error" not in stderr
    assert "a secret" in results[READS.index(["recap", "--for", "gm"])][1]
    for args, (code, stdout, stderr) in zip(WRITES, results[len(READS) :], strict=True):
        assert code == 1, (args, stdout)
        assert stderr.startswith("Error: ") and stderr.count("\n") == 1, stderr
        assert READ_ONLY in stderr, (args, stderr)
    assert snapshot(read_only) == before  # no -wal, no -shm, not a byte changed
    assert count_events(str(read_only / "journal.db")) == 4


def test_a_new_journal_in_a_read_only_folder_is_refused(made: Path, tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o555)
    os.chmod(tmp_path, 0o755)
    [(code, _, stderr)] = run(
        folder, [["campaign", "new", "night", "--ruleset", "horror-factor"]], made / "x"
    )
    assert code == 1
    assert "is read-only: no journal can start there" in stderr
    assert list(folder.iterdir()) == []
    folder.chmod(0o755)


def test_a_write_ahead_log_that_cannot_be_read_is_explained(made: Path, tmp_path: Path) -> None:
    """A writer stopped before its events were folded into the file (its -wal holds them)
    and the folder is now read-only: SQLite cannot read the log without making its index
    (-shm), so the journal says what to do rather than show the journal without them."""
    folder = tmp_path / "ro"
    folder.mkdir()
    os.chmod(tmp_path, 0o755)
    shutil.copy(made / "journal.db", tmp_path / "journal.db")
    writer = sqlite3.connect(tmp_path / "journal.db")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE pending (x)")
    writer.commit()
    shutil.copy(tmp_path / "journal.db", folder / "journal.db")  # as a crash would leave it
    shutil.copy(tmp_path / "journal.db-wal", folder / "journal.db-wal")
    writer.close()
    folder.chmod(0o555)
    try:
        [(code, _, stderr)] = run(folder, [["status"]], made / "x")
        assert code == 1
        assert "has events in its write-ahead log (journal.db-wal)" in stderr
        assert sorted(p.name for p in folder.iterdir()) == ["journal.db", "journal.db-wal"]
    finally:
        folder.chmod(0o755)
