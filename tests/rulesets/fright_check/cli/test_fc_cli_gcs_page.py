"""The manual's page on GURPS Character Sheet files (docs/characters.md): its transcript is
what the journal really prints (set JOURNAL_UPDATE_README=1 to write what it prints now
into the page)."""

from __future__ import annotations

import shutil
from pathlib import Path

from support.cli import Cli
from support.gcs import FILES, levelled
from support.readme import type_section

PAGE = "docs/characters.md"
HEADING = "# Characters from GURPS Character Sheet"


def test_the_characters_transcript_is_real(runner: Cli) -> None:
    here = Path(runner.db).parent  # the working folder, where the player's files are
    shutil.copy(FILES / "mara.gcs", here / "mara.gcs")
    levelled(here)
    type_section(HEADING, runner, at_least=7, page=PAGE)
    assert "White hair" in (here / "mara-after.gcs").read_text(encoding="utf-8")
