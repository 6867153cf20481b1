"""`journal threat add ID [--name TEXT] [--hf PRESET|N] [--category C]`: a Horror Factor
encounter's source as a thing (issue 41, E3): an encounter started against it
(`encounter start TITLE --threat ID`) inherits its Horror Factor and category, each one
the GM gives overriding it for that encounter."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event, nobody
from journal.rulesets.horror_factor.rules.encounter_start import parse_hf
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import HFState, Source, rules_of
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class AddSource(Command, frozen=True):
    threat: str
    name: str | None = None
    hf: str | None = None
    category: str | None = None


@event
class SourceAdded(Event, frozen=True):
    """An encounter's source described before it is met: what players read for it, its
    Horror Factor as given (a preset or a number) and its category."""

    threat: str
    name: str | None
    hf: str | None
    category: str | None


def add_source(state: CampaignState, command: AddSource) -> SourceAdded:
    threat = " ".join(command.threat.split())
    if not threat:
        raise RuleError("a threat needs an id, e.g. `journal threat add zombies --hf horde`")
    found = rules_of(state).threats.get(threat)
    if found is not None:
        raise RuleError(
            f"{threat} is already a threat (described at #{found.seq}): an encounter gives "
            "another --hf or --category for itself, or void that event and add it anew"
        )
    hf = command.hf.strip() if command.hf is not None else None
    if hf is not None:
        parse_hf(hf)  # a preset or a number, as `encounter start --hf` takes it
    category = category_name(command.category) if command.category else None
    name = " ".join((command.name or "").split()) or None
    if command.name is not None and name is None:
        raise RuleError("--name is what players read for the threat: give some words")
    return SourceAdded(threat, name, hf, category or None)


DECIDE.on(AddSource)(lambda state, command, dice: [add_source(state, command)])


@EVOLVE.on(SourceAdded)
def _added(state: CampaignState, payload: SourceAdded, meta: Meta) -> HFState:
    rules = rules_of(state)
    source = Source(payload.threat, meta.seq, payload.name, payload.hf, payload.category)
    return replace(rules, threats={**rules.threats, payload.threat: source})


RECALL.on(SourceAdded)(lambda p: AddSource(p.threat, p.name, p.hf, p.category))
CONCERNS.on(SourceAdded)(nobody)
