"""`journal initiative NAME`: a participant's initiative this turn, Reaction less the action
penalty (HF over Hardness) plus the +d10 -d10 pair; above 0 they act, else they freeze."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Stake,
    Terms,
    event,
)
from journal.rulesets.horror_factor.rules.lookup import engaged
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    action_penalty,
    penalty_term,
    rules_of,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.track import current, with_participant


class RollInitiative(Command, frozen=True):
    character: str


@event
class InitiativeRolled(Event, frozen=True):
    character: str
    turn: int
    dice: Dice
    reaction: int
    hf: int
    soak: int
    effective_hf: int
    hardness: int
    hardness_label: str
    action_penalty: int
    total: int
    terms: Terms
    can_act: bool
    defense_penalty: int


def roll_initiative(state: CampaignState, name: str, dice: DiceBox) -> InitiativeRolled:
    who, p, encounter = engaged(state, name, "roll initiative")
    if p.initiative is not None:
        raise RuleError(
            f"{who.name} already rolled initiative this turn ({p.initiative}): one roll per "
            "turn; correct that roll where it stands (`journal amend SEQ --dice +A/-B "
            '--reason "..."`), or run `journal turn` for the next turn'
        )
    if p.dropped is not None:
        raise RuleError(
            f"{who.name} already acted this turn (dropped an enemy at #{p.dropped}): "
            "initiative is rolled at the start of a turn, so this roll is out of order: "
            "correct the turn's roll where it stands (`journal amend SEQ --dice +A/-B "
            f'--reason "..."`), or void #{p.dropped} first if that drop never happened'
        )
    hardness, label = who.hardness_for(encounter.category)
    effective, reaction = p.effective_hf, who.reaction
    penalty = action_penalty(effective, hardness)
    # the total acts above 0: the pair must come to 1 - (Reaction - penalty) or more
    roll = dice.roll("initiative", 2, 10, Stake(at_least=1 - (reaction - penalty)))
    plus, minus = roll.faces
    worded = penalty_term(p.hf, p.soak, hardness, label)
    terms: Terms = (("Reaction", reaction), worded, ("+d10", plus), ("-d10", -minus))
    total = sum(value for _, value in terms)
    return InitiativeRolled(
        character=who.name,
        turn=encounter.turn,
        dice=dice.rolled(),
        reaction=reaction,
        hf=p.hf,
        soak=p.soak,
        effective_hf=effective,
        hardness=hardness,
        hardness_label=label,
        action_penalty=penalty,
        total=total,
        terms=terms,
        can_act=total > 0,
        defense_penalty=min(0, total),
    )


DECIDE.on(RollInitiative)(
    lambda state, command, dice: [roll_initiative(state, command.character, dice)]
)


@EVOLVE.on(InitiativeRolled)
def _rolled(state: CampaignState, payload: InitiativeRolled, meta: Meta) -> HFState:
    rules = rules_of(state)
    found = current(rules, payload.character, payload.turn)
    if found is None:
        return rules
    encounter, p = found
    p = replace(
        p,
        initiative=payload.total,
        can_act=payload.can_act,
        defense_penalty=payload.defense_penalty,
    )
    return with_participant(rules, encounter, p)


RECALL.on(InitiativeRolled)(lambda p: RollInitiative(p.character))
CONCERNS.on(InitiativeRolled)(lambda p: (p.character,))
