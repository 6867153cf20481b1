"""Secrets, reveals and the X-card typed at the `journal play` prompt through a
pseudo-terminal: `note ... --for Cole` (free text joined), `reveal 12 --to players` (the
secret's seq completed with Tab), `xcard`; what they recorded read back by the CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.cli import Cli
from support.pty import Table

SHEET = ("--will", "11", "--ht", "10", "--iq", "11")


def test_a_secret_revealed_and_a_scene_cut_at_the_prompt(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "night", "--ruleset", "fright-check")
    runner("character", "add", "Cole", *SHEET)
    runner("character", "add", "Mara", *SHEET)
    runner("session", "start", "One")
    for n in range(7):  # events 5 to 11
        runner("note", f"the rain, hour {n}")
    table = Table(runner.db, tmp_path).started("night")
    try:
        table.run("note only Cole saw the face in the window --for Cole")
        assert "#12 Secret for Cole: only Cole saw the face in the window" in table.text()
        table.run("reveal 1\t --to players", "reveal 12 --to players")
        assert "#13 Reveals secret #12 to every player" in table.text()
        table.run("reveal 12 --to Mara")
        assert "Error: every player knows #12 already" in table.text()
        table.run("xcard")
        assert "#14 X-card: a scene is cut" in table.text()
        table.type("quit")
        assert table.finish() == 0
    finally:
        table.close()
    secrets: Any = runner.json("secrets")
    assert [k["who"] for k in secrets["secrets"][0]["knowers"]] == ["Cole", "players"]
    players = runner("recap", "--for", "players").stdout
    assert "only Cole saw the face in the window" in players
    assert "A scene was skipped." in players
