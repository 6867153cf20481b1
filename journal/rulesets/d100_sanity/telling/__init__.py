"""How d100 sanity campaigns read: `TELLING` (see `journal.telling.contract.Telling`).

A command's telling is one module of this package, named as the command's rules module
(`sanity.py`, `bout.py`, ...): its events' log lines on `tables.LINES` and handout
sentences on `tables.SENTENCES`. `load_modules` imports every module, so no list names
them. `board` holds the board and the status rows, `documents` `sanity --json`, `words`
what the lines and sentences share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from journal.plugin.rules import Command, Document, Ruleset, load_modules
from journal.plugin.telling import BoardGrid, Lines, Recorded, Sentences, StatusDocument, Telling

load_modules(__name__)

from journal.rulesets.d100_sanity.telling import board as _board  # noqa: E402
from journal.rulesets.d100_sanity.telling import documents as _documents  # noqa: E402
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES  # noqa: E402

if TYPE_CHECKING:
    from journal.plugin.rules import CampaignState, Stake

#: how the GM is asked for each roll, in the order a ruling needs them
DICE_WORDS = {
    "sanity": "sanity roll",
    "loss": "loss",
    "project": "projection onto a bond",
    "int": "INT roll (5 or more lost)",
    "hours": "hours of temporary insanity",
    "months": "months of indefinite insanity",
    "length": "bout of madness",
    "entry": "roll on the table",
    "award": "SAN award",
    "therapy": "therapy roll",
}


#: what the journal asks the GM for when a ruling leaves it owed
ASKS = {
    "bout": "{name} has a bout of madness: record it with `journal bout {name} --what TEXT` "
    "(or --table FILE; --summary for one told away from the table)",
    "disorder": "{name} reached a breaking point: name the disorder with "
    "`journal disorder {name} TEXT`",
    "cost": "{name} adapted to {kind}: record what it cost with `journal adapt {name} --cost TEXT`",
    "reaction": "{name} is temporarily insane: record the player's choice with "
    "`journal react {name} flee|struggle|submit`",
}


class SanityTelling(Telling):
    lines: ClassVar[Lines] = LINES
    sentences: ClassVar[Sentences] = SENTENCES
    explain_labels = _board.EXPLAIN_LABELS
    explain_hidden = _board.EXPLAIN_HIDDEN
    explain_skipped = _board.EXPLAIN_SKIPPED
    explain_expanded = _board.EXPLAIN_EXPANDED
    explain_rulings = frozenset(
        {"InsanityEnded", "DisorderGained", "ReactionChosen", "AdaptationCosted"}
    )
    dice_order = tuple(DICE_WORDS)

    def board_grid(self, document: StatusDocument) -> BoardGrid:
        return _board.board_grid(document)

    def outcome(self, records: list[Recorded]) -> Document | None:
        return _documents.outcome(records)

    def notice(self, state: CampaignState, record: Recorded) -> str | None:
        """What a ruling leaves the GM to record, and the command that records it."""
        from journal.rulesets.d100_sanity.rules.lookup import rules_of

        who = getattr(record.payload, "character", None)
        found = rules_of(state).characters.get(who) if isinstance(who, str) else None
        if found is None:
            return None
        owed = [d for d in found.owing(state.clock, state.session) if d.seq == record.seq]
        asks = [ASKS[d.what].format(name=found.name, kind=d.kind) for d in owed if d.what in ASKS]
        return "; ".join(asks) or None

    def ruling_words(self, record: Recorded) -> str:
        data = record.data
        who = data.get("character")
        if record.type == "SanityRolled":
            threat = data.get("threat")
            against = f" against {threat}" if isinstance(threat, str) else ""
            lost = data.get("total")
            return (
                f"{who}'s sanity roll{against} ({data.get('loss')}): d100 {data.get('roll')}, "
                f"{lost} lost"
            )
        if record.type == "BoutRecorded":
            return f"{who}'s bout of madness"
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
        """`Mara's sanity roll: d100, needs 43 or less; loss 1/1d6`."""
        who = getattr(command, "character", None)
        who = Ruleset.spelled(state, who) if isinstance(who, str) else None
        if purpose.startswith("award "):
            who, what = purpose.removeprefix("award "), "SAN award"
        else:
            what = DICE_WORDS.get(purpose, purpose)
        dice = "d100" if (count, sides) == (1, 100) else f"{count}d{sides}"
        if stake is not None and stake.about:
            what = f"{what} ({stake.about})"
        text = (f"{who}'s " if who else "") + f"{what}: {dice}" + (stake.words() if stake else "")
        loss = getattr(command, "loss", None)
        if purpose == "sanity" and isinstance(loss, str):
            text += f"; loss {loss}"
        return text


TELLING = SanityTelling()
