"""`journal react NAME flee|struggle|submit`: a Delta Green agent gone temporarily insane
flees, struggles or submits, as the player chooses; the journal records the choice. All its
rules in one place: the command, its event, and their decider, fold, recaller and
concerns."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, DiceBox, Event, Meta, RuleError, event
from journal.rulesets.d100_sanity.rules.lookup import insane_now, investigator, settled
from journal.rulesets.d100_sanity.rules.state import REACTIONS, SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class ChooseReaction(Command, frozen=True):
    character: str
    reaction: str


@event
class ReactionChosen(Event, frozen=True):
    """The player's choice for the temporary insanity the sanity roll at `for_seq` brought
    (and any earlier one still waiting: the choice is for the agent's state now)."""

    character: str
    reaction: str
    for_seq: int


@DECIDE.on(ChooseReaction)
def choose(state: CampaignState, command: ChooseReaction, dice: DiceBox) -> list[Event]:
    who = investigator(state, command.character)
    reaction = command.reaction.strip().casefold()
    if reaction not in REACTIONS:
        raise RuleError(
            f"an agent flees, struggles or submits: {', '.join(REACTIONS)}, "
            f"not {command.reaction!r}"
        )
    owed = who.owed("reaction") if insane_now(state, who) else ()
    if not owed:
        raise RuleError(
            f"{who.name} has no choice to make: flee, struggle or submit comes with a "
            "temporary insanity (5 or more SAN lost to one roll)"
        )
    return [ReactionChosen(who.name, reaction, owed[-1].seq)]


@EVOLVE.on(ReactionChosen)
def _chosen(state: CampaignState, payload: ReactionChosen, meta: Meta) -> SanityState:
    return settled(state, payload.character, "reaction", payload.for_seq, earlier=True)


RECALL.on(ReactionChosen)(lambda p: ChooseReaction(p.character, p.reaction))
CONCERNS.on(ReactionChosen)(lambda p: (p.character,))
