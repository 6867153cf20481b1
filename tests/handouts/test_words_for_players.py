"""Words that mislead players (issue 30, item 6).

"a character entered with `--training none` reads on their page "Hardness 1 of 3 — Some
training… a serious martial artist" (the level's description read as the sheet); the
players' GURPS recap shows table rows and "then HT 10" though the README says players
never see an HT roll's numbers."
"""

from __future__ import annotations

from support.cli import Cli


def test_a_hardness_levels_words_are_not_read_as_the_training(runner: Cli) -> None:
    runner("campaign", "new", "inn", "--ruleset", "horror-factor")
    runner("character", "add", "Eli", "--reaction", "2", "--training", "none",
           "--willpower", "10", "--hardness", "1")  # fmt: skip
    runner("session", "start", "One")
    runner("note", "Eli waits.")
    html = runner("recap", "1", "--format", "html").stdout  # the card a page shows too
    card = "Training: none (Hardness up to 3). Hardness 1, in the rules' words: Some"
    assert card in html
    markdown = runner("recap", "1").stdout
    assert "| Training | That Hardness, in the rules' words |" in markdown
    assert "| 10 of 10 | none | Some training" in markdown


def test_the_players_gurps_recap_has_no_table_row_nor_recovery_target(runner: Cli) -> None:
    """Row 17 (faint 1d minutes, HT each minute) at Will 10: the GM's copy has the row and
    HT 10; the players' neither."""
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("session", "start", "The morgue", "--at", "1987-11-13 23:00")
    runner("fright", "Eli", "--threat", "drawer", "--dice", "5,5,5", "--table-dice", "4,4,4",
           "--effect-dice", "faint=3")  # fmt: skip
    players = runner("recap", "1", "--for", "players").stdout
    assert "failure by 5: faint 3 minutes, then HT every minute" in players
    assert "row 17" not in players and "HT 10" not in players and "| Row |" not in players
    gm = runner("recap", "1", "--for", "gm").stdout
    assert "table row 17" in gm and "then HT 10 every minute" in gm and "| Row |" in gm
