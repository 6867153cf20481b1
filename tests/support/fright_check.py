"""Helpers for the fright-check tests: a table with a cast, dice that sum to a total, and
a from-scratch refold of the recorded events."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from journal.events.registry import Event, from_data, to_data
from journal.projection import Corrections, fold
from journal.rules.core.commands import AddCharacter
from journal.rules.core.state import CampaignState, Meta
from journal.rulesets.fright_check.rules.fright import FrightCheck, FrightChecked
from journal.rulesets.fright_check.rules.state import Modifier
from support.rules_harness import Table, recorded


def faces(total: int, count: int = 3) -> tuple[int, ...]:
    """Dice of `count` d6 showing `total` (e.g. 11 -> (6, 4, 1))."""
    assert count <= total <= 6 * count
    result = []
    remaining = total
    for left in range(count, 0, -1):
        face = min(6, remaining - (left - 1))
        result.append(face)
        remaining -= face
    return tuple(result)


def sheet(will: int = 10, ht: int = 11, iq: int = 12, **extra: Any) -> dict[str, Any]:
    return {"will": will, "ht": ht, "iq": iq, **extra}


def table_with(*cast: tuple[str, Mapping[str, Any]]) -> Table:
    table = Table("fright-check")
    for name, character in cast:
        table.do(AddCharacter(name, dict(character)))
    return table


def mara(**extra: Any) -> Table:
    """A table with Mara: Will 10, HT 11, IQ 12 (plus `extra` sheet keys)."""
    return table_with(("Mara", sheet(**extra)))


def check(
    table: Table, dice: Mapping[str, Sequence[int]] | None = None, **kwargs: Any
) -> FrightChecked:
    kwargs.setdefault("character", "Mara")
    kwargs.setdefault("threat", "ghoul-1")
    (event,) = table.do(FrightCheck(**kwargs), dice=dict(dice or {}))
    assert isinstance(event, FrightChecked)
    return event


def modifier(event: FrightChecked, label_part: str) -> Modifier:
    found = [m for m in event.modifiers if label_part in m.label]
    assert len(found) == 1, (label_part, event.modifiers)
    return found[0]


def stored(payload: Event) -> Event:
    """The payload as the store gives it back: through JSON text and `from_data`."""
    data = json.loads(json.dumps(to_data(payload)))
    return from_data(payload.type, payload.schema, data)


def refold(events: Iterable[tuple[Event, Meta]], voided: Iterable[int] = ()) -> CampaignState:
    """Fold the recorded events from scratch (through the store's JSON), skipping voids:
    the one fold, `journal.projection.fold`, over the events as stored records."""
    return fold(recorded(events), Corrections.voiding(voided))
