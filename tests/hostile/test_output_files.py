"""What `-o` writes (export, recap, arc) and the backup of `db upgrade`: never the
journal's own files through a link, the old file's mode kept, a link followed to the file
it names, the temporary file made exclusively (a link planted there is never followed),
and nothing left behind by a write that failed or a process that died."""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from pathlib import Path

import pytest
from support import SCHEMA_FIXTURES
from support.cli import Cli, count_events


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("session", "start", "One")
    runner("note", "the lights go out")
    runner("note", "the GM knows", "--gm-only")
    return runner


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".partial"))


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm", "-journal"])
def test_o_never_names_the_database_through_a_link(
    night: Cli, tmp_path: Path, suffix: str
) -> None:
    """`--db link.db export -o real.db-wal`, another connection open: the WAL holding five
    committed events is not replaced (it was, and `verify` then said OK)."""
    real = tmp_path / "real.db"
    os.replace(night.db, real)
    link = tmp_path / "link.db"
    link.symlink_to(real)
    held = sqlite3.connect(real)  # another connection keeps the WAL alive
    try:
        held.execute("PRAGMA wal_autocheckpoint=0")
        linked = Cli(night.runner, str(link))
        for n in range(5):
            linked("note", f"committed {n}")
        (tmp_path / f"real.db{suffix}").touch(exist_ok=True)
        before = count_events(str(real))
        result = linked.refused("export", "-o", str(tmp_path / f"real.db{suffix}"))
        assert "is the journal's own database" in result.stderr
        linked.refused("recap", "-o", str(tmp_path / f"real.db{suffix}"))
    finally:
        held.close()
    assert count_events(str(real)) == before == 9


def test_o_through_a_link_to_the_database_is_refused(night: Cli, tmp_path: Path) -> None:
    (tmp_path / "innocent.jsonl").symlink_to(night.db)
    assert "own database" in night.refused("export", "-o", "innocent.jsonl").stderr
    os.link(night.db, tmp_path / "hard.db")
    assert "own database" in night.refused("export", "-o", "hard.db").stderr


@pytest.mark.parametrize(
    ("args", "mode"),
    [
        (["export"], 0o600),
        (["recap", "--for", "gm"], 0o600),
        (["recap", "--for", "players"], 0o644),
        (["arc", "Nobody"], None),
    ],
)
def test_a_new_file_has_the_mode_of_its_audience(
    night: Cli, tmp_path: Path, args: list[str], mode: int | None
) -> None:
    if mode is None:
        night("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
              "--hardness", "2", "--training", "none")
        args, mode = ["arc", "Linda"], 0o644
    old = os.umask(0o022)
    try:
        night(*args, "-o", "out.txt")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "out.txt") == mode


@pytest.mark.parametrize("args", [["export"], ["recap", "--for", "players"]])
def test_a_rewritten_file_keeps_its_mode(night: Cli, tmp_path: Path, args: list[str]) -> None:
    """The GM's copy kept at 0600 stays 0600 (it became 0644)."""
    target = tmp_path / "copy.txt"
    night(*args, "-o", str(target))
    target.chmod(0o600)
    night("note", "more")
    night(*args, "-o", str(target))
    assert _mode(target) == 0o600
    target.chmod(0o640)
    night(*args, "-o", str(target))
    assert _mode(target) == 0o640


def test_a_linked_target_updates_the_file_it_names(night: Cli, tmp_path: Path) -> None:
    real = tmp_path / "shared" / "night.jsonl"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "night.jsonl"
    link.symlink_to(real)
    night("export", "-o", str(link))
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert "CampaignCreated" in real.read_text()


