"""Helpers for the handout tests: campaigns built through the CLI."""

from __future__ import annotations

from typing import Any

from support import WORKED_EXAMPLE


def worked_example(cli: Any) -> None:
    """The rule text's zombie fight, as shipped (the log `journal demo` imports)."""
    cli("import", str(WORKED_EXAMPLE))


def hardening_story(cli: Any) -> None:
    """Two sessions of horror-factor: a freeze, a drop, hardening, breaking, a Horror
    Check, a rest and months of peace (every arc milestone of the ruleset)."""
    cli("campaign", "new", "night", "--ruleset", "horror-factor", "--title", "Night Shift")
    cli(
        "character",
        "add",
        "Ariella",
        "--reaction",
        "10",
        "--willpower",
        "10",
        "--hardness",
        "0",
        "--training",
        "none",
    )
    cli(
        "character",
        "add",
        "Linda",
        "--reaction",
        "12",
        "--willpower",
        "10",
        "--hardness",
        "2",
        "--training",
        "some",
    )
    cli("session", "start", "The cellar", "--at", "1999-03-01 22:00")
    cli("encounter", "start", "Cellar", "--hf", "5", "--cast", "Ariella,Linda")
    cli("initiative", "Ariella", "--dice", "+1/-8")
    cli("initiative", "Linda", "--dice", "+5/-2")
    cli("drop", "Linda")
    cli("encounter", "end", "--do-or-die", "Linda", "--broken", "Ariella")
    cli("session", "end")
    cli("session", "start", "Aftermath")
    cli("check", "Ariella", "--hf", "5", "--dice", "+9/-1")  # the cellar's end broke her
    cli("rest", "--all")
    cli("peace", "Linda", "--months", "6", "--lose", "1")
    cli("session", "end")


def morgue(cli: Any) -> None:
    """A fright-check campaign with entered dice: one failed check (row 24, a physical
    disadvantage to name), one success, one named trait."""
    cli("campaign", "new", "morgue", "--ruleset", "fright-check", "--title", "The Morgue")
    cli("character", "add", "Mara", "--will", "10", "--ht", "11", "--iq", "12")
    cli(
        "character",
        "add",
        "Eli",
        "--will",
        "12",
        "--ht",
        "10",
        "--iq",
        "13",
        "--trait",
        "Combat Reflexes",
    )
    cli("session", "start", "Night shift", "--at", "1925-10-31 22:00")
    cli("note", "The morgue lights flicker.")
    cli("note", "The coroner is the ghoul.", "--gm-only")
    cli(
        "fright",
        "Mara",
        "--threat",
        "corpse-3",
        "--body",
        "violent",
        "--mutilated",
        "2",
        "--dark",
        "--dice",
        "6,6,5",
        "--table-dice",
        "5,5,4",
    )
    cli(
        "fright",
        "Eli",
        "--threat",
        "ghoul-1",
        "--kind",
        "ghoul",
        "--monster",
        "-2",
        "--dice",
        "3,4,2",
    )
    cli("trait", "Mara", "--name", "Bad Back", "--points", "-15")
    cli("session", "end")
