"""The journal's own rulesets, one package each, registered like any plugin (see
`journal.rules`)."""
