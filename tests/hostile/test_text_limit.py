"""One text the GM types holds at most `TEXT_LIMIT` characters (about 30 printed pages):
a pasted book is refused at entry with the limit named, and nothing is written. What an
older journal wrote (an import) is kept as it is, and still renders."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli, count_events

from journal.events.canonical import TEXT_LIMIT


def _night(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "none")
    runner("session", "start", "The mill")


def test_a_note_at_the_limit_is_kept_and_one_past_it_is_refused(runner: Cli) -> None:
    _night(runner)
    runner("note", "x" * TEXT_LIMIT)
    before = count_events(runner.db)
    refused = runner.refused("note", "x" * (TEXT_LIMIT + 1))
    assert refused.stderr == (
        f"Error: that cannot be recorded: its text is {TEXT_LIMIT + 1:,} characters long, and "
        f"one text holds at most {TEXT_LIMIT:,} (about 30 printed pages): shorten it, or "
        "split a long note into several\n"
    )
    assert count_events(runner.db) == before


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("campaign", "new", "crypt", "--ruleset", "fright-check", "--title",
          "t" * (TEXT_LIMIT + 1)), "title"),
        (("note", "secret" * (TEXT_LIMIT // 6 + 1), "--for", "Linda"), "text"),
        (("award", "Linda", "--hardness", "1", "--reason", "r" * (TEXT_LIMIT + 1)), "reason"),
        (("encounter", "start", "e" * (TEXT_LIMIT + 1), "--hf", "4", "--cast", "Linda"), "title"),
    ],
)
def test_every_free_text_field_is_held_to_the_limit(
    runner: Cli, args: tuple[str, ...], field: str
) -> None:
    _night(runner)
    before = count_events(runner.db)
    refused = runner.refused(*args)
    assert f"its {field} is " in refused.stderr and f"at most {TEXT_LIMIT:,}" in refused.stderr
    assert count_events(runner.db) == before


def test_an_import_keeps_a_longer_text_an_older_journal_wrote(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long_note = "The ledger reads, in a cramped hand: " + "w" * (2 * TEXT_LIMIT)
    with monkeypatch.context() as older_journal:  # written before the limit
        older_journal.setattr("journal.events.canonical.TEXT_LIMIT", 10**9)
        _night(runner)
        runner("note", long_note)
    runner("export", "-o", str(tmp_path / "night.jsonl"))
    copy = Cli(runner.runner, str(tmp_path / "copy.db"))
    copy("import", str(tmp_path / "night.jsonl"))
    assert count_events(copy.db) == count_events(runner.db)
    assert long_note in copy("recap", "--for", "players").stdout
    copy("verify")


def test_an_older_longer_event_can_still_be_voided_and_re_ruled(
    runner: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A correction copies the older event's text (a void's words, a re-ruled ruling): the
    limit holds only what the GM types now."""
    long_reason = "r" * (TEXT_LIMIT + 20)
    with monkeypatch.context() as older_journal:
        older_journal.setattr("journal.events.canonical.TEXT_LIMIT", 10**9)
        runner("campaign", "new", "night", "--ruleset", "stress")
        runner("character", "add", "Mina", "--nerve", "4")
        runner("stress", "Mina", "3", "--reason", "short")  # #3
        runner("stress", "Mina", "2", "--reason", long_reason)  # #4, re-ruled below
        runner("stress", "Mina", "1", "--reason", long_reason)  # #5
    runner("void", "3", "--reason", "misread", "--rerule")
    assert "RulingAmended" in [e["type"] for e in runner.json("log")]
    runner("void", "5", "--reason", "never happened")
    refused = runner.refused("void", "4", "--reason", "x" * (TEXT_LIMIT + 1))
    assert "its reason is" in refused.stderr
