"""d100 sanity: the percentile sanity rules most horror tables play (Call of Cthulhu 7th
edition compatible), with a Delta Green preset (docs/rulesets/d100-sanity.md).

`PLUGIN` ties its parts together, one per layer: `rules/` (pure: its `RULESET`), `telling/`
(log lines, handout sentences, the board and status rows), `narrator` (handout hooks,
partials in `templates/`) and `cli` (its commands)."""

from journal.plugin import Plugin

PLUGIN = Plugin(
    name="d100-sanity",
    rules="journal.rulesets.d100_sanity.rules:RULESET",
    contract=3,
    telling="journal.rulesets.d100_sanity.telling:TELLING",
    narrator="journal.rulesets.d100_sanity.narrator:NARRATOR",
    cli="journal.rulesets.d100_sanity.cli:CLI",
)
