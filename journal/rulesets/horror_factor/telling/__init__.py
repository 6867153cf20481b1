"""How Horror Factor campaigns read: `TELLING` (see `journal.telling.contract.Telling`).

A command's telling is one module of this package, named as its rules' module
(`initiative`, `check`, ...): its events' log lines on `tables.LINES` and handout sentences
on `tables.SENTENCES`. Every module here is loaded (`load_modules`), so no list names them.
What several share has a module of its own: `words` (a d10 pair, the HF track moved),
`board` (the board and the status rows, `explain` labels), `documents` (ruling `--json`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from journal.plugin.rules import Command, Document, Ruleset, load_modules
from journal.plugin.telling import (
    BoardGrid,
    Lines,
    Recorded,
    Sentences,
    StatusDocument,
    Telling,
    describe_terms,
)
from journal.rulesets.horror_factor.rules.check import HorrorChecked
from journal.rulesets.horror_factor.rules.drop import EnemyDropped
from journal.rulesets.horror_factor.rules.encounter_end import EncounterEnded
from journal.rulesets.horror_factor.rules.encounter_start import EncounterStarted
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled
from journal.rulesets.horror_factor.rules.shift import HorrorFactorShifted
from journal.rulesets.horror_factor.rules.soak import WillpowerSoaked
from journal.rulesets.horror_factor.rules.state import rules_of
from journal.rulesets.horror_factor.telling import board as _board
from journal.rulesets.horror_factor.telling import documents as _documents
from journal.rulesets.horror_factor.telling.check import check_verdict
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES
from journal.rulesets.horror_factor.telling.words import pair

load_modules(__name__)

if TYPE_CHECKING:
    from journal.plugin.rules import CampaignState, Stake


class HorrorFactorTelling(Telling):
    lines: ClassVar[Lines] = LINES
    sentences: ClassVar[Sentences] = SENTENCES
    explain_labels = _board.EXPLAIN_LABELS
    explain_hidden = _board.EXPLAIN_HIDDEN
    explain_expanded = _board.EXPLAIN_EXPANDED
    explain_rulings = frozenset({"EncounterEnded", "PeaceRecorded"})

    def board_grid(self, document: StatusDocument) -> BoardGrid:
        return _board.board_grid(document)

    def dice_label(
        self,
        state: CampaignState,
        command: Command,
        purpose: str,
        count: int,
        sides: int,
        stake: Stake | None = None,
    ) -> str:
        if (count, sides) != (2, 10):
            return super().dice_label(state, command, purpose, count, sides, stake)
        who = getattr(command, "character", None)
        if isinstance(who, str):
            who = Ruleset.spelled(state, who)
        what = {"initiative": "initiative", "check": "Horror Check"}.get(purpose, purpose)
        label = f"{who}'s {what}: +d10 -d10" if isinstance(who, str) else f"{what}: +d10 -d10"
        if stake is None or stake.at_least is None:
            return label
        verb = "acts" if purpose == "initiative" else "passes"
        return f"{label}, {verb} at {stake.at_least:+d} or better"

    def outcome(self, records: list[Recorded]) -> Document | None:
        return _documents.outcome(records)

    def notice(self, state: CampaignState, record: Recorded) -> str | None:
        payload = record.payload
        encounter = rules_of(state).encounter
        if not isinstance(payload, WillpowerSoaked) or encounter is None:
            return None
        who = encounter.participants.get(payload.character)
        if who is None or who.initiative is None or encounter.turn != payload.turn:
            return None
        return (
            f"{payload.character} rolled initiative this turn before soaking: the roll "
            f"({who.initiative}) stands; the soak lowers the action penalty from now on"
        )

    def choice_words(self, state: CampaignState, slot: str, value: str) -> str:
        """A Hardness specialization's holders with its value (`Ariella 2, Linda 3`)."""
        if slot != "trait":
            return ""
        held = [
            f"{who.name} {who.specializations[value]}"
            for who in rules_of(state).characters.values()
            if value in who.specializations
        ]
        return f"Hardness ({value}): {', '.join(held)}" if held else ""

    def ruling_words(self, record: Recorded) -> str:
        payload = record.payload
        if isinstance(payload, InitiativeRolled | HorrorChecked):
            initiative = isinstance(payload, InitiativeRolled)
            roll = payload.dice.get("initiative" if initiative else "check")
            what = "initiative" if initiative else "Horror Check"
            return f"{payload.character}'s {what}" + (f" {pair(roll.faces)}" if roll else "")
        if isinstance(payload, WillpowerSoaked):
            return f"{payload.character}'s soak of {payload.points}"
        if isinstance(payload, HorrorFactorShifted):
            return f"HF {payload.applied:+d} for {payload.character or 'everyone'}: {payload.cause}"
        if isinstance(payload, EnemyDropped):
            return f"{payload.character}'s drop of an enemy"
        if isinstance(payload, EncounterStarted):
            return f"the start of encounter {payload.title!r}"
        if isinstance(payload, EncounterEnded):
            return f"the end of encounter {payload.title!r}"
        return super().ruling_words(record)

    def dice_text(self, purpose: str, faces: tuple[int, ...]) -> str:
        return (
            pair(faces) if purpose in ("initiative", "check") else super().dice_text(purpose, faces)
        )

    def gm_terms(self, record: Recorded) -> str | None:
        payload = record.payload
        if isinstance(payload, EncounterStarted):
            return describe_terms(payload.terms, payload.hf) if payload.terms else None
        if isinstance(payload, WillpowerSoaked):
            return "; ".join(f"penalty {label} = {value}" for label, value in payload.terms)
        text = super().gm_terms(record)
        if text is not None and isinstance(payload, HorrorChecked):
            return f"{text} vs {payload.target}: {_check_terms(payload)}"
        return text


def _check_terms(payload: HorrorChecked) -> str:
    """A Horror Check's verdict for the GM; the exceptional-failure edge only on a failure."""
    verdict = check_verdict(payload.result)
    if payload.result == "pass":
        return verdict
    edge = payload.target - payload.exceptional_margin
    if payload.result == "fail":
        return f"{verdict} (exceptional at {edge} or less)"
    return f"{verdict} ({edge} or less)"


TELLING = HorrorFactorTelling()
