"""How GURPS Fright Check campaigns read: `TELLING` (see `journal.telling.contract.Telling`).

A command's telling is one module of this package, named as its rules' module (`fright`,
`trait`, `recover`, ...): its events' log lines on `tables.LINES` and handout sentences on
`tables.SENTENCES`. Every module here is loaded (`load_modules`), so no list names them.
What several share has a module of its own: `effects` (a row's effects in words), `board`
(the board and the status rows, `explain` labels), `documents` (`fright --json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from journal.plugin.rules import Command, Document, Ruleset, load_modules
from journal.plugin.telling import BoardGrid, Lines, Recorded, Sentences, StatusDocument, Telling
from journal.rulesets.fright_check.rules.change_row import FrightRowChanged
from journal.rulesets.fright_check.rules.fright import FrightChecked
from journal.rulesets.fright_check.rules.recover import RecoveryRolled
from journal.rulesets.fright_check.telling import board as _board
from journal.rulesets.fright_check.telling import documents as _documents
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES

load_modules(__name__)

if TYPE_CHECKING:
    from journal.plugin.rules import CampaignState, Stake


#: how the GM is asked for each roll of a Fright Check, in the order the ruling needs them
DICE_WORDS: Mapping[str, str] = {
    "will": "Fright Check",
    "table": "Fright Check Table (it failed)",
    "stun": "stun",
    "fp": "FP lost",
    "faint": "faint",
    "panic": "panic",
    "coma": "coma",
    "catatonia": "catatonia",
    "seizure": "seizure",
    "seizure_fp": "seizure FP lost",
    "ht": "HT roll",
    "injury": "injury",
    "reaction": "panic reaction",
}

#: how the GM is asked for a recovery's rolls (a coma's, a catatonia's, ...)
RECOVERY_WORDS: Mapping[str, str] = {
    "more": "further time out (the recovery roll failed)",
}


class FrightCheckTelling(Telling):
    lines: ClassVar[Lines] = LINES
    sentences: ClassVar[Sentences] = SENTENCES
    explain_labels = _board.EXPLAIN_LABELS
    explain_hidden = _board.EXPLAIN_HIDDEN
    explain_skipped = _board.EXPLAIN_SKIPPED
    #: the check's 3d6, the table's, then each effect's (a recovery roll's own after)
    dice_order = (*DICE_WORDS, "recovery", "more")

    def board_grid(self, document: StatusDocument) -> BoardGrid:
        return _board.board_grid(document)

    def outcome(self, records: list[Recorded]) -> Document | None:
        return _documents.outcome(records)

    def choice_words(self, state: CampaignState, slot: str, value: str) -> str:
        """A trait's holders as their sheets hold it (`Cole: Cowardice (-10 points,
        self-control 12)`), or that the journal knows it (it moves a Fright Check)."""
        if slot != "trait":
            return ""
        from journal.rulesets.fright_check.rules.lookup import rules_of
        from journal.rulesets.fright_check.rules.sheet_edits import held
        from journal.rulesets.fright_check.rules.traits import known

        holders = [
            (who.name, found)
            for who in rules_of(state).characters.values()
            if (found := held(who, value)) is not None
        ]
        if len(holders) == 1:
            return f"{holders[0][0]}: {holders[0][1].words()}"
        if holders:
            return "held by " + ", ".join(name for name, _ in holders)
        return "moves a Fright Check" if known(value) is not None else ""

    def ruling_words(self, record: Recorded) -> str:
        payload = record.payload
        if isinstance(payload, FrightChecked):
            return f"{payload.character}'s Fright Check against {payload.threat}"
        if isinstance(payload, RecoveryRolled):
            return f"{payload.character}'s recovery roll"
        if isinstance(payload, FrightRowChanged):
            return f"the GM's row {payload.row} for {payload.character}'s check #{payload.for_seq}"
        return super().ruling_words(record)

    def dice_label(
        self,
        state: CampaignState,
        command: Command,
        purpose: str,
        count: int,
        sides: int,
        stake: Stake | None = None,
    ) -> str:
        who = getattr(command, "character", None)
        who = Ruleset.spelled(state, who) if isinstance(who, str) else None
        if purpose == "table" and stake is not None and stake.bonus is not None:
            failed = f"{who} failed by {stake.bonus}" if who else f"failed by {stake.bonus}"
            return f"{failed}: the table's {count}d{sides} ({stake.bonus:+d})"
        what = DICE_WORDS.get(purpose) or RECOVERY_WORDS.get(purpose, purpose)
        if stake is not None and stake.about:
            what = f"{what} from {stake.about}"
        words = stake.words() if stake else ""
        return (f"{who}'s " if who else "") + f"{what}: {count}d{sides}{words}"


TELLING = FrightCheckTelling()
