"""A long session for the tests of what leaves the journal (Discord, Foundry): 40 turns of a
Horror Factor fight, a public note each turn, a GM-only note every tenth."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

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


def with_secrets(cli: Cli) -> None:
    """`forty_turns`, then a morning: a secret of Linda's, one of Prof's, a public note."""
    forty_turns(cli)
    cli("session", "start", "Morning")
    cli("note", "LINDA-ALONE knows the cellar key", "--for", "Linda")
    cli("note", "PROF-ALONE read the ledger", "--for", "Prof")
    cli("note", "Dawn comes.")
    cli("session", "end")


def copied(built: Path, runner: Cli) -> Cli:
    """`runner`, its database a copy of the one `built` (a module's campaign made once)."""
    shutil.copy(built, runner.db)
    return runner


def build_once(folder: Path, write: Callable[[Cli], None]) -> Path:
    """A database holding what `write` types, made in `folder` (for a module's fixture)."""
    from click.testing import CliRunner

    db = folder / "built.db"
    write(Cli(CliRunner(), str(db)))
    return db
