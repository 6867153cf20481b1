"""Players read the GM's words (issue 22): the catalog's "a zombie gets into grappling
range and grabs" when the creatures were ghouls. A shift carries its own wording
(`--as`), and a campaign can replace the players' wording of any catalog cause
(`journal wording`, an event: it applies to the shifts recorded after it)."""

from __future__ import annotations

from support.cli import Cli

GRABS = "a zombie gets into grappling range and grabs"


def _fight(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for name in ("Milo", "Ada"):
        runner("character", "add", name, "--reaction", "10", "--willpower", "10",
               "--hardness", "0", "--training", "none")  # fmt: skip
    runner("session", "start", "The crypt")
    runner("encounter", "start", "Ghouls", "--hf", "few-weak-creatures")
    return runner


def test_a_shift_and_a_campaign_speak_the_gms_words(runner: Cli) -> None:
    _fight(runner)
    runner("shift", "Milo", "grabbed")  # 6: the catalog's words, before any wording
    runner("wording", "grabbed", "something gets a grip on them")  # 7
    runner("shift", "Ada", "grabbed")  # 8: the campaign's wording
    runner("shift", "Milo", "grabbed", "--as", "a ghoul drags him down")  # 9: its own
    players = runner("recap", "--for", "players").stdout
    assert players.count(GRABS) == 1  # only the shift recorded before the wording
    assert "something gets a grip on them" in players
    assert "a ghoul drags him down" in players
    assert "Players read" not in players  # the wording itself is the GM's housekeeping
    log = runner("log").stdout
    assert "#7    Players read 'grabbed' as: something gets a grip on them" in log
    assert "(players read: a ghoul drags him down)" in log
    runner("wording", "grabbed", "--catalog")  # 10
    runner("shift", "Ada", "grabbed")  # 11: the catalog's again
    assert runner("recap", "--for", "players").stdout.count(GRABS) == 2
    assert "every ruling follows" in runner("audit").stdout


def test_wording_refusals_write_nothing(runner: Cli) -> None:
    _fight(runner)
    assert "is not a catalog cause" in runner.refused("wording", "bitten", "x").stderr
    assert "give some words" in runner.refused("wording", "grabbed", "   ").stderr
    assert "--catalog" in runner.refused("wording", "grabbed").stderr
    assert "give some words" in runner.refused("shift", "Milo", "hurt", "--as", " ").stderr
    assert "200 characters" in runner.refused("shift", "Milo", "hurt", "--as", "x" * 201).stderr
    runner("wording", "hurt", "a claw opens his arm")
    assert "already read" in runner.refused("wording", "hurt", "a claw opens his arm").stderr
    assert "already read" in runner.refused("wording", "grabbed", "--catalog").stderr
    assert len(runner.json("log")) == 6  # type: ignore[arg-type]
