"""Players read the GM's words for a threat, not its id (issue 22): "Helen Marsh's Fright
Check against thomas-body" was a near-spoiler. `--threat-name` is given once and kept for
later checks of the same threat; without one, handouts show the id in words."""

from __future__ import annotations

from support.cli import Cli


def test_a_threat_reads_as_the_gm_named_it(runner: Cli) -> None:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Helen", "--will", "12", "--ht", "10", "--iq", "11")
    runner("session", "start", "The morgue", "--at", "1923-03-02 23:00")
    runner("fright", "Helen", "--threat", "thomas-body", "--threat-name", "Thomas's body",
           "--body", "violent", "--dice", "3,3,3")  # fmt: skip
    runner("clock", "advance", "1h")
    runner("fright", "Helen", "--threat", "thomas-body", "--dice", "2,3,3")  # the name kept
    runner("fright", "Helen", "--threat", "grave_robber-2", "--dice", "1,2,3")  # no name
    players = runner("recap", "--for", "players").stdout
    assert players.count("Thomas's body") >= 2, players
    assert "thomas-body" not in players
    assert "grave robber 2" in players and "grave_robber-2" not in players
    html = runner("recap", "--for", "players", "--format", "html").stdout
    assert "Thomas&#39;s body" in html and "thomas-body" not in html
    gm = runner("recap", "--for", "gm").stdout
    assert "thomas-body" in gm and "Thomas's body" in gm  # the GM sees both
    log = runner("log").stdout
    assert "vs thomas-body (Thomas's body)" in log
    checks = [e for e in runner.json("log") if e["type"] == "FrightChecked"]  # type: ignore[index,union-attr]
    assert [c["data"]["threat_name"] for c in checks] == ["Thomas's body"] * 2 + [None]
    assert runner("audit").exit_code == 0


def test_a_blank_threat_name_is_refused(runner: Cli) -> None:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Helen", "--will", "12", "--ht", "10", "--iq", "11")
    refused = runner.refused("fright", "Helen", "--threat", "x", "--threat-name", "  ")
    assert "--threat-name is what players read" in refused.stderr
