"""d100 sanity (the percentile sanity rules most horror tables play, with a Delta Green
preset), its pure rules: `RULESET` (see `journal.rules.ruleset.Ruleset`), read from
`SANITY-d100.md` in our own words (docs/d100-sanity.md).

A command lives in one module of this package, named as the GM types it (`sanity`, `bout`,
`disorder`, `lucid`, `react`, `adapt`, `award`, `scenario_start`, `scenario_end`,
`therapy`, `mythos`): its command, its events, and their decider, fold, recaller and
concerns, each registered by decorator on the tables of `tables` (`DECIDE`, `EVOLVE`,
`RECALL`, `CONCERNS`). `load_modules` imports every module before `RULESET` is made, and
the ruleset's commands and events are the classes this package defines: no list names them.

What several commands share has a module of its own: `state`, `sheet`, `options`,
`expressions` (dice expressions and `S/F` losses), `gm_tables` (the GM's own tables),
`lookup`, `recovery` (SAN gained), `status`, `invariants`, `fiat` (`adjust`), `corrected`
(`amend`).

Dice purposes: `sanity` (the d100 against SAN), `loss` (the loss's dice), `int` (the INT
roll after 5 or more lost), `hours` and `months` (a temporary or indefinite insanity's
length), `project` (the 1d4 projected onto a bond), `length` and `entry` (a bout's 1d10 and
the roll on the GM's table), `award` and `award NAME` (an award's dice), `therapy` (the
dice of a month's roll, as entered).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from journal.plugin.rules import (
    Adjustment,
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    CharacterStatus,
    Command,
    Concerns,
    Deciders,
    Event,
    Evolvers,
    JSONObject,
    Meta,
    NumbersAdjusted,
    OptionValue,
    Recallers,
    Ruleset,
    changed,
    load_modules,
    renamed_in,
)
from journal.rulesets.d100_sanity.rules import corrected, fiat
from journal.rulesets.d100_sanity.rules import options as _options
from journal.rulesets.d100_sanity.rules import sheet as _sheet
from journal.rulesets.d100_sanity.rules import status as _status
from journal.rulesets.d100_sanity.rules.invariants import INVARIANTS
from journal.rulesets.d100_sanity.rules.lookup import rules_of
from journal.rulesets.d100_sanity.rules.state import (
    KINDS,
    STATE_CLASSES,
    Bond,
    Disorder,
    Investigator,
    SanityState,
)
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


@EVOLVE.on(CharacterAdded)
def _added(state: CampaignState, payload: CharacterAdded, meta: Meta) -> SanityState:
    sheet = payload.sheet
    power = _int(sheet.get("pow"), 1)
    mythos = _int(sheet.get("mythos"))
    san = _int(sheet.get("san"), power)
    intelligence = sheet.get("int")
    point = sheet.get("breaking_point")
    bonds = sheet.get("bonds")
    disorders = sheet.get("disorders")
    who = Investigator(
        name=payload.name,
        pow=power,
        intelligence=intelligence if isinstance(intelligence, int) else None,
        san=san,
        start=san,
        mythos=mythos,
        disorders=tuple(
            Disorder(str(d.get("name")), str(d.get("kind", "other")))
            for d in (disorders if isinstance(disorders, list) else [])
            if isinstance(d, dict)
        ),
        breaking_point=point if isinstance(point, int) else None,
        bonds=tuple(
            Bond(str(b.get("name")), _int(b.get("score")), _int(b.get("score")))
            for b in (bonds if isinstance(bonds, list) else [])
            if isinstance(b, dict)
        ),
    )
    return rules_of(state).with_character(who)


@EVOLVE.on(CharacterRenamed)
def _renamed(state: CampaignState, payload: CharacterRenamed, meta: Meta) -> SanityState:
    rules = rules_of(state)
    moved = renamed_in(
        rules.characters, payload.old, payload.new, lambda who: changed(who, name=payload.new)
    )
    return changed(rules, characters=moved)


load_modules(__name__)


@EVOLVE.on(NumbersAdjusted)
def _adjusted(state: CampaignState, payload: NumbersAdjusted, meta: Meta) -> SanityState:
    return fiat.adjusted(state, payload)


class SanityRules(Ruleset):
    name = "d100-sanity"
    summary = "d100 sanity (Call of Cthulhu 7th-compatible; --option preset=delta-green)"
    rules_version = "d100-1"
    option_defaults: ClassVar[Mapping[str, OptionValue]] = _options.OPTION_DEFAULTS
    state_classes = STATE_CLASSES
    deciders: ClassVar[Deciders[CampaignState]] = DECIDE
    evolvers: ClassVar[Evolvers[CampaignState, Meta, SanityState]] = EVOLVE
    recallers: ClassVar[Recallers] = RECALL
    concerners: ClassVar[Concerns] = CONCERNS
    adjustable = fiat.ADJUSTABLE
    amendable = corrected.AMENDABLE
    invariants = INVARIANTS
    #: the players' words for SAN, recorded with each ruling: a what-if of `san_hidden`
    #: changes nothing but them
    wording = frozenset({"hidden"})

    def parse_option(self, key: str, raw: str) -> OptionValue:
        return _options.parse_option(key, raw)

    def hidden_parts(self, kind: str, data: Mapping[str, object]) -> frozenset[str]:
        """A ruling decided while the campaign kept SAN from the players (`hidden`)
        discloses none of its numbers in their proofs, as their handouts show none."""
        if data.get("hidden") is not True:
            return frozenset()
        return frozenset(name for name, value in data.items() if _holds_number(value))

    def build_sheet(self, sheet: JSONObject) -> JSONObject:
        return _sheet.build_sheet(sheet)

    def build_sheet_for(self, state: CampaignState, sheet: JSONObject) -> JSONObject:
        return _sheet.build_sheet(sheet, _options.preset(state))

    def initial(self) -> SanityState:
        return SanityState()

    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        return _status.status(state)

    def status_of(self, state: CampaignState, name: str) -> CharacterStatus | None:
        return _status.status_of(state, name)

    def adjust(self, state: CampaignState, character: str, number: str, value: str) -> Adjustment:
        return fiat.adjust(state, character, number, value)

    def amend(self, payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
        return corrected.amend(payload, command, inputs)

    def dice_purpose(self, payload: Event) -> str | None:
        """`amend SEQ --dice N` corrects a sanity roll's d100 (`--dice loss=4` its loss)."""
        if payload.type == "SanityRolled":
            return "sanity"
        if payload.type == "BoutRecorded":
            return "length"
        return super().dice_purpose(payload)

    def completions(self, state: CampaignState, slot: str) -> Sequence[str]:
        """Names; the threats already faced (most recent first); the kinds of loss; each
        agent's bonds; the disorders."""
        if slot == "character":
            return super().completions(state, slot)
        rules = rules_of(state)
        if slot == "threat":
            tallied = [t for who in rules.characters.values() for t in who.threats]
            return list(dict.fromkeys([*reversed(list(rules.threat_names)), *tallied]))
        if slot == "kind":
            return list(KINDS)
        if slot == "bond":
            return sorted({b.name for who in rules.characters.values() for b in who.bonds})
        if slot == "disorder":
            return sorted({d.name for who in rules.characters.values() for d in who.disorders})
        return []


RULESET = SanityRules()


def _holds_number(value: object) -> bool:
    """Whether a part's value is or holds a number (a flag is not one)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    if isinstance(value, Mapping):
        return any(_holds_number(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_number(v) for v in value)
    return False
