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

from journal.errors import RuleError, RulesetUnavailable

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


def entry_point(name: str) -> str:
    """Where the installed ruleset `name`'s plugin is (`module:attribute`)."""
    found = _entry_points().get(name)
    return found.value if found is not None else ""


#: (name, entry point or part) -> why it cannot be loaded, as refused the first time (its
#: cause, the import's own failure, kept for `--debug`): a broken plugin is imported once
_BROKEN: dict[tuple[str, str], RulesetUnavailable] = {}


def _again(refused: RulesetUnavailable) -> RulesetUnavailable:
    """The refusal of a ruleset that failed to load before, anew (with the same cause)."""
    fresh = RulesetUnavailable(str(refused))
    fresh.__cause__ = refused.__cause__
    fresh.__suppress_context__ = True
    return fresh


@cache
def plugin_of(name: str) -> Plugin:
    """The installed ruleset `name`'s `Plugin` (its parts, one per layer); a RuleError
    naming the ruleset, its entry point and the cause when its import fails, whatever it
    raised (a call of sys.exit included)."""
    from journal.installed import Unloadable
    from journal.rules.plugin import Plugin

    found = _entry_points().get(name)
    if found is None:
        known = ", ".join(names()) or "none is installed"
        raise RuleError(f"unknown ruleset {name!r}: choose one of {known}")
    before = _BROKEN.get((name, found.value))
    if before is not None:
        raise _again(before)
    try:
        loaded = found.load()
    except Unloadable as exc:
        refused = RulesetUnavailable(_broken(name, found, str(exc)))
        refused.__cause__ = exc.__cause__ or exc
        _BROKEN[name, found.value] = refused
        raise _again(refused)  # noqa: B904 - its cause is set
    if not isinstance(loaded, Plugin) or loaded.name != name:
        raise RulesetUnavailable(
            f"the ruleset {name!r} ({found.value}) is not a journal ruleset: its entry point "
            f"names a journal.rules.plugin.Plugin(name={name!r}, rules=...)"
        )
    other = loaded.refusal()  # written for another plugin contract
    if other is not None:
        raise RulesetUnavailable(str(other))
    return loaded


def _broken(name: str, found: Found, cause: str) -> str:
    from journal.installed import distribution

    package = distribution(name)
    fix = (
        f"fix or reinstall {package}, or remove it (`pip uninstall {package}`)"
        if package
        else "fix or reinstall its package, or remove it"
    )
    return f"the ruleset {name!r} cannot be loaded (entry point {found.value}): {cause}; {fix}"


@cache
def load(name: str) -> Ruleset:
    """The installed ruleset `name`'s rules (its plugin's pure `rules` part)."""
    from journal.rules.ruleset import Ruleset

    found = plugin_of(name)
    before = _BROKEN.get((name, str(found.rules)))
    if before is not None:
        raise _again(before)
    try:
        ruleset = found.part("rules")
    except RuleError as exc:
        if not isinstance(exc.__cause__, ImportError):
            raise
        refused = RulesetUnavailable(str(exc))  # its import failed: tried once
        refused.__cause__ = exc.__cause__.__cause__ or exc.__cause__
        _BROKEN[name, str(found.rules)] = refused
        raise _again(refused)  # noqa: B904 - its cause is set
    if not isinstance(ruleset, Ruleset):
        raise found.not_a("rules", "journal.rules.ruleset.Ruleset")
    if ruleset.name != name:
        raise RuleError(f"the rules part of the ruleset {name!r} is named {ruleset.name!r}")
    return ruleset


def load_all() -> list[Ruleset]:
    """Every installed ruleset that can be loaded (which registers their event types, e.g.
    before an import); one that cannot is passed by (`journal rulesets` says why), so the
    others and their campaigns work as before."""
    found = []
    for name in names():
        try:
            found.append(load(name))
        except RuleError:
            continue
    return found


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
