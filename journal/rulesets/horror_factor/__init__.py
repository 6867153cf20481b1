"""The Horror Factor sub-system of the Tarafore System (docs/RULES.md, Part 1).

`PLUGIN` ties its parts together, one per layer: `rules/` (pure: its `RULESET`), `telling/`
(log lines, handout sentences, the board and status rows, ruling `--json`), `narrator`
(handout hooks, partials in `templates/`) and `cli` (its commands)."""

from journal.plugin import Plugin

PLUGIN = Plugin(
    name="horror-factor",
    rules="journal.rulesets.horror_factor.rules:RULESET",
    contract=3,
    telling="journal.rulesets.horror_factor.telling:TELLING",
    narrator="journal.rulesets.horror_factor.narrator:NARRATOR",
    cli="journal.rulesets.horror_factor.cli:CLI",
)
