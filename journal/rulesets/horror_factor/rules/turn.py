"""`journal turn`: the next turn of the running encounter. Each participant's HF decays by
1 when they acted (or rolled no initiative), stays when they froze; an ambush's +2 expires
after turn 1."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, Term, event
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import running
from journal.rulesets.horror_factor.rules.state import HFState, rules_of
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.track import TrackChange, moved, track_change

#: the term a fighter who rolled no initiative is recorded with (they count as having acted)
NO_ROLL = "no initiative, counts as acted"


class AdvanceTurn(Command, frozen=True):
    pass


@event
class TurnAdvanced(Event, frozen=True):
    turn: int  # the new turn
    changes: tuple[TrackChange, ...]


def advance_turn(state: CampaignState) -> TurnAdvanced:
    encounter = running(state, "advance the turn")
    expires = encounter.ambush and encounter.turn == 1
    changes: list[TrackChange] = []
    parts: list[Term]
    for p in encounter.participants.values():
        if p.left is not None:
            if not expires:
                continue  # out of the fight: no decay
            parts, reasons = [(f"out of the fight ({p.left})", 0)], ["out of the fight: same"]
        elif p.initiative is None:
            parts = [(NO_ROLL, -1)]
            reasons = ["no initiative: -1"]
        elif p.can_act:
            parts, reasons = [("acted", -1)], ["acted: -1"]
        else:
            parts, reasons = [("froze, faces the full HF again", 0)], ["froze: same"]
        if expires:
            parts.append(("ambush expired", -catalog.AMBUSH))
            reasons.append(f"ambush expired: -{catalog.AMBUSH}")
        changes.append(track_change(p, parts, "; ".join(reasons)))
    return TurnAdvanced(encounter.turn + 1, tuple(changes))


DECIDE.on(AdvanceTurn)(lambda state, command, dice: [advance_turn(state)])


@EVOLVE.on(TurnAdvanced)
def _turned(state: CampaignState, payload: TurnAdvanced, meta: Meta) -> HFState:
    rules = rules_of(state)
    encounter = rules.encounter
    # A later turn after a voided one still applies: the GM played on from it.
    if encounter is None or payload.turn <= encounter.turn:
        return rules
    participants = moved(encounter, payload.changes, fresh=True)
    turned = replace(encounter, turn=payload.turn, participants=participants)
    return replace(rules, encounter=turned)


RECALL.on(TurnAdvanced)(lambda p: AdvanceTurn())
CONCERNS.on(TurnAdvanced)(lambda p: tuple(c.character for c in p.changes))