def test_a_link_planted_as_the_temporary_file_is_never_followed(
    night: Cli, tmp_path: Path
) -> None:
    """The old `FILE.partial` was opened with open("w"): a link there overwrote another file."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / "out.jsonl.partial").symlink_to(victim)
    night("export", "-o", "out.jsonl")
    assert victim.read_text() == "precious\n"
    assert "CampaignCreated" in (tmp_path / "out.jsonl").read_text()


def test_a_failed_write_leaves_no_temporary_file(
    night: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("journal.files.os.fsync", full)
    result = night.refused("export", "-o", "out.jsonl")
    assert "the disk is full" in result.stderr
    assert _leftovers(tmp_path) == [] and not (tmp_path / "out.jsonl").exists()


def test_what_a_dead_process_left_is_removed_on_the_next_run(night: Cli, tmp_path: Path) -> None:
    """A killed export left a 91 MB `.partial` behind for ever."""
    stale = tmp_path / ".out.jsonl.999999999.0123456789abcdef.partial"
    stale.write_bytes(b"x" * 1000)
    mine = tmp_path / f".out.jsonl.{os.getpid()}.0123456789abcdef.partial"
    mine.write_bytes(b"a write of this very process")
    result = night("export", "-o", "out.jsonl")
    assert not stale.exists() and mine.exists()
    assert f"Notice: removed {stale}" in result.stderr


def test_o_into_a_missing_folder_makes_it(night: Cli, tmp_path: Path) -> None:
    """Issue 22: it was refused ("create it first")."""
    result = night("recap", "-o", "handouts/one/recap.md")
    assert (tmp_path / "handouts" / "one" / "recap.md").is_file()
    assert f"Notice: created folder {tmp_path / 'handouts' / 'one'}" in result.stderr


def _old_database(tmp_path: Path) -> Path:
    import shutil

    copy = tmp_path / "old.db"
    shutil.copyfile(SCHEMA_FIXTURES / "0001-first-release.db", copy)
    return copy


def test_an_upgrade_on_a_full_disk_leaves_no_backup_that_looks_real(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`db upgrade` on a full disk left a truncated `.bak-0001` that looked like a backup."""
    old = _old_database(tmp_path)
    before = old.read_bytes()
    monkeypatch.setattr("journal.files.os.fdopen", _Filling)
    result = Cli(runner.runner, str(old)).refused("db", "upgrade")
    assert "cannot write the backup" in result.stderr and "the disk is full" in result.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name != "old.db"] == []
    assert old.read_bytes() == before


_FDOPEN = os.fdopen


class _Filling:
    """A file that takes 64 KB, then finds the disk full."""

    def __init__(self, fd: int, mode: str = "wb") -> None:
        self.handle = _FDOPEN(fd, "wb")
        self.written = 0

    def __enter__(self) -> _Filling:
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()

    def write(self, data: bytes) -> int:
        if self.written + len(data) > 65536:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.written += len(data)
        return self.handle.write(data)

    def flush(self) -> None:
        self.handle.flush()

    def fileno(self) -> int:
        return self.handle.fileno()


def test_a_backup_is_written_whole_with_the_database_mode(runner: Cli, tmp_path: Path) -> None:
    old = _old_database(tmp_path)
    old.chmod(0o640)
    Cli(runner.runner, str(old))("db", "upgrade")
    backups = [p for p in tmp_path.iterdir() if ".bak-" in p.name]
    assert len(backups) == 1 and _mode(backups[0]) == 0o640
    assert _leftovers(tmp_path) == []


def test_the_demo_writes_its_handouts_the_same_way(runner: Cli, tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        runner("demo")
    finally:
        os.umask(old)
    folder = tmp_path / "handouts"
    gm = sorted(folder.glob("recap-*-gm.*"))
    players = sorted(folder.glob("recap-*-players.*"))
    assert gm and players
    assert {_mode(p) for p in gm} == {0o600} and {_mode(p) for p in players} == {0o644}


@pytest.fixture
def tiny_disk(tmp_path: Path) -> object:
    """A 256 KB tmpfs (needs the right to mount: skipped where there is none)."""
    import subprocess

    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip("no tmpfs can be mounted here")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def test_on_a_really_full_disk(runner: Cli, tiny_disk: Path) -> None:
    """`db upgrade` with no room for its backup, and an export that does not fit: each one
    `Error:` line saying the disk is full; no backup, no temporary file, the database as
    it was."""
    old = tiny_disk / "old.db"
    old.write_bytes((SCHEMA_FIXTURES / "0001-first-release.db").read_bytes())
    before = old.read_bytes()
    result = Cli(runner.runner, str(old)).refused("db", "upgrade")
    assert "the disk is full" in result.stderr, result.stderr
    assert sorted(p.name for p in tiny_disk.iterdir()) == ["old.db"]
    assert old.read_bytes() == before
