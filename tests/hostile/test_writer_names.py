"""Issue 29 (S6): a writer is a word like `sam@table` without `/`: `gm/x` would count as
gm's `play` session (`gm/play-3f2a`), so gm's `undo` would take it back."""

from __future__ import annotations

import pytest
from support.cli import Cli, count_events


@pytest.mark.parametrize("writer", ["gm/x", "gm@host/play-3f2a", "/", "a/b/c"])
def test_a_writer_with_a_slash_is_refused(runner: Cli, writer: str) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    before = count_events(runner.db)
    said = runner.refused("--writer", writer, "note", "hello").stderr
    assert "holds a '/'" in said and "sam@table" in said
    assert count_events(runner.db) == before


def test_the_variable_is_held_to_it_too(runner: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    monkeypatch.setenv("JOURNAL_WRITER", "gm/play-0000")
    assert "holds a '/'" in runner.refused("note", "hello").stderr


def test_a_plain_writer_is_recorded(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("--writer", "sam@table", "note", "hello")
    assert "sam@table" in runner("log", "--json").stdout
