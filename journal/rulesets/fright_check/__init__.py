"""The GURPS Fright Check (docs/RULES.md, Part 2).

`rules/` is the pure ruleset (its `RULESET`); beside it the parts read by people: `describe`
(log lines), `tell` (handout sentences), `status` (status and board), `documents` (ruling
`--json`), `narrator` (handout hooks, partials in `templates/`) and `cli` (its commands)."""
