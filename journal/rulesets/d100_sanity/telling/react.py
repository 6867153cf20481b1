"""How an agent's flee/struggle/submit reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.rulesets.d100_sanity.rules.react import ReactionChosen
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES

VERBS = {"flee": "flees", "struggle": "struggles", "submit": "submits"}

LINES.on(ReactionChosen)(
    lambda p: (
        f"{p.character} {VERBS.get(p.reaction, p.reaction)} (temporary insanity of #{p.for_seq})"
    )
)
SENTENCES.on(ReactionChosen)(
    lambda p, gm: f"{p.character}, temporarily insane, {VERBS.get(p.reaction, p.reaction)}"
)
