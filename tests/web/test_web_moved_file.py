"""The database replaced or moved while `journal serve` runs (issue 29, S4): the file at
the served path is told apart from the one opened by its identity (device and inode), so
a copy put in its place, a rename or a restore from backup answers a clear 503 (said once
on the GM's terminal), never pages of a stale record. Events appended to the very file
change nothing of that."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import Cli
from support.web import by_label, open_site

from journal.web.site import Site

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")
SAID = "was replaced or moved since `journal serve` opened it"


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", *SHEET)
    runner("session", "start", "One")
    runner("note", "zqfirst: the lights go out")
    return runner


@pytest.fixture
def site(night: Cli) -> Iterator[Site]:
    opened = open_site(night.db)
    yield opened
    opened.database.close()


def pages(site: Site) -> list[str]:
    links = by_label(site)
    return [f"/{links['gm']}/", f"/{links['players']}/", f"/{links['Linda']}/"]


def test_appends_to_the_same_file_are_served(night: Cli, site: Site) -> None:
    client = TestClient(create_app(site))
    assert all(client.get(page).status_code == 200 for page in pages(site))
    night("note", "zqsecond: a door slams")
    answer = client.get(pages(site)[0])
    assert answer.status_code == 200 and "zqsecond" in answer.text


@pytest.mark.parametrize("how", ["a copy in its place", "moved away", "another journal"])
def test_a_replaced_or_moved_file_answers_503_said_once(
    night: Cli,
    site: Site,
    tmp_path: Path,
    how: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    client = TestClient(create_app(site))
    served = pages(site)
    assert client.get(served[0]).status_code == 200
    db = Path(night.db)
    if how == "a copy in its place":  # the same bytes, another file: a restore
        shutil.copyfile(db, tmp_path / "copy.db")
        os.replace(tmp_path / "copy.db", db)
    elif how == "moved away":
        os.replace(db, tmp_path / "elsewhere.db")
    else:
        other = Cli(night.runner, str(tmp_path / "other.db"))
        other("campaign", "new", "night", "--ruleset", "horror-factor")
        os.replace(other.db, db)
    capsys.readouterr()
    for page in served * 2:
        answer = client.get(page)
        assert answer.status_code == 503, (page, answer.status_code)
        assert "replaced or moved since this server started" in answer.text
        assert answer.headers["retry-after"] == "30"
    said = capsys.readouterr().err
    assert said.count(SAID) == 1, said
    assert f"journal serve: the database file {db} {SAID}" in said
    assert "start `journal serve` again" in said
