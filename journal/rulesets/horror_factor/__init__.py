"""The Horror Factor sub-system of the Tarafore System (docs/RULES.md, Part 1).

`rules/` is the pure ruleset (its `RULESET`); beside it the parts read by people: `describe`
(log lines), `tell` (handout sentences), `status` (status and board), `documents` (ruling
`--json`), `narrator` (handout hooks, partials in `templates/`) and `cli` (its commands)."""
