"""Issue 39 (PL1): a ruleset plugin that fails to load says which and why. Installed for
real (a distribution's entry point on the path of a `journal` process of its own), a plugin
that raises at import, has a syntax error, lacks `PLUGIN`, imports a missing module or
calls `sys.exit(3)`: every command that needs it is one `Error:` line naming the ruleset,
its entry point and the cause, exit 1, nothing written; every other ruleset and campaign
works as before; `journal rulesets` lists it as broken; and a campaign whose ruleset broke
after it began is refused by name while the database's other campaigns are read, checked
and served."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import count_events

#: what the plugin's module holds -> the cause its refusal names
BROKEN = {
    "raises": ('raise RuntimeError("the table is on fire")\n',
               "importing boom_rules raised RuntimeError: the table is on fire"),
    "syntax": ("def broken(:\n    pass\n", "boom_rules has a syntax error: "),
    "no-plugin": ('NAME = "boom"\n', "boom_rules has no PLUGIN"),
    "missing-module": ("import ghost_dependency_x9\n",
                       "boom_rules imports ghost_dependency_x9, which is not installed"),
    "sys-exit": ("import sys\nsys.exit(3)\n", "importing boom_rules called sys.exit(3)"),
}  # fmt: skip
ERROR = "Error: the ruleset 'boom' cannot be loaded (entry point boom_rules:PLUGIN): "
SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")


def _installed(site: Path, module: str) -> None:
    """A distribution `boom-rules` registering the ruleset `boom` (`boom_rules:PLUGIN`)."""
    info = site / "boom_rules-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: boom-rules\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[journal.rulesets]\nboom = boom_rules:PLUGIN\n")
    (site / "boom_rules.py").write_text(module)


def _journal(path: Path, db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(path)}
    return subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), *args],
        capture_output=True, text=True, timeout=120, env=environment,
    )  # fmt: skip


def _refused(done: subprocess.CompletedProcess[str], cause: str) -> None:
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert done.stderr.startswith(ERROR + cause), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "pip uninstall boom-rules" in done.stderr


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return tmp_path / "site"


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_broken_plugin_says_which_and_why_and_the_rest_works(
    kind: str, site: Path, tmp_path: Path
) -> None:
    module, cause = BROKEN[kind]
    _installed(site, module)
    db = tmp_path / "journal.db"
    # in a folder with no journal yet: every installed ruleset's commands are offered
    _refused(_journal(site, db, "campaign", "new", "night", "--ruleset", "boom"), cause)
    assert not db.exists() or count_events(str(db)) == 0  # nothing written
    started = _journal(site, db, "campaign", "new", "ward", "--ruleset", "horror-factor")
    assert started.returncode == 0 and started.stderr == "", started.stderr
    assert _journal(site, db, "character", "add", "Linda", *SHEET).returncode == 0
    status = _journal(site, db, "status")
    assert status.returncode == 0 and "Linda" in status.stdout, status.stderr
    _refused(_journal(site, db, "campaign", "new", "night", "--ruleset", "boom"), cause)
    assert count_events(str(db)) == 2  # the refusal wrote nothing
    listed = _journal(site, db, "rulesets")
    assert listed.returncode == 0, listed.stderr
    rows = {line.split()[0]: line for line in listed.stdout.splitlines()}
    assert f"BROKEN: {ERROR.removeprefix('Error: ')}{cause}" in rows["boom"]
    assert "BROKEN" not in rows["horror-factor"] and "BROKEN" not in rows["fright-check"]
    document = json.loads(_journal(site, db, "rulesets", "--json").stdout)
    boom = next(row for row in document if row["name"] == "boom")
    assert boom["works"] is False and boom["entry_point"] == "boom_rules:PLUGIN"
    assert cause in boom["broken"] and boom["summary"] is None
    assert all(row["works"] for row in document if row["name"] != "boom")
    helped = _journal(site, db, "--help")
    assert helped.returncode == 0 and "Traceback" not in helped.stderr
    assert "boom" in helped.stdout and "cannot be loaded" in helped.stdout


def test_debug_shows_where_the_plugin_failed(site: Path, tmp_path: Path) -> None:
    _installed(site, 'raise RuntimeError("the table is on fire")\n')
    done = _journal(site, tmp_path / "j.db", "--debug", "campaign", "new", "n", "--ruleset", "boom")
    assert done.returncode == 1 and "the table is on fire" in done.stderr
    assert 'boom_rules.py", line 1' in done.stderr  # the plugin's own traceback
    assert done.stderr.rstrip().splitlines()[-1].startswith(ERROR)


@pytest.fixture
def broken_after(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A database with a campaign of the example ruleset `stress` and one of
    horror-factor; then the stress package breaks (a copy that raises, first on the path)."""
    db = tmp_path / "journal.db"
    nothing = tmp_path / "nothing"
    nothing.mkdir()
    assert _journal(nothing, db, "campaign", "new", "s", "--ruleset", "stress").returncode == 0
    assert (
        _journal(nothing, db, "campaign", "new", "h", "--ruleset", "horror-factor").returncode == 0
    )
    shadow = tmp_path / "shadow" / "journal_stress"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise RuntimeError("stress broke")\n')
    yield shadow.parent, db


def test_a_campaign_whose_ruleset_broke_is_refused_by_name_and_the_others_go_on(
    broken_after: tuple[Path, Path],
) -> None:
    path, db = broken_after
    cause = "importing journal_stress raised RuntimeError: stress broke"
    refused = _journal(path, db, "--campaign", "s", "status")
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1, refused.stderr
    assert refused.stderr.startswith(
        "Error: the ruleset 'stress' cannot be loaded (entry point journal_stress:PLUGIN): " + cause
    )
    for args in (("status",), ("log",), ("verify",), ("audit",), ("export",)):
        done = _journal(path, db, "--campaign", "h", *args)
        assert done.returncode == 0 and "Traceback" not in done.stderr, (args, done.stderr)
    listed = _journal(path, db, "campaign", "list")
    assert listed.returncode == 0 and " s " in listed.stdout and " h " in listed.stdout
    checked = _journal(path, db, "db", "check")  # the broken one is a finding, by name
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert "the ruleset 'stress' cannot be loaded" in checked.stdout + checked.stderr
    document = json.loads(_journal(path, db, "db", "check", "--json").stdout)
    assert [f["campaign"] for f in document["findings"]] == ["s"]


def test_journal_serve_serves_the_other_campaigns(
    broken_after: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The served site of both campaigns: the broken one's pages answer 503 (the GM's
    terminal says why), the other's as before."""
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient
    from support.web import by_label, open_site

    import journal.rules as rules
    from journal.web.app import create_app

    path, db = broken_after
    monkeypatch.syspath_prepend(str(path))
    for module in [m for m in sys.modules if m.split(".")[0] == "journal_stress"]:
        monkeypatch.delitem(sys.modules, module)
    for cached in (rules.plugin_of, rules.load, rules.rules_version, rules.state_classes):
        cached.cache_clear()
    monkeypatch.setattr(rules, "_BROKEN", {})
    site = open_site(str(db))
    try:
        links = site.links(create=True)
        assert set(links) == {"s", "h"} and "stress broke" in site.unreadable["s"]
        client = TestClient(create_app(site))
        assert client.get(f"/{by_label(site, 'h')['gm']}/").status_code == 200
        answer = client.get(f"/{by_label(site, 's')['gm']}/")
        assert answer.status_code == 503 and "cannot be read here right now" in answer.text
    finally:
        site.database.close()
        for cached in (rules.plugin_of, rules.load, rules.rules_version, rules.state_classes):
            cached.cache_clear()
