"""The user's own files under `$XDG_CONFIG_HOME` (current.json of `campaign use`) and
`$XDG_STATE_HOME` (the play history): private (0600 in 0700 folders), never written or
read through a link, read only when a regular file of a sane size (a FIFO, a link to
/dev/zero, a huge file: set aside with a notice, never a hang), and a history or a choice
that cannot be saved says so (once) instead of failing or pretending."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import Cli
from support.pty import Table

TIMEOUT = 60


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture
def two(runner: Cli) -> Cli:
    runner("campaign", "new", "one", "--ruleset", "horror-factor")
    runner("campaign", "new", "two", "--ruleset", "horror-factor")
    return runner


def _config(tmp_path: Path) -> Path:
    return tmp_path / "config" / "journal"


def test_the_current_campaign_is_private(two: Cli, tmp_path: Path) -> None:
    two("campaign", "use", "one")
    remembered = _config(tmp_path) / "current.json"
    assert _mode(remembered) == 0o600
    assert _mode(remembered.parent) == 0o700 and _mode(remembered.parent.parent) == 0o700
    assert sorted(p.name for p in remembered.parent.iterdir()) == ["current.json"]


def test_a_link_planted_as_current_json_is_not_followed(two: Cli, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    remembered = _config(tmp_path) / "current.json"
    remembered.unlink()
    remembered.symlink_to(victim)
    result = two("campaign", "use", "one")
    assert "set aside" in result.stderr
    assert victim.read_text() == "precious\n"
    assert not remembered.is_symlink() and "one" in remembered.read_text()


def _journal(db: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    return subprocess.run(
        [sys.executable, "-m", "journal", "--db", db, *args],
        capture_output=True, text=True, timeout=TIMEOUT, env=env, cwd=tmp_path,
    )


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "huge"])
def test_a_current_json_that_is_no_file_never_hangs(two: Cli, tmp_path: Path, kind: str) -> None:
    """A FIFO or a link to /dev/zero as current.json hung every command (5.4 GB in 8 s)."""
    remembered = _config(tmp_path) / "current.json"
    remembered.unlink()
    if kind == "fifo":
        os.mkfifo(remembered)
    elif kind == "/dev/zero":
        remembered.symlink_to("/dev/zero")
    else:
        remembered.write_bytes(b" " * (9 * 1024 * 1024))
    done = _journal(two.db, tmp_path, "--campaign", "one", "status")
    assert done.returncode == 0, done.stderr
    assert "Notice:" in done.stderr and "set aside" in done.stderr
    again = _journal(two.db, tmp_path, "--campaign", "one", "status")
    assert again.returncode == 0 and again.stderr == ""


def test_campaign_use_says_when_it_cannot_remember(two: Cli, tmp_path: Path) -> None:
    """It said "Now working on campaign 'two'" and left a temporary file each try."""
    remembered = _config(tmp_path) / "current.json"
    remembered.unlink()
    (remembered / "x").mkdir(parents=True)  # a folder: no file can replace it
    (remembered.parent / "current.json.set-aside" / "y").mkdir(parents=True)
    result = two("campaign", "use", "two", ok=False)
    assert result.exit_code == 1
    assert "Error: could not remember campaign 'two'" in result.stderr
    assert "Now working" not in result.output
    left = sorted(p.name for p in remembered.parent.iterdir())
    assert left == ["current.json", "current.json.set-aside"]


def test_campaign_use_with_no_config_folder(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner("campaign", "new", "one", "--ruleset", "horror-factor")
    (tmp_path / "blocked").write_text("a file where a folder should be")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "blocked"))
    result = runner("campaign", "new", "two", "--ruleset", "horror-factor")
    assert "could not remember 'two'" in result.stderr
    assert "could not remember" in runner.refused("campaign", "use", "one").stderr


# --- the play history -----------------------------------------------------------------------


def _history(tmp_path: Path) -> Path:
    folder = tmp_path / "state" / "journal" / "history"
    (found,) = folder.glob("one-*")
    return found


def _play(runner: Cli, tmp_path: Path, *lines: str) -> str:
    """`journal play` on campaign `one`: type `lines`, leave; what the screen showed."""
    table = Table(runner.db, tmp_path).started("one")
    try:
        for line in lines:
            table.run(line)
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()
    return table.text()


def test_the_history_is_private_and_never_follows_a_link(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "one", "--ruleset", "horror-factor")
    _play(runner, tmp_path, "note 'the GM only' --gm-only")
    history = _history(tmp_path)
    assert _mode(history) == 0o600 and "the GM only" in history.read_text()
    for folder in (history.parent, history.parent.parent, history.parent.parent.parent):
        assert _mode(folder) == 0o700, folder
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    history.unlink()
    history.symlink_to(victim)
    shown = _play(runner, tmp_path, "status")
    assert victim.read_text() == "precious\n"
    assert "set aside" in shown


def test_a_history_that_cannot_be_written_is_one_notice(runner: Cli, tmp_path: Path) -> None:
    """It printed "Unhandled exception in event loop" for every line typed."""
    runner("campaign", "new", "one", "--ruleset", "horror-factor")
    table = Table(runner.db, tmp_path).started("one")
    try:
        table.run("status")
        history = _history(tmp_path)
        history.unlink()
        history.mkdir()  # no file can be appended there now
        for line in ("log", "campaign list", "status"):  # a line repeated is not kept again
            table.run(line)
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()
    shown = table.text()
    assert shown.count("cannot be saved") == 1, shown
    assert "Unhandled exception" not in shown


def test_a_fifo_as_the_history_never_hangs(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "one", "--ruleset", "horror-factor")
    _play(runner, tmp_path, "status")
    path = _history(tmp_path)
    path.unlink()
    os.mkfifo(path)
    assert "set aside" in _play(runner, tmp_path, "status")
