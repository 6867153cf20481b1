"""How a shift reads: for the GM its cause and delta; for the players the cause in their
words (the GM's `--as`, the campaign's wording, else the catalog's)."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.shift import HorrorFactorShifted
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES
from journal.rulesets.horror_factor.telling.words import track_line, track_words


@LINES.on(HorrorFactorShifted)
def _shifted(payload: HorrorFactorShifted) -> str:
    who = payload.character or "everyone"
    cause = payload.cause
    if payload.group and payload.character:
        who, cause = "everyone", f"{cause} by {payload.character}"
    given = "" if payload.delta is None or not payload.catalog else " (GM's delta)"
    told = f" (players read: {payload.told})" if payload.told else ""
    return f"HF {payload.applied:+d} for {who}: {cause}{given}{told}: {track_line(payload.changes)}"


@SENTENCES.on(HorrorFactorShifted)
def _shifted_told(payload: HorrorFactorShifted, gm: bool) -> str:
    who, cause = payload.character or "everyone", cause_words(payload)
    if payload.group and payload.character:
        who, cause = "everyone", f"{cause} (by {payload.character})"
    return f"HF {payload.applied:+d} for {who}: {cause} ({track_words(payload.changes)})"


def cause_words(payload: HorrorFactorShifted) -> str:
    """A shift's cause as players read it: the GM's words for it (`--as`), the campaign's
    wording of the catalog cause (`journal wording`), else the text's (`hurt`: "hit and
    hurt by an attack")."""
    if payload.told:
        return payload.told
    if payload.wording:
        return payload.wording
    entry = catalog.CAUSES.get(payload.cause) if payload.catalog else None
    return payload.cause if entry is None else entry.text
