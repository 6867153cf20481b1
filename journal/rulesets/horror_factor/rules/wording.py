"""`journal wording CAUSE TEXT`: the campaign's words for a catalog cause, what players read
of the shifts recorded from now on (`--catalog`: the catalog's own words again)."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event, nobody
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import HFState, rules_of
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

#: the longest players' wording of a shift or a cause (a sentence, not a page)
WORDING_MAX = 200


class SetWording(Command, frozen=True):
    """The campaign's players' wording of a catalog cause (None: the catalog's again)."""

    cause: str
    text: str | None


@event
class WordingSet(Event, frozen=True):
    """The players' wording of a catalog cause, for the shifts recorded from now on
    (`text` None: the catalog's own words again)."""

    cause: str
    text: str | None
    previous: str | None


def players_words(text: str | None, flag: str) -> str | None:
    """Players' words as given, on one line; refused when blank or longer than a sentence."""
    if text is None:
        return None
    words = " ".join(text.split())
    if not words:
        raise RuleError(f"{flag} is what players read: give some words, or leave it out")
    if len(words) > WORDING_MAX:
        raise RuleError(f"{flag} is a sentence for a handout: {WORDING_MAX} characters at most")
    return words


def set_wording(state: CampaignState, command: SetWording) -> WordingSet:
    """The players' wording of a catalog cause, for the shifts recorded from now on."""
    cause = category_name(command.cause)
    if cause not in catalog.CAUSES:
        known = ", ".join(catalog.CAUSES)
        raise RuleError(f"{command.cause!r} is not a catalog cause: choose one of {known}")
    text = players_words(command.text, "the wording")
    previous = rules_of(state).wording.get(cause)
    if text == previous:
        shown = "the catalog's" if text is None else repr(text)
        raise RuleError(f"players already read {cause!r} in {shown} words: nothing changes")
    return WordingSet(cause, text, previous)


DECIDE.on(SetWording)(lambda state, command, dice: [set_wording(state, command)])


@EVOLVE.on(WordingSet)
def _worded(state: CampaignState, payload: WordingSet, meta: Meta) -> HFState:
    rules = rules_of(state)
    wording = {k: v for k, v in rules.wording.items() if k != payload.cause}
    if payload.text is not None:
        wording[payload.cause] = payload.text
    return replace(rules, wording=wording)


RECALL.on(WordingSet)(lambda p: SetWording(p.cause, p.text))
CONCERNS.on(WordingSet)(nobody)
