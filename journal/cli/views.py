"""Documents the reading commands print: built once, shown as text or JSON."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from journal.app import Journal
from journal.events import Recorded
from journal.narrate import concerns, describe
from journal.rules import load
from journal.rules.core import CampaignState


def status_document(state: CampaignState) -> dict[str, Any]:
    ruleset = load(state.ruleset)
    return {
        "campaign": state.slug,
        "ruleset": state.ruleset,
        "title": state.title,
        "seq": state.seq,
        "session": state.session,
        "clock": state.clock,
        "characters": ruleset.status(state),
    }


def log_entries(
    journal: Journal,
    records: Iterable[Recorded],
    voided: frozenset[int],
    *,
    session: int | None = None,
    character: str | None = None,
) -> Iterable[tuple[Recorded, str, bool]]:
    """(record, one-line description, voided?) for each record that passes the filters."""
    ruleset = journal.ruleset
    for record in records:
        if session is not None and record.session != session:
            continue
        if character is not None and character not in concerns(record.payload, ruleset):
            continue
        yield record, describe(record, ruleset), record.seq in voided


def character_view(journal: Journal, state: CampaignState, name: str) -> dict[str, Any]:
    current = load(state.ruleset).status(state).get(name, {})
    records, voided = journal.history(state.seq)
    lines = [
        f"#{record.seq} {text}" + (" (voided)" if is_void else "")
        for record, text, is_void in log_entries(journal, records, voided, character=name)
    ]
    return {"name": name, **current, "events": lines}
