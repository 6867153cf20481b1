"""The GURPS Fright Check (docs/RULES.md, Part 2).

`PLUGIN` ties its parts together, one per layer: `rules/` (pure: its `RULESET`), `telling/`
(log lines, handout sentences, the board and status rows, `fright --json`), `narrator`
(handout hooks, partials in `templates/`) and `cli` (its commands)."""

from journal.plugin import Plugin

PLUGIN = Plugin(
    name="fright-check",
    rules="journal.rulesets.fright_check.rules:RULESET",
    contract=3,
    telling="journal.rulesets.fright_check.telling:TELLING",
    narrator="journal.rulesets.fright_check.narrator:NARRATOR",
    cli="journal.rulesets.fright_check.cli:CLI",
)
