"""The contract between the journal and a ruleset's pure rules (its plugin's `rules` part).

A ruleset's rules decide and fold, and nothing else: no I/O, no SQLAlchemy, no Jinja, no
words for people (those are its `telling` part, `journal.telling.contract.Telling`; its
handouts its `narrator`, its commands its `cli`: see `journal.rules.plugin.Plugin`). The
rules are its commands and events, `decide`, `evolve`, the audit's `command_for` (its
recallers), its sheet and options, GM fiat (`adjust`, `amend`), its invariants, who an
event concerns and each character's status numbers.

Decide, evolve, command_for and concerns are dispatches keyed by class
(`journal.rules.dispatch.Dispatch`), so a test proves every event and command covered. A
ruleset's commands and events are the `Command` and `Event` classes its own package
defines, collected when its `Ruleset` subclass is made (`collected`): a command's module
registers its parts by decorator and no list names it (see `journal.rules.modules`).
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeVar

from journal.documents import CharacterStatus, ThreatEntry
from journal.errors import RuleError
from journal.events.canonical import JSONObject
from journal.events.registry import Event, OptionValue
from journal.rules.command import Command
from journal.rules.dispatch import Concerns, Deciders, Evolving, Recallers

if TYPE_CHECKING:
    from journal.dice import DiceBox
    from journal.rules.core.events import Adjustment
    from journal.rules.core.state import CampaignState, Meta, RulesState
    from journal.rules.invariants import Invariant

T = TypeVar("T")


def collected(base: type[T], package: str) -> tuple[type[T], ...]:
    """The subclasses of `base` (at any depth) defined in the package `package` or in one of
    its modules, in the order they were made."""
    found: dict[type[T], None] = {}
    waiting = list(base.__subclasses__())
    while waiting:
        kind = waiting.pop(0)
        if kind.__module__ == package or kind.__module__.startswith(package + "."):
            found.setdefault(kind)
        waiting += kind.__subclasses__()
    return tuple(found)


class Ruleset(ABC):
    """A ruleset's rules. Subclasses set the class attributes and fill the four dispatches
    (`deciders`, `evolvers`, `recallers`, `concerners`). A subclass that names no
    `commands` or `events` gets those its package defines (`collected`): its modules are
    imported first (`journal.rules.modules.load_modules`)."""

    #: the registry name (`campaign new --ruleset NAME`)
    name: ClassVar[str]
    #: the commands whose dice the GM may roll behind the screen (`--sealed`: the core's
    #: `RulingSealed`, `journal unseal`); none by default
    sealable: ClassVar[tuple[type[Command], ...]] = ()
    #: one line for `campaign new --help`
    summary: ClassVar[str]
    #: the version of the rules code; snapshots folded under another are discarded
    rules_version: ClassVar[str]
    #: campaign options and their defaults, recorded in CampaignCreated
    option_defaults: ClassVar[Mapping[str, OptionValue]] = {}
    #: the command classes this ruleset decides (by default, those of its package)
    commands: ClassVar[tuple[type[Command], ...]]
    #: the event classes this ruleset defines (by default, those of its package)
    events: ClassVar[tuple[type[Event], ...]]
    #: every class the ruleset's state holds (`initial()`'s class first; frozen
    #: `msgspec.Struct`s, see `RulesState`, or frozen dataclasses): the only classes a
    #: snapshot of its campaigns may rebuild. None declared: no snapshots, every command
    #: folds the whole log
    state_classes: ClassVar[tuple[type, ...]] = ()

    #: command class -> `(state, command, dice) -> [events]`
    deciders: ClassVar[Deciders[CampaignState]]
    #: event class -> `(state, payload, meta) -> the ruleset's new state` (core events too)
    evolvers: ClassVar[Evolving[CampaignState, Meta, RulesState]]
    #: event class -> `(payload) -> the command that decides it again`, or None (no ruling):
    #: how the audit and the re-rule recall a ruling's command (`command_for`)
    recallers: ClassVar[Recallers]
    #: event class -> `(payload) -> the names it concerns` (`log --character`, handouts);
    #: None: the ruleset words `concerns()` itself
    concerners: ClassVar[Concerns | None] = None
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

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        module = sys.modules.get(cls.__module__)
        package = getattr(module, "__package__", None) or cls.__module__
        if not hasattr(cls, "commands"):
            cls.commands = collected(Command, package)
        if not hasattr(cls, "events"):
            cls.events = collected(Event, package)

    # --- the rules -------------------------------------------------------------------------

    def parse_option(self, key: str, raw: str) -> OptionValue:
        """Validate one `--option K=V` value (RuleError when it does not fit)."""
        known = ", ".join(sorted(self.option_defaults)) or "none"
        raise RuleError(f"{self.name} has no option {key!r} (options: {known})")

    @abstractmethod
    def build_sheet(self, sheet: JSONObject) -> JSONObject:
        """Validate a character sheet from `character add`; the canonical sheet to record."""

    def build_sheet_for(self, state: CampaignState, sheet: JSONObject) -> JSONObject:
        """`build_sheet` for a character joining the campaign `state` (its options: a
        preset may give the sheet other ranges); by default the campaign changes nothing."""
        return self.build_sheet(sheet)

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
        recomputes it; an event that no longer applies (after a void) changes nothing.
        A new state is a copy (`journal.frozen.changed`) sharing every part the event did
        not touch: never mutate one."""
        handler = self.evolvers.handler(type(payload))
        if handler is None:
            assert state.rules is not None
            return state.rules
        return handler(state, payload, meta)

    def command_for(self, payload: Event) -> Command | None:
        """The command behind a ruling, rebuilt from its recorded inputs (for the audit)."""
        handler = self.recallers.handler(type(payload))
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

    def hidden_parts(self, kind: str, data: Mapping[str, object]) -> frozenset[str]:
        """The parts of this ruleset's event `kind` (payload `data`) no players' or
        character's proof discloses, beyond the GM's details no proof discloses of any
        ruleset (`journal.proof.parts`): none by default. A ruleset that keeps numbers from
        the players (a campaign option) keeps them out of their proofs here too."""
        return frozenset()

    def dice_purpose(self, payload: Event) -> str | None:
        """The roll `journal amend SEQ --dice FACES` corrects: by default the ruling's only
        roll (None: it rolled none, or several and the GM names which, `--dice table=...`)."""
        dice = getattr(payload, "dice", None) or {}
        return next(iter(dice)) if len(dice) == 1 else None

    def concerns(self, payload: Event) -> tuple[str, ...]:
        """The characters an event of this ruleset concerns (`log --character`, handouts):
        by its `concerners` (nobody for an event without one)."""
        return () if self.concerners is None else self.concerners.names(payload)

    @abstractmethod
    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        """Each character's numbers (the `characters` of `status --json`)."""

    def status_of(self, state: CampaignState, name: str) -> CharacterStatus | None:
        """`name`'s numbers alone, as `status` has them (None: no such character now). An
        arc asks it at every change of the campaign; a ruleset whose `status` costs one
        character's work per character overrides it."""
        return self.status(state).get(name)

    def completions(self, state: CampaignState, slot: str) -> Sequence[str]:
        """What the GM may type where a command asks for `slot`: "character" (a running
        fight's cast first), or a slot of the ruleset's own commands (its causes, presets,
        threats seen...). Completes the `play` prompt and the shell alike; [] for none."""
        if slot != "character":
            return []
        cast = [name for name in self.fight_cast(state) if name in state.characters]
        return cast + [name for name in state.characters if name not in cast]

    def threats(self, state: CampaignState) -> Sequence[ThreatEntry]:
        """The threats the campaign remembers (`threat list`), each with what it carries;
        none by default (a ruleset whose checks face no named threats)."""
        return ()

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
