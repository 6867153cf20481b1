"""How the end of an insanity reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.rulesets.d100_sanity.rules.lucid import InsanityEnded
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES


def _kinds(p: InsanityEnded) -> str:
    return " and ".join(dict.fromkeys(f"{k} insanity" for k in p.kinds))


@LINES.on(InsanityEnded)
def _line(p: InsanityEnded) -> str:
    began = ", ".join(f"#{seq}" for seq in p.ended)
    return f"{p.character}'s {_kinds(p)} ends (from {began}): {p.reason}"


SENTENCES.on(InsanityEnded)(lambda p, gm: f"{p.character}'s {_kinds(p)} ends: {p.reason}")
