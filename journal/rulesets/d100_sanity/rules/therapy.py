"""`journal therapy NAME --san CHANGE --dice FACES [--self-help] [--reason TEXT]`: a month's
therapy (or self-help) roll, made at the table by the GM's own reckoning: the GM enters the
result (the SAN it gives, or takes) and the dice, the journal records them, keeps SAN within
0 and its maximum, and holds the rolls to one a month of game time (one a session when no
clock is set). All its rules in one place: the command, its event, and their decider, fold,
recaller and concerns."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Terms,
    advance,
    changed,
    event,
)
from journal.rulesets.d100_sanity.rules.lookup import able, with_changes
from journal.rulesets.d100_sanity.rules.options import san_hidden
from journal.rulesets.d100_sanity.rules.recovery import Gain, applied, gained
from journal.rulesets.d100_sanity.rules.state import SanityState, Therapy
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

THERAPY, SELF_HELP = "therapy", "self-help"
#: the largest change a therapy roll may enter (a typo guard)
MOST_CHANGE = 20
#: the faces of a therapy roll's dice (a d100 skill roll, a few small dice)
MOST_FACE = 100


class TherapyRoll(Command, frozen=True):
    character: str
    change: int
    how: str = THERAPY
    reason: str = ""


@event
class TherapyRecorded(Event, frozen=True):
    """A month's therapy or self-help roll: the change the GM entered and the dice as they
    fell (`dice`, purpose `therapy`), and the gain with its terms (`total`: SAN gained, or
    lost when negative)."""

    character: str
    how: str
    change: int
    reason: str
    dice: Dice
    hidden: bool
    terms: Terms
    total: int
    san: int
    san_after: int
    san_max: int
    #: the game time before which no other roll may come (None: no clock; one a session)
    next_at: str | None


@DECIDE.on(TherapyRoll)
def _therapy(state: CampaignState, command: TherapyRoll, dice: DiceBox) -> list[Event]:
    who = able(state, command.character)
    how = command.how.strip().casefold()
    if how not in (THERAPY, SELF_HELP):
        raise RuleError(f"a month's roll is {THERAPY} or {SELF_HELP}, not {command.how!r}")
    if not -MOST_CHANGE <= command.change <= MOST_CHANGE:
        raise RuleError(
            f"a therapy roll changes SAN by -{MOST_CHANGE} to +{MOST_CHANGE}, not {command.change}"
        )
    last = who.therapy
    if last is not None:
        if state.clock is not None and last.at is not None:
            due = advance(last.at, "1mo")
            if state.clock < due:
                raise RuleError(
                    f"{who.name}'s last roll was at {last.at.replace('T', ' ')} "
                    f"(#{last.seq}): one a month of game time, the next from "
                    f"{due.replace('T', ' ')}"
                )
        elif state.clock is None and last.session == state.session:
            raise RuleError(
                f"{who.name} had a roll this session (#{last.seq}): one a month of game time, "
                "one a session while no clock is set"
            )
    faces = dice.entered("therapy")
    if not faces:
        raise RuleError("enter the dice of the roll as they fell: --dice 34,2")
    dice.roll("therapy", len(faces), MOST_FACE)
    gain = gained(who, ((f"{how} (entered)", command.change),))
    next_at = None if state.clock is None else advance(state.clock, "1mo")
    return [
        TherapyRecorded(
            who.name,
            how,
            command.change,
            " ".join(command.reason.split()),
            dice.rolled(),
            san_hidden(state),
            gain.terms,
            gain.total,
            gain.san,
            gain.san_after,
            gain.san_max,
            next_at,
        )
    ]


@EVOLVE.on(TherapyRecorded)
def _recorded(state: CampaignState, payload: TherapyRecorded, meta: Meta) -> SanityState:
    gain = Gain(
        payload.character,
        payload.terms,
        payload.total,
        payload.san,
        payload.san_after,
        payload.san_max,
    )
    rules = applied(state, gain)
    if payload.character not in rules.characters:
        return rules
    state = changed(state, rules=rules)
    return with_changes(
        state, payload.character, therapy=Therapy(meta.game_time, meta.session, meta.seq)
    )


RECALL.on(TherapyRecorded)(lambda p: TherapyRoll(p.character, p.change, p.how, p.reason))
CONCERNS.on(TherapyRecorded)(lambda p: (p.character,))
