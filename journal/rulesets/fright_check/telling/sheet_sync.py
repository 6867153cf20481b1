"""How a sheet brought to its GCS file reads: for the GM every difference and the file (its
name and the start of its SHA-256); for players what changed on the sheet."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.sheet_sync import SheetSynced
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(SheetSynced)
def _synced(p: SheetSynced) -> str:
    return f"{p.character}'s sheet synced from {p.file} (sha256 {p.sha256[:12]}): " + "; ".join(
        p.changes()
    )


@SENTENCES.on(SheetSynced)
def _synced_told(p: SheetSynced, gm: bool) -> str:
    return LINES.line(p) if gm else f"{p.character}'s sheet changes: {'; '.join(p.changes())}"
