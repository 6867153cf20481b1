"""Rulesets: pure deciders and folds, found through the entry-point group `journal.rulesets`.

`journal.rules.core` holds what every ruleset shares (campaign, characters, sessions, the
clock, notes, voids), one module per job; `journal.rules.ruleset.Ruleset` is the contract a
ruleset's pure `rules` part fulfils, and `journal.rules.plugin.Plugin` the object that ties
a ruleset's parts together (one per layer). The journal's own two rulesets register exactly
as a third-party one would, in `pyproject.toml`:

    [project.entry-points."journal.rulesets"]
    my-rules = "my_package:PLUGIN"
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from journal.errors import RuleError

if TYPE_CHECKING:
    from journal.installed import Found
    from journal.rules.plugin import Plugin
    from journal.rules.ruleset import Ruleset


@cache
def _entry_points() -> dict[str, Found]:
    """The installed rulesets, found through a cached entry-point scan (`installed`)."""
    from journal.installed import rulesets

    return {ep.name: ep for ep in sorted(rulesets(), key=_order)}


def _order(ep: Found) -> tuple[bool, str]:
    """The journal's own rulesets first, then the others by name."""
    return (not ep.value.startswith("journal."), ep.name)


def names() -> list[str]:
    """Every installed ruleset's name."""
    return list(_entry_points())


@cache
def plugin_of(name: str) -> Plugin:
    """The installed ruleset `name`'s `Plugin` (its parts, one per layer)."""
    from journal.rules.plugin import Plugin

    found = _entry_points().get(name)
    if found is None:
        known = ", ".join(names()) or "none is installed"
        raise RuleError(f"unknown ruleset {name!r}: choose one of {known}")
    loaded = found.load()
    if not isinstance(loaded, Plugin) or loaded.name != name:
        raise RuleError(
            f"the ruleset {name!r} ({found.value}) is not a journal ruleset: its entry point "
            f"names a journal.rules.plugin.Plugin(name={name!r}, rules=...)"
        )
    refused = loaded.refusal()
    if refused is not None:
        raise refused
    return loaded


@cache
def load(name: str) -> Ruleset:
    """The installed ruleset `name`'s rules (its plugin's pure `rules` part)."""
    from journal.rules.ruleset import Ruleset

    found = plugin_of(name)
    ruleset = found.part("rules")
    if not isinstance(ruleset, Ruleset):
        raise found.not_a("rules", "journal.rules.ruleset.Ruleset")
    if ruleset.name != name:
        raise RuleError(f"the rules part of the ruleset {name!r} is named {ruleset.name!r}")
    return ruleset


def load_all() -> list[Ruleset]:
    """Every installed ruleset (which registers all event types, e.g. before an import)."""
    return [load(name) for name in names()]


#: the journal's own code that folds events, beside the rulesets' `rules` parts: the fold,
#: the core's events, state and fold, the rules contract's default fold and the dispatch
#: (not the core's decider or commands, nor any text, handout or command line)
_FOLD = (
    "projection.py",
    "rules/core/events.py",
    "rules/core/state.py",
    "rules/core/evolve.py",
    "rules/ruleset.py",
    "rules/dispatch.py",
)


def fold_files(name: str) -> list[Path]:
    """The files whose code folds the events of a campaign of ruleset `name`: the journal's
    fold (`_FOLD`) and the ruleset's pure `rules` part (its package, or its module)."""
    import importlib

    journal = Path(__file__).resolve().parents[1]
    files = [path for pattern in _FOLD for path in sorted(journal.glob(pattern))]
    module = importlib.import_module(str(plugin_of(name).module("rules")))
    where = Path(str(module.__file__)).resolve()
    if hasattr(module, "__path__"):  # a package: every module of it
        files += sorted(where.parent.rglob("*.py"))
    else:
        files.append(where)
    return files


@cache
def rules_version(name: str) -> str:
    """The ruleset's declared version plus a fingerprint of the code that folds events (the
    fold, the core rules and the ruleset's pure `rules` part, never its wording, handouts
    or commands): snapshots never outlive the code."""
    ruleset = load(name)
    digest = hashlib.sha256()
    for path in fold_files(name):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"{ruleset.rules_version}:{digest.hexdigest()[:16]}"


@cache
def state_classes(name: str) -> tuple[type, ...]:
    """The classes a snapshot of a campaign of this ruleset may hold, the campaign state
    (the root) first; just that when the ruleset declares none (no snapshot can hold it)."""
    from journal.rules.core.state import CampaignState

    declared = load(name).state_classes
    return (CampaignState, *declared) if declared else ()
