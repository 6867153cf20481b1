"""What every ruleset shares, one module per job: `events`, `commands`, `state`, `decide`
(the core's decider), `evolve` (its fold) and `recall` (the command behind a core ruling,
for the audit). The ruleset's own state sits in `CampaignState.rules`, folded by the
ruleset (see `journal.rules.ruleset.Ruleset`)."""
