"""The installed rulesets, for scripts and the CLI: their names, each one's `Ruleset`
(found through the entry-point group `journal.rulesets`, built-in or third-party)."""

from __future__ import annotations

from journal.rules import load, load_all, names, plugin_of
from journal.rules.plugin import Plugin
from journal.rules.ruleset import Ruleset

__all__ = ["Plugin", "Ruleset", "installed", "named", "plugin", "ruleset"]


def named() -> list[str]:
    """Every installed ruleset's name, the journal's own first."""
    return names()


def ruleset(name: str) -> Ruleset:
    """The installed ruleset `name` (a RuleError names the installed ones otherwise)."""
    return load(name)


def installed() -> list[Ruleset]:
    """Every installed ruleset (which registers all their event types)."""
    return load_all()


def plugin(name: str) -> Plugin:
    """The installed ruleset `name`'s plugin: the part it brings to each layer (the CLI
    loads its commands from it)."""
    return plugin_of(name)
