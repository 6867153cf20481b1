"""The `--json` document of a sanity roll (`sanity --json`): the roll, the loss with its
terms, SAN before and after, and what followed."""

from __future__ import annotations

from dataclasses import dataclass

from journal.plugin.rules import Dice, Document, Terms
from journal.plugin.telling import Recorded
from journal.rulesets.d100_sanity.rules.sanity import SanityRolled


@dataclass(frozen=True)
class SanityDocument(Document):
    seq: int
    character: str
    loss: str
    kind: str | None
    threat: str | None
    #: the d100, and the SAN it had to come in at or under
    roll: int
    san: int
    success: bool
    fumble: bool
    #: the loss: its terms (rolled, the cap, adaptation, a projection, the floor) and total
    terms: Terms
    total: int
    san_after: int
    san_max: int
    #: the game day's losses after this roll, and the fifth that brings an indefinite insanity
    #: (null when the campaign's `indefinite` rule is off)
    day_lost: int
    fifth: int | None
    int_roll: int | None
    int_target: int | None
    #: the insanity this roll began (temporary, indefinite; permanent at SAN 0), null: none
    insanity: str | None
    insanity_ends: str | None
    bout: bool
    breaking_point: int | None
    breaking_point_after: int | None
    projected: int
    bond_after: int | None
    dice: Dice
    #: the seqs of what the GM said in the same breath (a choice, a disorder, a cost)
    then: tuple[int, ...]


def outcome(records: list[Recorded]) -> Document | None:
    rolled = next((r for r in records if isinstance(r.payload, SanityRolled)), None)
    if rolled is None:
        return None
    p = rolled.payload
    assert isinstance(p, SanityRolled)
    began = p.began
    return SanityDocument(
        seq=rolled.seq,
        character=p.character,
        loss=p.loss,
        kind=p.kind,
        threat=p.threat,
        roll=p.roll,
        san=p.san,
        success=p.success,
        fumble=p.fumble,
        terms=p.terms,
        total=p.total,
        san_after=p.san_after,
        san_max=p.san_max,
        day_lost=p.day_lost,
        fifth=max(1, p.day_san // 5) if p.indefinite else None,
        int_roll=p.int_roll,
        int_target=p.int_target,
        insanity="permanent" if p.permanent else None if began is None else began.kind,
        insanity_ends=None if began is None else began.ends,
        bout=p.bout,
        breaking_point=p.breaking_point,
        breaking_point_after=p.breaking_point_after,
        projected=p.projected,
        bond_after=p.bond_after,
        dice=p.dice,
        then=tuple(r.seq for r in records if r is not rolled),
    )
