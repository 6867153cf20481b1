"""One object ties a ruleset together: `Plugin`, what its entry point names.

A ruleset is one package with a part for each layer it plugs into, each implementing that
layer's contract, and a `Plugin` naming them (`module:attribute` strings, imported only
when that layer asks):

- `rules`: the pure rules, a `journal.rules.ruleset.Ruleset` (the only code the rules
  version fingerprints);
- `telling`: its text, a `journal.telling.contract.Telling` (log lines, sentences, explain
  labels, the board and status as structured rows);
- `narrator`: its handout hooks, a `journal.handouts.hooks.Narrator` (with the template
  partials in `templates/` beside it);
- `cli`: its command-line commands, a `journal.cli.rulesets.RulesetCommands`.

Each layer loads its own part (`part`) and checks its type; a plugin without a part that
layer needs is refused in words. A plugin declares the contract it was written for
(`contract`, compared with `CONTRACT`): one of another version is refused at load. Register
the plugin in `pyproject.toml`:

    [project.entry-points."journal.rulesets"]
    my-rules = "my_package:PLUGIN"
"""

from __future__ import annotations

from msgspec import Struct

from journal.errors import RuleError
from journal.installed import reference

#: the layers a plugin may have a part for
LAYERS = ("rules", "telling", "narrator", "cli")

#: the plugin contract's major version (the door: `journal.plugin` and its modules): it goes
#: up by one when a name of the door moves, or changes its meaning or its signature
CONTRACT = 3


class Plugin(Struct, frozen=True):
    """A ruleset's parts, one `module:attribute` per layer (None: no such part)."""

    #: the registry name (`campaign new --ruleset NAME`), the entry point's name
    name: str
    rules: str
    #: the major version of the plugin contract the ruleset was written for (`CONTRACT`;
    #: 0: it declares none, written before the contract had a version)
    contract: int = 0
    telling: str | None = None
    narrator: str | None = None
    cli: str | None = None

    def refusal(self) -> RuleError | None:
        """Why the journal cannot load this plugin (None: it can): written for another
        version of the contract."""
        if self.contract == CONTRACT:
            return None
        from journal.version import __version__

        written = (
            f"plugin contract {self.contract}"
            if self.contract
            else "no plugin contract (it declares none: Plugin(contract=N))"
        )
        return RuleError(
            f"the ruleset {self.name!r} was written for {written}, "
            f"but this journal ({__version__}) offers contract {CONTRACT}: install a version "
            f"of the ruleset written for contract {CONTRACT}"
        )

    def has(self, layer: str) -> bool:
        return getattr(self, layer) is not None

    def part(self, layer: str) -> object:
        """This plugin's part for `layer`, imported (a RuleError when it names none or it
        cannot be imported); the layer checks it is what its contract says (`not_a`)."""
        where = getattr(self, layer)
        if where is None:
            raise RuleError(
                f"the ruleset {self.name!r} has no {layer} part: its Plugin names none "
                f"(Plugin({layer}='module:ATTRIBUTE'))"
            )
        try:
            found = reference(where)
        except (ImportError, AttributeError) as error:
            raise RuleError(
                f"the {layer} part of the ruleset {self.name!r} ({where}) cannot be loaded: {error}"
            ) from error
        return found

    def not_a(self, layer: str, contract: str) -> RuleError:
        """The refusal of a part that does not fulfil its layer's contract."""
        return RuleError(
            f"the {layer} part of the ruleset {self.name!r} ({getattr(self, layer)}) is not "
            f"a {contract}"
        )

    def module(self, layer: str) -> str | None:
        """The module holding this plugin's part for `layer` (None: no such part)."""
        where = getattr(self, layer)
        return None if where is None else str(where).partition(":")[0].strip()
