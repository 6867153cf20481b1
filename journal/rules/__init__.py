"""Rulesets: pure deciders and folds, found through the entry-point group `journal.rulesets`.

`journal.rules.core` holds what every ruleset shares (campaign, characters, sessions, the
clock, notes, voids); `journal.rules.ruleset.Ruleset` is the contract a ruleset package
fulfils. The journal's own two rulesets register exactly as a third-party one would, in
`pyproject.toml`:

    [project.entry-points."journal.rulesets"]
    my-rules = "my_package:RULESET"
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from journal.errors import RuleError

if TYPE_CHECKING:
    from journal.rules.installed import Found
    from journal.rules.ruleset import Ruleset

ENTRY_POINT_GROUP = "journal.rulesets"


@cache
def _entry_points() -> dict[str, Found]:
    """The installed rulesets, found through a cached entry-point scan (`installed`)."""
    from journal.rules.installed import rulesets

    return {ep.name: ep for ep in sorted(rulesets(), key=_order)}


def _order(ep: Found) -> tuple[bool, str]:
    """The journal's own rulesets first, then the others by name."""
    return (not ep.value.startswith("journal."), ep.name)


def names() -> list[str]:
    """Every installed ruleset's name."""
    return list(_entry_points())


@cache
def load(name: str) -> Ruleset:
    from journal.rules.ruleset import Ruleset

    found = _entry_points().get(name)
    if found is None:
        known = ", ".join(names()) or "none is installed"
        raise RuleError(f"unknown ruleset {name!r}: choose one of {known}")
    ruleset = found.load()
    if not isinstance(ruleset, Ruleset) or ruleset.name != name:
        raise RuleError(f"the ruleset {name!r} ({found.value}) is not a journal ruleset")
    return ruleset


def load_all() -> list[Ruleset]:
    """Every installed ruleset (which registers all event types, e.g. before an import)."""
    return [load(name) for name in names()]


@cache
def rules_version(name: str) -> str:
    """The ruleset's declared version plus a fingerprint of the code that folds events (the
    fold, the core rules and the ruleset's package): snapshots never outlive the code."""
    ruleset = load(name)
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    files = [here.parent / "projection.py", *sorted(here.glob("*.py"))]
    files += sorted(ruleset.folder.glob("*.py"))
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"{ruleset.rules_version}:{digest.hexdigest()[:16]}"


@cache
def state_classes(name: str) -> tuple[type, ...]:
    """The classes a snapshot of a campaign of this ruleset may hold, the campaign state
    (the root) first; just that when the ruleset declares none (no snapshot can hold it)."""
    from journal.rules.core import CampaignState

    declared = load(name).state_classes
    return (CampaignState, *declared) if declared else ()
