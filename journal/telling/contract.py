"""The contract between the journal and a ruleset's text (its plugin's `telling` part).

A ruleset's telling says how its campaigns read to people, never what they decide: log
lines and handout sentences (dispatches keyed by event class, `journal.rules.dispatch`, so a
test proves every event covered), `explain` labels, the words of a ruling, its dice and
terms for the GM, the `--json` outcome of a ruling command, what the GM should notice, and
the board and `journal status` as structured rows (`journal.documents.BoardGrid`: typed
cells and marks; the CLI renders them to text, a page to HTML).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from journal.documents import (
    BoardCell,
    BoardColumn,
    BoardGrid,
    BoardRow,
    Document,
    StatusDocument,
)
from journal.events.canonical import plain
from journal.events.recorded import Recorded
from journal.events.registry import Event
from journal.events.terms import terms_text
from journal.rules.command import Command
from journal.rules.dispatch import Lines, Sentences

if TYPE_CHECKING:
    from journal.dice import Stake
    from journal.rules.core.state import CampaignState


class Telling:
    """A ruleset's text. Subclasses fill the two dispatches (`lines`, `sentences`) and
    override what they word."""

    #: event class -> `(payload) -> one line for the GM's log`
    lines: ClassVar[Lines]
    #: event class -> `(payload, gm) -> a handout sentence`, or None (told elsewhere)
    sentences: ClassVar[Sentences]
    #: `explain` labels of status keys (`encounter.hf` -> `HF this turn`)
    explain_labels: ClassVar[Mapping[str, str]] = {}
    #: status keys `explain` leaves out of its text (`--json` keeps them)
    explain_hidden: ClassVar[frozenset[str]] = frozenset()
    #: status keys that are history, not numbers: `explain` follows no chain for them
    explain_skipped: ClassVar[frozenset[str]] = frozenset()
    #: event types `explain` lists among a character's rulings though they roll no dice and
    #: carry no terms (an encounter's end, peace): those that concern the character
    explain_rulings: ClassVar[frozenset[str]] = frozenset()
    #: status keys holding a mapping of numbers `explain` follows one by one (`key.name`);
    #: a label `key.*` names them (`{}` is the name)
    explain_expanded: ClassVar[frozenset[str]] = frozenset()
    #: the dice purposes in the order a ruling rolls them: how the GM's copy lists them
    #: (a recorded JSON object keeps no order; others follow, alphabetically)
    dice_order: ClassVar[tuple[str, ...]] = ()

    def describe(self, payload: Event) -> str:
        """One line for the GM: what happened and, for a ruling, its terms and result."""
        handler = self.lines.handler(type(payload))
        return payload.type if handler is None else handler(payload)

    def sentence(self, payload: Event, gm: bool = False) -> str | None:
        """A handout sentence for an event told on its own (players never see dice or
        terms; `gm` may add them); None for events a handout shows elsewhere."""
        handler = self.sentences.handler(type(payload))
        return None if handler is None else handler(payload, gm)

    def status_rows(self, document: StatusDocument) -> BoardGrid:
        """What `journal status` prints under its heading line, as structured rows (the
        CLI renders them): the board as the GM sees it, by default."""
        return self.board_grid(document).seen_by(gm=True)

    def board_grid(self, document: StatusDocument) -> BoardGrid:
        """The board as structured rows (the GM's `play` board and the pages of `journal
        serve`): the fight's grid during a fight, the roster otherwise. A ruleset marks
        the row of a character who froze (`documents.FROZEN`) or has yet to act this turn
        (`documents.WAITING`) and says which columns only the GM sees. This neutral
        default shows each character's plain numbers and words, to everyone."""
        statuses = {name: plain(status) for name, status in document.characters.items()}
        keys: list[str] = []
        for numbers in statuses.values():
            if isinstance(numbers, dict):
                keys += [k for k, v in numbers.items() if _scalar(v) and k not in keys]
        columns = (
            BoardColumn("name", "name"),
            *(BoardColumn(k, k.replace("_", " ")) for k in keys),
        )
        rows = []
        for name, numbers in statuses.items():
            found = numbers if isinstance(numbers, dict) else {}
            cells = [BoardCell.of(found.get(k)) for k in keys]
            rows.append(BoardRow(name, (BoardCell(name), *cells)))
        return BoardGrid(None, None, columns, tuple(rows))

    def outcome(self, records: list[Recorded]) -> Document | None:
        """The `--json` document of a ruling command that has its own (None: the records)."""
        return None

    def notice(self, state: CampaignState, record: Recorded) -> str | None:
        """What the GM should know about a ruling just recorded that its line does not say
        (`state`: the campaign after it), printed apart from the log line; None: nothing."""
        return None

    def choice_words(self, state: CampaignState, slot: str, value: str) -> str:
        """A few words of what `value` is, offered where a command asks for `slot` (the
        `play` prompt's completion menu, a shell's): a threat's modifiers and kind, a
        trait's points, a cause's shift; "" says nothing more. The journal words its own
        slots (characters, seqs, audiences, sessions)."""
        return ""

    def dice_label(
        self,
        state: CampaignState,
        command: Command,
        purpose: str,
        count: int,
        sides: int,
        stake: Stake | None = None,
    ) -> str:
        """How the GM is asked for a roll the ruling needs: whose, which, and what it must
        beat (`Eli's check: 3d6, needs 8 or less`)."""
        return f"{purpose}: {count}d{sides}" + (stake.words() if stake else "")

    def ruling_words(self, record: Recorded) -> str:
        """A recorded ruling named in a few words, for lists of rulings (a void, a re-rule,
        the audit): `Tommy's initiative +1/-9`. The default names its type and character."""
        from journal.text import type_words

        who = record.data.get("character")
        words = type_words(record.type)
        if record.type == "NumbersAdjusted":
            words, who = f"the GM's ruling for {who}", None
        if record.type in ("NoteTaken", "SecretNoted", "VeiledNoteTaken"):
            text = str(record.data.get("text", ""))
            words = f"note “{text[:40]}{'…' if len(text) > 40 else ''}”"
        named = f"{who}'s {words}" if isinstance(who, str) and who else words
        reason = record.data.get("reason")
        return f"{named}: {reason}" if isinstance(reason, str) and reason else named

    def dice_text(self, purpose: str, faces: tuple[int, ...]) -> str:
        """Faces as the GM writes them (`3,4,5`; a ruleset may write `+5/-6`)."""
        return ",".join(map(str, faces))

    def gm_terms(self, record: Recorded) -> str | None:
        """A ruling's terms for the GM's handout (`Reaction 12, ... = 14`), as `explain`
        shows them."""
        return terms_text(record.data)


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, int | str | bool)


@cache
def telling_of(name: str) -> Telling:
    """The installed ruleset `name`'s text (its plugin's `telling` part)."""
    from journal.rules import plugin_of

    found = plugin_of(name)
    part = found.part("telling")
    if not isinstance(part, Telling):
        raise found.not_a("telling", "journal.telling.contract.Telling")
    return part
