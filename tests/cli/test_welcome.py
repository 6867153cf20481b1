"""`journal` alone teaches (issue 43): with no campaign it says in a few lines what to do
next (the demo, a first campaign, `play`, `serve`), never the whole help, and makes no
database; with a campaign it shows where the table stands."""

from __future__ import annotations

from pathlib import Path

from support.cli import Cli


def test_with_no_journal_it_says_what_to_do_next(runner: Cli, tmp_path: Path) -> None:
    shown = runner().stdout
    assert shown.startswith(f"The horror campaign journal. There is no campaign in {runner.db}")
    for step in ("journal demo", "journal campaign new night --ruleset RULESET",
                 "journal play", "journal serve", "(RULESET: fright-check, horror-factor"):  # fmt: skip
        assert step in shown, step
    assert len(shown.splitlines()) <= 10 and "Options:" not in shown
    assert not Path(runner.db).exists(), "reading made a database"


def test_an_empty_file_is_no_campaign_yet(runner: Cli) -> None:
    Path(runner.db).touch()
    assert "There is no campaign in" in runner().stdout
    assert Path(runner.db).stat().st_size == 0


def test_with_a_campaign_it_shows_where_the_table_stands(runner: Cli) -> None:
    runner("demo")
    shown = runner().stdout
    assert shown == runner("status").stdout + "\n" + (
        "Next: `journal play` to play at one prompt, `journal serve` for the players' pages,\n"
        "      `journal --help` for every command.\n"
    )
    assert shown.startswith("Jackson Zombies (jackson-zombies, horror-factor) at event 27")


def test_the_campaign_chosen_is_the_one_shown(runner: Cli) -> None:
    runner("demo")
    runner("campaign", "new", "night", "--ruleset", "fright-check")
    assert runner().stdout.startswith("Night (night, fright-check) at event 1")
    assert runner("--campaign", "jackson-zombies").stdout.startswith("Jackson Zombies")


def test_several_campaigns_and_none_chosen_name_them(runner: Cli, tmp_path: Path) -> None:
    runner("demo")
    runner("campaign", "new", "night", "--ruleset", "fright-check")
    (tmp_path / "config" / "journal" / "current.json").unlink()
    assert runner().stdout == (
        f"{runner.db} holds 2 campaigns: jackson-zombies, night.\n"
        "Choose the one you play: `journal campaign use SLUG`.\n"
    )


def test_a_file_that_is_no_journal_is_one_error_line(runner: Cli) -> None:
    Path(runner.db).write_text("a shopping list")
    refused = runner.refused()
    assert "is not a journal database" in refused.stderr
    assert Path(runner.db).read_text() == "a shopping list"


def test_help_is_still_the_whole_help(runner: Cli) -> None:
    shown = runner("--help").stdout
    assert shown.startswith("Usage: ") and "Rulesets:" in shown and "Options:" in shown
