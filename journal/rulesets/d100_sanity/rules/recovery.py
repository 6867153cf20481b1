"""What getting better shares (an award, a scenario's end, a month's therapy): SAN gained by
an amount with its terms, never past the maximum (nor below 0 when a therapy roll goes
wrong), and the fold that applies it."""

from __future__ import annotations

from msgspec import Struct

from journal.plugin.rules import CampaignState, DiceBox, Terms
from journal.rulesets.d100_sanity.rules.expressions import Expression
from journal.rulesets.d100_sanity.rules.lookup import clamp, rules_of, with_changes
from journal.rulesets.d100_sanity.rules.state import Investigator, SanityState


class Gain(Struct, frozen=True):
    """SAN gained by one character: the terms (the amount, then the maximum's cut) and
    their total, SAN before and after, and the maximum it stops at."""

    character: str
    terms: Terms
    total: int
    san: int
    san_after: int
    san_max: int


def rolled(expression: Expression, dice: DiceBox, purpose: str) -> Terms:
    """`expression` rolled as `purpose` (a bare number rolls nothing)."""
    faces: tuple[int, ...] = ()
    if expression.rolls:
        faces = dice.roll(purpose, expression.count, expression.sides).faces
    return expression.terms(faces)


def gained(who: Investigator, terms: Terms) -> Gain:
    """`who` gains the sum of `terms`: never past maximum SAN, never below 0."""
    found = list(terms)
    amount = sum(value for _, value in found)
    room = who.san_max - who.san
    if amount > room:
        found.append((f"maximum SAN {who.san_max}", room - amount))
        amount = room
    if amount < -who.san:
        found.append(("SAN stops at 0", -who.san - amount))
        amount = -who.san
    return Gain(who.name, tuple(found), amount, who.san, who.san + amount, who.san_max)


def applied(state: CampaignState, gain: Gain) -> SanityState:
    """The fold of a gain: its change, on the SAN that stands (a void before took out its
    own), within 0 and the maximum."""
    who = rules_of(state).characters.get(gain.character)
    if who is None:
        return rules_of(state)
    san = clamp(who.san + gain.san_after - gain.san, who.san_max)
    return with_changes(state, gain.character, san=san)
