"""Issue 29 (F6): the links file is read as hardened as `current.json`: never through a
symbolic link, never blocking on a FIFO, at most 64 KB, only at 0600 in a 0700 folder
(else refused with the `chmod` that fixes it), with a secret of at least 32 random bytes;
`links --revoke AUDIENCE` gives that audience a new random key, not a counter."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli


@pytest.fixture
def linked(runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Cli, Path]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    runner("import", str(WORKED_EXAMPLE))
    runner("links")
    kept = tmp_path / "config" / "journal" / "links.json"
    assert kept.is_file()
    return runner, kept


def test_the_file_is_made_0600_in_a_0700_folder(linked: tuple[Cli, Path]) -> None:
    _, kept = linked
    assert kept.stat().st_mode & 0o777 == 0o600
    assert kept.parent.stat().st_mode & 0o777 == 0o700


def test_a_looser_mode_is_refused_with_the_chmod_that_fixes_it(linked: tuple[Cli, Path]) -> None:
    runner, kept = linked
    kept.chmod(0o644)
    assert f"`chmod 600 {kept}`" in runner.refused("links").stderr
    kept.chmod(0o600)
    kept.parent.chmod(0o755)
    assert f"`chmod 700 {kept.parent}`" in runner.refused("links").stderr


def test_a_link_a_fifo_and_a_huge_file_are_refused(linked: tuple[Cli, Path]) -> None:
    runner, kept = linked
    real = kept.with_name("real.json")
    kept.rename(real)
    kept.symlink_to(real)
    assert "is a symbolic link" in runner.refused("links").stderr
    kept.unlink()
    os.mkfifo(kept, 0o600)
    assert "not a regular file" in runner.refused("links").stderr  # at once, no hang
    kept.unlink()
    kept.symlink_to("/dev/zero")
    assert "symbolic link" in runner.refused("links").stderr
    kept.unlink()
    kept.write_text(" " * (64 * 1024 + 1))
    kept.chmod(0o600)
    assert "at most 65,536" in runner.refused("links").stderr


@pytest.mark.parametrize("secret", ["", "ab" * 31, "zz" * 32, 42, None])
def test_an_empty_short_or_malformed_secret_is_refused(
    linked: tuple[Cli, Path], secret: object
) -> None:
    runner, kept = linked
    document = json.loads(kept.read_text())
    for entry in document.values():
        entry["secret"] = secret
    kept.write_text(json.dumps(document))
    said = runner.refused("links").stderr
    assert "empty, short or malformed secret" in said and "mv " in said


def test_revoke_gives_the_audience_a_new_random_key(linked: tuple[Cli, Path]) -> None:
    runner, kept = linked
    before = json.loads(runner("links", "--json").stdout)
    secret = next(iter(json.loads(kept.read_text()).values()))["secret"]
    runner("links", "--revoke", "Linda")
    after = json.loads(runner("links", "--json").stdout)
    assert after["characters"]["Linda"] != before["characters"]["Linda"]
    assert after["gm"] == before["gm"]
    entry = next(iter(json.loads(kept.read_text()).values()))
    assert entry["secret"] == secret and entry["generations"] == {}
    (own,) = entry["keys"].values()
    assert len(bytes.fromhex(own)) >= 32 and own != secret
