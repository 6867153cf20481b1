"""The typed read model's base: documents are dataclasses whose JSON form (one method,
`to_json`) is exactly what the CLI prints with `--json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from journal.events import plain


class Document:
    """A read-model document: its fields, in order, are its JSON keys."""

    def to_json(self) -> object:
        return plain(self)


class CharacterStatus(Document):
    """One character's numbers in `status --json` (each ruleset defines its own)."""


@dataclass(frozen=True)
class StatusDocument(Document):
    """`journal status --json`: where every character stands."""

    campaign: str
    ruleset: str
    title: str
    seq: int
    session: int | None
    clock: str | None
    characters: Mapping[str, CharacterStatus]
