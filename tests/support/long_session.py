"""A long session for the tests of what leaves the journal (Discord, Foundry): 40 turns of a
Horror Factor fight, a public note each turn, a GM-only note every tenth."""

from __future__ import annotations

from support.cli import Cli

SECRET = "GM-ONLY-the-doctor-is-the-ghoul"


def forty_turns(cli: Cli) -> None:
    """A session of 40 turns, a public note each turn, and GM-only notes among them."""
    cli("campaign", "new", "ward", "--ruleset", "horror-factor", "--title", "The Ward")
    cli("character", "add", "Linda", "--reaction", "12", "--willpower", "10", "--hardness", "2",
        "--training", "some")  # fmt: skip
    cli("character", "add", "Prof", "--reaction", "11", "--willpower", "10", "--hardness", "1",
        "--training", "some")  # fmt: skip
    cli("session", "start", "The long night", "--at", "1925-10-31 22:00")
    cli("encounter", "start", "Ward", "--hf", "powerful-creature", "--cast", "Linda,Prof")
    for number in range(1, 41):
        said = (
            f"Turn {number}: the corridor lights flicker and something scratches at door "
            f"{number}, @everyone hears it; Linda keeps her torch on the stairs."
        )
        cli("note", said)
        if number % 10 == 0:
            cli("note", f"{SECRET} (turn {number})", "--gm-only")
        cli("turn")
    cli("encounter", "end")
    cli("session", "end")
