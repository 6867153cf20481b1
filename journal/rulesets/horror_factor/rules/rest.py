"""`journal rest [NAME ...] [--victory] [--points N] [--hours H]`: Willpower restored by a
night's rest (all of it) or a major victory; the clock moves on by the hours rested."""

from __future__ import annotations

from msgspec import Struct

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event, rested_for
from journal.rulesets.horror_factor.rules.lookup import character, present
from journal.rulesets.horror_factor.rules.state import HFState, rules_of, set_numbers, shift_numbers
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class Rest(Command, frozen=True):
    characters: tuple[str, ...] = ()  # empty: everyone
    victory: bool = False
    points: int | None = None
    hours: int | None = None  # how long they rested: the clock moves on by it


class WillpowerChange(Struct, frozen=True):
    """One character's current Willpower, restored by rest or a victory."""

    character: str
    before: int
    after: int
    max: int


@event
class Rested(Event, frozen=True):
    characters: tuple[str, ...]
    everyone: bool
    victory: bool
    points: int | None
    changes: tuple[WillpowerChange, ...]


def rest(state: CampaignState, command: Rest) -> Rested:
    if command.points is not None and command.points < 1:
        raise RuleError(
            f"a partial rest restores 1 Willpower or more, not {command.points}; "
            "leave --points out to restore it all"
        )
    everyone = not command.characters
    if everyone:
        names = tuple(rules_of(state).characters)
        if not names:
            raise RuleError("nobody to rest: add a character with `journal character add`")
    else:
        names = ()
        for name in command.characters:
            found = character(state, name).name
            if found in names:
                raise RuleError(f"{found} is named twice: name each character once")
            names = (*names, found)
    encounter = rules_of(state).encounter
    if encounter is not None and not command.victory:
        present_now = {p.name for p in present(encounter)}
        fighting = [n for n in names if n in present_now]
        if fighting:
            raise RuleError(
                f"{', '.join(fighting)} {'is' if len(fighting) == 1 else 'are'} still fighting "
                f"in {encounter.title!r}: a night's sleep waits for the end of the fight "
                "(`journal encounter end`); a major victory is `rest --victory`"
            )
    changes: list[WillpowerChange] = []
    for name in names:
        who = character(state, name)
        gain = who.willpower_max if command.points is None else command.points
        after = min(who.willpower_max, who.willpower + gain)
        changes.append(WillpowerChange(name, who.willpower, after, who.willpower_max))
    return Rested(names, everyone, command.victory, command.points, tuple(changes))


DECIDE.on(Rest)(lambda state, command, dice: rested_for(state, command.hours, rest(state, command)))


@EVOLVE.on(Rested)
def _rested(state: CampaignState, payload: Rested, meta: Meta) -> HFState:
    rules = rules_of(state)
    for change in payload.changes:
        name = change.character
        if payload.points is None and name in rules.characters:  # a full night: back to max
            rules = set_numbers(rules, name, willpower=rules.characters[name].willpower_max)
        else:
            rules = shift_numbers(rules, name, willpower=change.after - change.before)
    return rules


RECALL.on(Rested)(lambda p: Rest(() if p.everyone else tuple(p.characters), p.victory, p.points))
CONCERNS.on(Rested)(lambda p: tuple(p.characters))
