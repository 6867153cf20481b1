"""The fight the `play` tests open the prompt on: the worked example typed up to the
module's `TYPED` commands (once per module), cloned for each test, and the prompt opened
on it in a pseudo-terminal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.cli import Cli, clean_folder, clone, typist
from support.pty import Table
from support.worked_example import SLUG


@pytest.fixture(scope="module")
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fight")
    with clean_folder(folder):
        run = typist(folder / "fight.db")
        for command in request.module.TYPED:
            run(*command)
    return folder / "fight.db"


@pytest.fixture
def fight(built: Path, runner: Cli) -> Cli:
    clone(built, runner.db)
    return runner


@pytest.fixture
def table(fight: Cli, tmp_path: Path) -> Iterator[Table]:
    opened = Table(fight.db, tmp_path).started(SLUG)
    yield opened
    opened.close()
