"""A stress track 0-10 and a d10 panic roll: an example ruleset for journal.

The whole ruleset is this package, one part per layer of the journal, tied together by
`PLUGIN` (what the entry point names): `rules` (pure: commands, events, state, decide,
evolve, the audit's recallers, concerns, the status numbers; one module a command),
`telling` (log lines, handout sentences, the board and status rows; one module a
command), `narrator` (the handout hooks, with the partials in `templates/`) and `cli`
(its commands and sheet options). Each part takes the journal's names through the door of
its layer (`journal.plugin.rules`, `.telling`, `.handouts`, `.cli`).
"""

from journal.plugin import Plugin

PLUGIN = Plugin(
    name="stress",
    rules="journal_stress.rules:RULESET",
    contract=3,
    telling="journal_stress.telling:TELLING",
    narrator="journal_stress.narrator:NARRATOR",
    cli="journal_stress.cli:CLI",
)
