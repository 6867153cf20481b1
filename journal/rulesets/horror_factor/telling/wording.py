"""How a change of wording reads: a line for the GM; the GM's housekeeping, no handout."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.wording import WordingSet
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(WordingSet)
def _worded(payload: WordingSet) -> str:
    if payload.text is None:
        return f"Players read {payload.cause!r} in the catalog's words again"
    return f"Players read {payload.cause!r} as: {payload.text}"


SENTENCES.on(WordingSet)(lambda payload, gm: None)  # the GM's housekeeping: no handout
