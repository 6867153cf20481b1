"""The contract between the journal and a ruleset.

A ruleset is one package that owns everything about its rules. It exposes one `Ruleset`
object through the entry-point group `journal.rulesets` (see `journal.rules.load`):

- the rules, pure (no I/O, no SQLAlchemy, no Jinja): its commands and events, `decide`,
  `evolve`, the audit's `command_for`, its sheet and options;
- how it reads to people: log lines, `status` (a typed document and a text table),
  `explain` labels, player sentences for handouts, the handout hooks and template
  partials (`narrator`), the GM's dice and terms;
- its command-line commands and the `character add` options of its sheet (`cli`).

Decide, evolve, command_for, describe and sentence are tables keyed by class
(`journal.rules.dispatch.Dispatch`), so a test proves every event and command covered.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from journal.documents import (
    BoardCell,
    BoardColumn,
    BoardLine,
    BoardRow,
    BoardTable,
    CharacterStatus,
    Document,
    StatusDocument,
)
from journal.errors import RuleError
from journal.events.canonical import JSONObject, plain
from journal.events.recorded import Recorded
from journal.events.registry import Event, OptionValue
from journal.events.terms import terms_text
from journal.rules.command import Command
from journal.rules.dispatch import Deciders, Evolving, Lines, Recallers, Sentences

if TYPE_CHECKING:
    from types import ModuleType

    from journal.dice import DiceBox, Stake
    from journal.rules.core import Adjustment, CampaignState, Meta, RulesState
    from journal.rules.invariants import Invariant


class Ruleset(ABC):
    """A ruleset. Subclasses set the class attributes and fill the five tables."""

    #: the registry name (`campaign new --ruleset NAME`)
    name: ClassVar[str]
    #: one line for `campaign new --help`
    summary: ClassVar[str]
    #: the version of the rules code; snapshots folded under another are discarded
    rules_version: ClassVar[str]
    #: campaign options and their defaults, recorded in CampaignCreated
    option_defaults: ClassVar[Mapping[str, OptionValue]] = {}
    #: the command classes this ruleset decides
    commands: ClassVar[tuple[type[Command], ...]]
    #: the event classes this ruleset defines
    events: ClassVar[tuple[type[Event], ...]]
    #: every dataclass the ruleset's state holds (`initial()`'s class first): the only
    #: classes a snapshot of its campaigns may rebuild. None declared: no snapshots, every
    #: command folds the whole log
    state_classes: ClassVar[tuple[type, ...]] = ()
    #: the dice purposes in the order a ruling rolls them: how the GM's copy lists them
    #: (a recorded JSON object keeps no order; others follow, alphabetically)
    dice_order: ClassVar[tuple[str, ...]] = ()

    #: command class -> `(state, command, dice) -> [events]`
    deciders: ClassVar[Deciders[CampaignState]]
    #: event class -> `(state, payload, meta) -> the ruleset's new state` (core events too)
    evolvers: ClassVar[Evolving[CampaignState, Meta, RulesState]]
    #: event class -> `(payload) -> the command that decides it again`, or None (no ruling)
    rebuilders: ClassVar[Recallers]
    #: event class -> `(payload) -> one line for the GM's log`
    lines: ClassVar[Lines]
    #: event class -> `(payload, gm) -> a handout sentence`, or None (told elsewhere)
    sentences: ClassVar[Sentences]

    #: the module with the ruleset's click commands (`commands()`) and sheet options
    cli_module: ClassVar[str | None] = None
    #: the module with the ruleset's handout hooks (`NARRATOR`)
    narrator_module: ClassVar[str | None] = None
    #: `explain` labels of status keys (`encounter.hf` -> `HF this turn`)
    explain_labels: ClassVar[Mapping[str, str]] = {}
    #: status keys `explain` leaves out of its text (`--json` keeps them)
    explain_hidden: ClassVar[frozenset[str]] = frozenset()
    #: status keys that are history, not numbers: `explain` follows no chain for them
    explain_skipped: ClassVar[frozenset[str]] = frozenset()
    #: the numbers the GM may set by fiat (`journal adjust`), with what each takes
    adjustable: ClassVar[Mapping[str, str]] = {}
    #: fields of its events that word a ruling or record the option it was decided under
    #: (a threshold's text), not its outcome: a what-if audit (`audit --option`) counts a
    #: ruling that differs only in these apart, as wording
    wording: ClassVar[frozenset[str]] = frozenset()
    #: what every state of its campaigns holds (the audit checks each state against these
    #: and the core's, `journal.rules.invariants`)
    invariants: ClassVar[tuple[Invariant, ...]] = ()
    #: the recorded inputs of a ruling the GM may correct in place (`journal amend SEQ
    #: --NAME VALUE`), with what each takes: see `amend()`
    amendable: ClassVar[Mapping[str, str]] = {}
    #: status keys holding a mapping of numbers `explain` follows one by one (`key.name`);
    #: a label `key.*` names them (`{}` is the name)
    explain_expanded: ClassVar[frozenset[str]] = frozenset()

    # --- the rules -------------------------------------------------------------------------

    def parse_option(self, key: str, raw: str) -> OptionValue:
        """Validate one `--option K=V` value (RuleError when it does not fit)."""
        known = ", ".join(sorted(self.option_defaults)) or "none"
        raise RuleError(f"{self.name} has no option {key!r} (options: {known})")

    @abstractmethod
    def build_sheet(self, sheet: JSONObject) -> JSONObject:
        """Validate a character sheet from `character add`; the canonical sheet to record."""

    @abstractmethod
    def initial(self) -> RulesState:
        """The ruleset's state before any event."""

    def decide(self, state: CampaignState, command: Command, dice: DiceBox) -> list[Event]:
        """The events a command produces, or a RuleError in the GM's words."""
        handler = self.deciders.handler(type(command))
        if handler is None:
            raise RuleError(f"{self.name} has no {type(command).__name__} command")
        return handler(state, command, dice)

    def evolve(self, state: CampaignState, payload: Event, meta: Meta) -> RulesState:
        """Fold one event into `state.rules`. Applies what the event recorded, never
        recomputes it; an event that no longer applies (after a void) changes nothing."""
        handler = self.evolvers.handler(type(payload))
        if handler is None:
            assert state.rules is not None
            return state.rules
        return handler(state, payload, meta)

    def command_for(self, payload: Event) -> Command | None:
        """The command behind a ruling, rebuilt from its recorded inputs (for the audit)."""
        handler = self.rebuilders.handler(type(payload))
        return None if handler is None else handler(payload)

    def adjust(self, state: CampaignState, character: str, number: str, value: str) -> Adjustment:
        """GM fiat: `number` of `character` set from `value` as typed (a change such as
        `-1`, or a value); a RuleError when the number or the value does not fit."""
        known = ", ".join(self.adjustable) or "none"
        raise RuleError(f"{self.name} has no number {number!r} to adjust (it has: {known})")

    def amend(self, payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
        """`command` (the one `command_for(payload)` rebuilt) with the inputs the GM corrects
        (`amendable` names -> values as typed); a RuleError when one does not fit that
        ruling. Only called with inputs to correct."""
        known = ", ".join(f"--{k.replace('_', '-')}" for k in self.amendable) or "none"
        given = ", ".join(f"--{k.replace('_', '-')}" for k in inputs)
        raise RuleError(f"{given} cannot correct that ruling, {payload.type} (inputs: {known})")

    def dice_purpose(self, payload: Event) -> str | None:
        """The roll `journal amend SEQ --dice FACES` corrects: by default the ruling's only
        roll (None: it rolled none, or several and the GM names which, `--dice table=...`)."""
        dice = getattr(payload, "dice", None) or {}
        return next(iter(dice)) if len(dice) == 1 else None

    # --- how it reads ----------------------------------------------------------------------

    def describe(self, payload: Event) -> str:
        """One line for the GM: what happened and, for a ruling, its terms and result."""
        handler = self.lines.handler(type(payload))
        return payload.type if handler is None else handler(payload)

    def sentence(self, payload: Event, gm: bool = False) -> str | None:
        """A handout sentence for an event told on its own (players never see dice or
        terms; `gm` may add them); None for events a handout shows elsewhere."""
        handler = self.sentences.handler(type(payload))
        return None if handler is None else handler(payload, gm)

    @abstractmethod
    def concerns(self, payload: Event) -> tuple[str, ...]:
        """The characters an event of this ruleset concerns (`log --character`, handouts)."""

    @abstractmethod
    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        """Each character's numbers (the `characters` of `status --json`)."""

    @abstractmethod
    def status_table(self, document: StatusDocument) -> str:
        """The text `journal status` prints under its heading line."""

    def outcome(self, records: list[Recorded]) -> Document | None:
        """The `--json` document of a ruling command that has its own (None: the records)."""
        return None

    def notice(self, state: CampaignState, record: Recorded) -> str | None:
        """What the GM should know about a ruling just recorded that its line does not say
        (`state`: the campaign after it), printed apart from the log line; None: nothing."""
        return None

    def board(self, document: StatusDocument) -> tuple[BoardLine, ...]:
        """The live board of `journal play`, a line at a time: `board_table` as text."""
        return self.board_table(document).lines()

    def board_table(self, document: StatusDocument) -> BoardTable:
        """The board as structured rows (the GM's `play` board and the pages of `journal
        serve`): the fight's table during a fight, the roster otherwise. A ruleset marks
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
        return BoardTable(None, None, columns, tuple(rows))

    def completions(self, state: CampaignState, slot: str) -> Sequence[str]:
        """What the GM may type where a command asks for `slot`: "character" (a running
        fight's cast first), or a slot of the ruleset's own commands (its causes, presets,
        threats seen...). Completes the `play` prompt and the shell alike; [] for none."""
        if slot != "character":
            return []
        cast = [name for name in self.fight_cast(state) if name in state.characters]
        return cast + [name for name in state.characters if name not in cast]

    def fight_cast(self, state: CampaignState) -> Sequence[str]:
        """Who is in the running fight, in order (completed first); nobody by default."""
        return ()

    @staticmethod
    def spelled(state: CampaignState, name: str) -> str:
        """`name` as the campaign spells it when it is a character's (for the GM's prompts;
        as typed otherwise)."""
        if name.casefold() in map(str.casefold, state.characters):
            return state.character(name)
        return name

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
        if record.type == "NoteTaken":
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

    # --- the parts that live at the presentation layers, loaded when needed ----------------

    def cli(self) -> ModuleType | None:
        """The ruleset's command-line module: `commands()` -> {name: click command},
        `sheet_options()` -> click options for `character add`, `sheet(given)`."""
        return None if self.cli_module is None else importlib.import_module(self.cli_module)

    def narrator(self) -> object | None:
        """The ruleset's handout hooks (see `journal.handouts.hooks.Narrator`)."""
        if self.narrator_module is None:
            return None
        return importlib.import_module(self.narrator_module).NARRATOR  # type: ignore[no-any-return]

    @property
    def folder(self) -> Path:
        """The ruleset's package folder (its code fingerprint, its template partials)."""
        module = importlib.import_module(type(self).__module__)
        return Path(str(module.__file__)).resolve().parent

    @property
    def templates(self) -> Path | None:
        """The folder of the ruleset's template partials (`ruleset/...` in templates)."""
        for folder in (self.folder / "templates", self.folder.parent / "templates"):
            if folder.is_dir():
                return folder
        return None


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, int | str | bool)
