"""docs/d100-sanity.md's session at the table is what the journal really prints: each step
typed, its output compared (`JOURNAL_UPDATE_README=1` writes what the journal prints now into
the page)."""

from __future__ import annotations

from support.cli import Cli
from support.readme import type_section


def test_the_session_transcript_is_real(runner: Cli) -> None:
    type_section("## A session at the table", runner, at_least=7, page="docs/d100-sanity.md")
