"""Asking the HTML verifier (a page the `verifier_page` fixture opened) what it says."""

from __future__ import annotations

import json
from typing import Any


def browser_says(page: Any, document: object, kept: str = "") -> str:
    """What the verifier's banner says of `document` (against `kept`, when given)."""
    return str(page.evaluate("([t, k]) => journalCheck(t, k)", [json.dumps(document), kept]))


def browser_verdicts(page: Any, documents: list[object]) -> list[str]:
    """The banner for each document, checked in one call (a property checks hundreds)."""
    found = page.evaluate(
        """async (texts) => {
          const said = [];
          for (const t of texts) said.push(await journalCheck(t, ""));
          return said;
        }""",
        [json.dumps(d) for d in documents],
    )
    return [str(s) for s in found]
