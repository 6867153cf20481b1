"""The installed rulesets are found through a cached entry-point scan: the cache is this
installation's or it is not read, it is written privately and never through a link, and a
cache that cannot be read or written only means scanning again."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from journal import installed
from journal.installed import Found, cache_file, rulesets


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return cache_file()


def _no_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> list[Found]:
        raise AssertionError("scanned the installed distributions again")

    monkeypatch.setattr(installed, "scan", refused)


def test_the_first_command_scans_and_the_next_read_the_cache(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = rulesets()
    assert {"horror-factor", "fright-check"} <= {f.name for f in found}
    assert stat.S_IMODE(cache.stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.parent.stat().st_mode) == 0o700
    _no_scan(monkeypatch)
    assert rulesets() == found
    assert found[0].load().name == found[0].name  # what it names is the ruleset


def test_another_installation_scans_again(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = rulesets()
    key = installed.installation_key()
    monkeypatch.setattr(installed, "installation_key", lambda: "another installation")
    monkeypatch.setattr(installed, "scan", lambda: [Found("other", "journal.rules:names")])
    assert rulesets() == [Found("other", "journal.rules:names")]
    assert len(list(cache.parent.iterdir())) == 2  # both installations kept
    _no_scan(monkeypatch)
    assert rulesets() == [Found("other", "journal.rules:names")]
    monkeypatch.setattr(installed, "installation_key", lambda: key)
    assert rulesets() == found  # neither scans again


def test_the_last_few_installations_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for number in range(installed.KEPT + 3):
        monkeypatch.setattr(installed, "installation_key", lambda n=number: f"installation {n}")
        rulesets()
        written = 10**18 + number * 10**9  # one a second: the clock's tick is coarser
        os.utime(installed.cache_file(), ns=(written, written))
    kept = sorted(path.name for path in cache.parent.iterdir())
    assert len(kept) == installed.KEPT and "installation 0.json" not in kept


def test_a_new_distribution_changes_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    before = installed.installation_key()
    (site / "third_party_rules-1.0.dist-info").mkdir()
    assert installed.installation_key() != before


def test_a_folder_without_distributions_leaves_the_key_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m journal` puts the working folder first on `sys.path`: another folder
    (a campaign's) is the same installation, and reads the same cache."""
    before = installed.installation_key()
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "journal.db").touch()
    assert installed.installation_key() == before


def _sealed(key: str, scan: list[list[str]]) -> str:
    return installed.SEAL.text({"installation": key}, json.dumps(scan))


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        '{"format": 1, "scans": {"k": [[1, 2]]}}',
        '{"format": 99}',
        "[]",
        "edited",  # a scan of this installation with an entry point planted, its seal kept
        "another",  # another installation's scan in its place
        "not a scan",  # sealed, but no list of names and values
    ],
)
def test_a_damaged_cache_is_ignored_and_written_again(cache: Path, content: str) -> None:
    key = installed.installation_key()
    if content == "edited":
        sealed = json.loads(_sealed(key, [["horror-factor", "os:system"]]))
        content = json.dumps({**sealed, "scan": '[["evil", "os:system"]]'})
    elif content == "another":
        content = _sealed("another installation", [["evil", "os:system"]])
    elif content == "not a scan":
        content = installed.SEAL.text({"installation": key}, '{"evil": 1}')
    cache.parent.mkdir(parents=True)
    cache.write_text(content)
    names = {f.name for f in rulesets()}
    assert {"horror-factor", "fright-check"} <= names and "evil" not in names
    assert json.loads(cache.read_text())["format"] == installed.SEAL.format


def test_a_link_at_the_cache_is_neither_read_nor_written_through(
    cache: Path, tmp_path: Path
) -> None:
    planted = tmp_path / "planted.json"
    key = installed.installation_key()
    fake = json.loads(_sealed(key, [["evil", "os:system"]]))
    planted.write_text(json.dumps(fake))
    cache.parent.mkdir(parents=True)
    cache.symlink_to(planted)
    assert "evil" not in {f.name for f in rulesets()}
    assert json.loads(planted.read_text()) == fake  # the link's target is untouched
    assert not cache.is_symlink() and stat.S_IMODE(cache.stat().st_mode) == 0o600


def test_a_cache_that_cannot_be_written_only_means_scanning(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(installed.os, "replace", full)
    assert {"horror-factor", "fright-check"} <= {f.name for f in rulesets()}
    assert list(cache.parent.iterdir()) == []  # nothing half-written left behind


def test_a_cache_folder_that_is_a_file_only_means_scanning(cache: Path) -> None:
    cache.parent.parent.mkdir(parents=True)
    cache.parent.write_text("not a folder")
    assert {"horror-factor", "fright-check"} <= {f.name for f in rulesets()}
