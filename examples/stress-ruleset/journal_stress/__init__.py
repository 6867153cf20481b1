"""A stress track 0-10 and a d10 panic roll: an example ruleset for journal.

The whole ruleset is this package: `rules` (commands, events, state, decide, evolve,
the audit's rebuilt commands, log lines and handout sentences), `narrator` (the handout
hooks, with the partials in `templates/`) and `cli` (its commands and sheet options).
"""

from journal_stress.rules import RULESET, Panic, PanicRolled, Stress, StressChanged

__all__ = ["RULESET", "Panic", "PanicRolled", "Stress", "StressChanged"]
