"""Rulesets: pure deciders and folds, no I/O, no SQLAlchemy, no Jinja.

A ruleset module (`journal.rules.horror_factor`, `journal.rules.fright_check`) exposes
one object named `RULESET` that satisfies `Ruleset`. Core events and commands
(`journal.rules.core`) are shared by both.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import cache
from pathlib import Path
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from journal.errors import RuleError

if TYPE_CHECKING:
    from journal.dice import DiceBox
    from journal.events import Event
    from journal.rules.core import CampaignState, Meta

RULESETS = {
    "horror-factor": "journal.rules.horror_factor",
    "fright-check": "journal.rules.fright_check",
}


class Ruleset(Protocol):
    name: str
    #: campaign options and their defaults, recorded in CampaignCreated
    option_defaults: Mapping[str, Any]
    #: the version of the rules code; snapshots made under another are discarded
    rules_version: str
    #: the command classes this ruleset decides (the app refuses the others clearly)
    commands: tuple[type, ...]

    def parse_option(self, key: str, raw: str) -> Any:
        """Validate one `--option K=V` value (RuleError when it does not fit)."""
        ...

    def build_sheet(self, sheet: Mapping[str, Any]) -> Mapping[str, Any]:
        """Validate a character sheet from `character add`; the canonical sheet to record."""
        ...

    def initial(self) -> Any:
        """The ruleset's state before any event."""
        ...

    def evolve(self, state: CampaignState, payload: Event, meta: Meta) -> Any:
        """Fold one event into the ruleset's state (`state.rules`); returns the new one.

        Total: an event that no longer applies (after a void) is ignored, never raises.
        Applies the results the event recorded; it does not recompute them.
        """
        ...

    def decide(self, state: CampaignState, command: object, dice: DiceBox) -> list[Event]:
        """The events a command produces, or a RuleError in the GM's words."""
        ...

    def command_for(self, payload: Event) -> object | None:
        """The command that produced a ruling event, rebuilt from its recorded inputs, so
        an audit can decide again; None for events that record no ruling."""
        ...

    def status(self, state: CampaignState) -> dict[str, Any]:
        """The `characters` section of `status --json`."""
        ...

    def concerns(self, payload: Event) -> tuple[str, ...]:
        """The characters an event of this ruleset concerns (for `log --character`, explain)."""
        ...

    def describe(self, payload: Event) -> str:
        """One line for the GM: what happened and, for a ruling, its terms and result."""
        ...


def load(name: str) -> Ruleset:
    try:
        module = importlib.import_module(RULESETS[name])
    except KeyError:
        known = ", ".join(RULESETS)
        raise RuleError(f"unknown ruleset {name!r}: choose one of {known}") from None
    ruleset: Ruleset = module.RULESET
    return ruleset


def load_all() -> list[Ruleset]:
    """Every ruleset (which registers all event types, e.g. before reading a foreign log)."""
    return [load(name) for name in RULESETS]


_RULES = Path(__file__).resolve().parent


@cache
def rules_version(ruleset: str) -> str:
    """The ruleset's declared version plus a fingerprint of the code that folds events."""
    digest = hashlib.sha256()
    files = [_RULES.parent / "projection.py", *sorted(_RULES.glob("*.py"))]
    files += sorted((_RULES / RULESETS[ruleset].rsplit(".", 1)[1]).glob("*.py"))
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"{load(ruleset).rules_version}:{digest.hexdigest()[:16]}"
