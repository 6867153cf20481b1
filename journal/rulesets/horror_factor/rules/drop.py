"""`journal drop NAME`: a participant drops an enemy. The encounter's first drop lowers the
dropper's HF by 2 and everyone else's by 1; a participant who froze cannot drop one."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import engaged, present
from journal.rulesets.horror_factor.rules.state import HFState, rules_of
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.track import (
    TrackChange,
    current,
    track_change,
    tracked,
    with_participant,
)


class DropEnemy(Command, frozen=True):
    character: str


@event
class EnemyDropped(Event, frozen=True):
    character: str
    turn: int
    number: int  # 1 for the encounter's first enemy dropped
    changes: tuple[TrackChange, ...]


def drop_enemy(state: CampaignState, name: str) -> EnemyDropped:
    who, me, encounter = engaged(state, name, "drop an enemy")
    if me.can_act is False:
        raise RuleError(
            f"{who.name} froze this turn (initiative {me.initiative}) and cannot act, so cannot "
            "drop an enemy: record the drop for whoever made it, or correct the initiative roll "
            "where it stands (`journal amend SEQ --dice +A/-B --reason ...`)"
        )
    changes: tuple[TrackChange, ...] = ()
    if encounter.drops == 0:
        changes = tuple(
            track_change(
                p,
                [("dropped the first enemy", catalog.FIRST_DROP_DROPPER)]
                if p.name == who.name
                else [(f"{who.name} dropped the first enemy", catalog.FIRST_DROP_OTHERS)],
                "first enemy dropped",
            )
            for p in present(encounter)
        )
    return EnemyDropped(who.name, encounter.turn, encounter.drops + 1, changes)


DECIDE.on(DropEnemy)(lambda state, command, dice: [drop_enemy(state, command.character)])


@EVOLVE.on(EnemyDropped)
def _dropped(state: CampaignState, payload: EnemyDropped, meta: Meta) -> HFState:
    rules = tracked(rules_of(state), payload.changes, drop=True)
    found = current(rules, payload.character, payload.turn)
    if found is None or found[1].dropped is not None:
        return rules
    encounter, p = found
    return with_participant(rules, encounter, replace(p, dropped=meta.seq))


RECALL.on(EnemyDropped)(lambda p: DropEnemy(p.character))
CONCERNS.on(EnemyDropped)(
    lambda p: tuple(c.character for c in p.changes) if p.changes else (p.character,)
)
