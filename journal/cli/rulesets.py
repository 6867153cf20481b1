"""The contract between the command line and a ruleset's commands (its plugin's `cli` part).

A ruleset's `cli` part is a `RulesetCommands`: the commands it adds to `journal`, the
options of its sheet on `character add` and the sheet they give, an example of them for
`--help`, and what `journal demo` shows of its worked example. A ruleset's `cli` module
wires its functions with `WiredCommands`, its commands found by `commands_in(__name__)`:
every click command it defines. `commands_of(ruleset)` loads it through the ruleset's
`Plugin` (None: the ruleset adds no commands).
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import click

    from journal.api.journal import Journal


class RulesetCommands(ABC):
    """A ruleset's command-line part."""

    #: `character add` lines for `--help` (one example per line; `\\` continues one)
    sheet_example: str = ""

    @abstractmethod
    def commands(self) -> Mapping[str, click.Command]:
        """The commands this ruleset adds to `journal`, by name."""

    def sheet_options(self) -> list[click.Option]:
        """The options of this ruleset's sheet on `character add`."""
        return []

    def sheet(self, given: dict[str, Any]) -> dict[str, object]:
        """The sheet the options give (`given`: option name -> value; the rules check the
        ranges); a usage failure (`journal.cli.main.fail`) when one it needs is missing."""
        return {}

    def tour(self, journal: Journal) -> str | None:
        """What `journal demo` shows of the worked example's campaign (None: nothing)."""
        return None


class WiredCommands(RulesetCommands):
    """A ruleset's command-line part wired from the functions of its `cli` module."""

    def __init__(
        self,
        commands: Callable[[], Mapping[str, click.Command]],
        sheet_options: Callable[[], list[click.Option]],
        sheet: Callable[[dict[str, Any]], dict[str, object]],
        sheet_example: str = "",
        tour: Callable[[Journal], str] | None = None,
    ) -> None:
        self._commands, self._options, self._sheet = commands, sheet_options, sheet
        self.sheet_example = sheet_example
        self._tour = tour

    def commands(self) -> Mapping[str, click.Command]:
        return self._commands()

    def sheet_options(self) -> list[click.Option]:
        return self._options()

    def sheet(self, given: dict[str, Any]) -> dict[str, object]:
        return self._sheet(given)

    def tour(self, journal: Journal) -> str | None:
        return None if self._tour is None else self._tour(journal)


def commands_in(module: str) -> Callable[[], dict[str, click.Command]]:
    """The commands a ruleset's `cli` module defines, found when asked (its `WiredCommands`
    takes this, so no list names them): every click command at the module's top level, by
    its name, in the order the module defines them; a group's subcommands are its own."""

    def found() -> dict[str, click.Command]:
        import click

        defined = [c for c in vars(sys.modules[module]).values() if isinstance(c, click.Command)]
        inner = {
            id(sub) for c in defined if isinstance(c, click.Group) for sub in c.commands.values()
        }
        return {c.name: c for c in defined if c.name and id(c) not in inner}

    return found


@cache
def commands_of(name: str) -> RulesetCommands | None:
    """The installed ruleset `name`'s command-line part, or None when it has none."""
    from journal.api.rulesets import plugin

    found = plugin(name)
    if not found.has("cli"):
        return None
    part = found.part("cli")
    if not isinstance(part, RulesetCommands):
        raise found.not_a("cli", "journal.cli.rulesets.RulesetCommands")
    return part
