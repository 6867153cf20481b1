"""Output that cannot be written (a full disk, simulated by /dev/full): one `Error:` line,
never a file left half-written in place of a good one, never a device replaced by a file."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import Cli

FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(
    not (FULL.exists() and stat.S_ISCHR(FULL.stat().st_mode)), reason="no /dev/full here"
)


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("note", "the lights go out")
    return runner


@needs_dev_full
@pytest.mark.parametrize("command", [["export"], ["recap", "--for", "gm"]])
def test_a_full_disk_as_the_output_file(night: Cli, tmp_path: Path, command: list[str]) -> None:
    """`-o` a link to /dev/full: the error says so, and the device is still a device (an
    export once wrote beside it and renamed its file over it)."""
    night("session", "start", "first")
    link = tmp_path / "out.jsonl"
    link.symlink_to(FULL)
    result = night.refused(*command, "-o", str(link))
    assert f"cannot write {link}: the disk is full (No space left on device)" in result.stderr
    assert link.is_symlink() and stat.S_ISCHR(FULL.stat().st_mode)
    assert not (tmp_path / "out.jsonl.partial").exists()


@needs_dev_full
@pytest.mark.parametrize("command", [["export"], ["log", "--json"]])
def test_a_full_disk_as_standard_output(night: Cli, command: list[str]) -> None:
    """`journal export > /dev/full`: one line, exit 1, no traceback at exit either."""
    with FULL.open("w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "journal", "--db", night.db, *command],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1
    assert "cannot write the output: No space left on device" in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr


def test_an_export_that_fails_midway_leaves_the_old_file_whole(
    night: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "night.jsonl"
    night("export", "-o", str(target))
    before = target.read_bytes()
    night("note", "a second note")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("journal.cli.common.os.fsync", full)
    result = night.refused("export", "-o", str(target))
    assert "No space left on device" in result.stderr
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if ".jsonl" in p.name) == ["night.jsonl"]


def test_a_handout_that_fails_midway_leaves_the_old_file_whole(
    night: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    night("session", "start", "One")
    target = tmp_path / "recap.md"
    night("recap", "--for", "gm", "-o", str(target))
    before = target.read_bytes()
    night("note", "a second note")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("journal.cli.common.os.fsync", full)
    result = night.refused("recap", "--for", "gm", "-o", str(target))
    assert "No space left on device" in result.stderr
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if "recap" in p.name) == ["recap.md"]
