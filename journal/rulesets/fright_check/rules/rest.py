"""`journal rest [NAME ...] [--hours H]`: a night's rest, FP back to the maximum, the short
conditions (stun, retching, faint, panic) over, timed or not (a row 20 faint of 4d minutes
still running ends too); the clock moves on by the hours rested."""

from __future__ import annotations

from msgspec import Struct

from journal.plugin.rules import (
    CampaignState,
    Command,
    Event,
    Meta,
    RuleError,
    changed,
    event,
    rested_for,
)
from journal.rulesets.fright_check.rules.effects import SHORT, pools
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.state import Character, FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.timed import timed_now


class Rest(Command, frozen=True):
    """A night's rest: FP back to the maximum, the short conditions (stun, retching, faint,
    panic) over. An empty tuple is everyone."""

    characters: tuple[str, ...] = ()
    hours: int | None = None  # how long they rested: the clock moves on by it


class Ended(Struct, frozen=True):
    """A lasting condition a night's rest ended: its kind, and the check it came from."""

    kind: str
    seq: int


class FatigueChange(Struct, frozen=True):
    character: str
    before: int
    after: int
    max: int
    ended: tuple[Ended, ...]


@event
class RestRecorded(Event, frozen=True):
    """A night's rest: FP back to the maximum, stun, retching, faint and panic over."""

    characters: tuple[str, ...]
    everyone: bool
    changes: tuple[FatigueChange, ...]


def rest(state: CampaignState, command: Rest) -> RestRecorded:
    rules = rules_of(state)
    everyone = not command.characters
    resting: dict[str, Character] = {}
    for name in command.characters or tuple(rules.characters):
        who = character_of(state, name)
        if who.name in resting:
            raise RuleError(f"{who.name} is named twice: name each character once")
        resting[who.name] = who
    names = list(resting)
    if not names:
        raise RuleError("nobody to rest: add a character with `journal character add`")
    combat = rules.combat
    fighting = [n for n in names if combat.includes(n)] if combat is not None else []
    if combat is not None and fighting:
        raise RuleError(
            f"{', '.join(fighting)} {'is' if len(fighting) == 1 else 'are'} still in the fight "
            f"{combat.title!r}: a night's rest waits for `journal encounter end`"
        )
    changes = []
    for name, who in resting.items():
        ended = [Ended(o.kind, o.seq) for o in who.ongoing if o.kind in SHORT]
        timed = timed_now(who, state.clock, state.session)
        ended += [Ended(t.kind, t.seq) for t in timed if t.kind in SHORT]
        changes.append(
            FatigueChange(name, who.fp, max(who.fp, who.fp_max), who.fp_max, tuple(ended))
        )
    return RestRecorded(tuple(names), everyone, tuple(changes))


DECIDE.on(Rest)(lambda state, command, dice: rested_for(state, command.hours, rest(state, command)))


@EVOLVE.on(RestRecorded)
def _rested(state: CampaignState, payload: RestRecorded, meta: Meta) -> FrightState:
    rules = rules_of(state)
    for change in payload.changes:
        character = rules.get(change.character)
        if character is None:
            continue
        ended = {(e.seq, e.kind) for e in change.ended}
        lasting = {(o.seq, o.kind) for o in character.ongoing}
        character = changed(
            pools(character, fp=character.fp_max - character.fp),
            ongoing=tuple(o for o in character.ongoing if (o.seq, o.kind) not in ended),
            # a timed one ends early: kept so the clock no longer shows it
            timed_over=character.timed_over + tuple(sorted(ended - lasting)),
        )
        rules = rules.with_character(character)
    return rules


RECALL.on(RestRecorded)(lambda p: Rest(() if p.everyone else tuple(p.characters)))
CONCERNS.on(RestRecorded)(lambda p: tuple(p.characters))
