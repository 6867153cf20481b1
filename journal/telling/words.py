"""Signs every ruleset's text shares."""

from __future__ import annotations

#: a number that changed, in a sentence for people (`Hardness 5 → 4`)
ARROW = "→"
