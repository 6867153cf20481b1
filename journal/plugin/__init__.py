"""The plugin door: what a ruleset imports of the journal (besides `journal.api` and its
own package), one module per layer a ruleset plugs into, each holding the names its part
needs and nothing above its layer:

- `journal.plugin` (here): `Plugin`, what a ruleset's entry point names, and `CONTRACT`;
- `journal.plugin.rules`: the pure rules (commands, events, state, the dispatch tables,
  the core's character events, dice, terms, invariants);
- `journal.plugin.telling`: log lines, sentences, the board and status rows;
- `journal.plugin.handouts`: the narrator's hooks and the handouts' documents;
- `journal.plugin.cli`: the command line's helpers.

A ruleset's rules import only `journal.plugin` and `journal.plugin.rules`, so the layer
picture (`tests/architecture/test_layers.py`) puts them with the rules. Each name is
imported from its home once, in the one door module of its layer (`Name as Name`: PEP 484's
explicit re-export, so a plugin checked with `mypy --strict` sees it).

A ruleset declares the contract it was written for (`Plugin(contract=...)`); the journal
refuses one written for another at load, by name. When a name of the door moves, changes
its meaning or its signature, `CONTRACT` goes up by one.
"""

from __future__ import annotations

from journal.rules.plugin import CONTRACT as CONTRACT
from journal.rules.plugin import Plugin as Plugin
