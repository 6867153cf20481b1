"""How an adaptation's cost reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.rulesets.d100_sanity.rules.adapt import AdaptationCosted
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES

LINES.on(AdaptationCosted)(
    lambda p: f"{p.character} adapted to {p.kind} (#{p.for_seq}), at a cost: {p.cost}"
)
SENTENCES.on(AdaptationCosted)(
    lambda p, gm: f"{p.character} has grown used to {p.kind}, at a cost: {p.cost}"
)
