"""The installed rulesets, for scripts and the CLI: their names, each one's `Ruleset`
(found through the entry-point group `journal.rulesets`, built-in or third-party)."""

from __future__ import annotations

from msgspec import Struct

from journal.documents import Document
from journal.errors import RuleError
from journal.events.canonical import JSON
from journal.rules import entry_point, load, load_all, names, plugin_of
from journal.rules.plugin import Plugin
from journal.rules.ruleset import Ruleset

__all__ = [
    "InstalledRuleset",
    "InstalledRulesets",
    "Plugin",
    "Ruleset",
    "installed",
    "listed",
    "named",
    "plugin",
    "ruleset",
]


class InstalledRuleset(Document, Struct, frozen=True):
    """One row of `journal rulesets --json`: an installed ruleset, whether it works here,
    and what it plays or why it cannot be loaded."""

    name: str
    entry_point: str  # where its plugin is, `module:attribute`
    works: bool
    summary: str | None  # what it plays (None: it does not load)
    broken: str | None  # why it cannot be used here (None: it works)


class InstalledRulesets(Document, Struct, frozen=True):
    rulesets: tuple[InstalledRuleset, ...]

    def to_json(self) -> list[JSON]:
        return [row.to_json() for row in self.rulesets]


def listed() -> InstalledRulesets:
    """Every installed ruleset, the journal's own first, each loaded to tell whether it
    works (a broken one says why: its import fails, or it was written for another plugin
    contract)."""
    rows = []
    for name in names():
        try:
            found = load(name)
        except RuleError as exc:
            rows.append(InstalledRuleset(name, entry_point(name), False, None, str(exc)))
        else:
            rows.append(InstalledRuleset(name, entry_point(name), True, found.summary, None))
    return InstalledRulesets(tuple(rows))


def named() -> list[str]:
    """Every installed ruleset's name, the journal's own first."""
    return names()


def ruleset(name: str) -> Ruleset:
    """The installed ruleset `name` (a RuleError names the installed ones otherwise)."""
    return load(name)


def installed() -> list[Ruleset]:
    """Every installed ruleset that loads (which registers all their event types); one
    that does not is left out (`listed` says why)."""
    return load_all()


def plugin(name: str) -> Plugin:
    """The installed ruleset `name`'s plugin: the part it brings to each layer (the CLI
    loads its commands from it)."""
    return plugin_of(name)
