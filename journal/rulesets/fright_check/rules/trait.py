"""`journal trait NAME [--for SEQ] NAME_OF_TRAIT`: the GM names the acquired trait a check
gave (a quirk, a Phobia, a Delusion, physical disadvantages), or for row 25 worsens a
related disadvantage's self-control number one step."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

import msgspec.structs

from journal.plugin.rules import (
    CampaignState,
    Command,
    DiceBox,
    Event,
    Meta,
    RuleError,
    changed,
    event,
)
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.sheet import check_points
from journal.rulesets.fright_check.rules.state import (
    Character,
    Disadvantage,
    FrightState,
    Pending,
    Quirk,
)
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.traits import (
    MENTAL,
    PHYSICAL,
    QUIRKS,
    SELF_CONTROL,
    Typed,
    check_self_control,
)
from journal.rulesets.fright_check.rules.traits import read as read_trait

#: GURPS self-control multipliers on a disadvantage's base points
MULTIPLIER = {15: Fraction(1, 2), 12: Fraction(1), 9: Fraction(3, 2), 6: Fraction(2)}


class NameTrait(Command, frozen=True):
    """Name the pending acquired trait of the FrightChecked event at seq `for_seq` (None:
    the oldest pending one).

    For a row-25 result, `worsen` names an existing related disadvantage whose
    self-control number becomes one step worse; otherwise `name` is the new trait.
    """

    character: str
    for_seq: int | None
    name: str
    points: int | None = None
    self_control: int | None = None
    worsen: str | None = None


@event
class TraitNamed(Event, frozen=True):
    """The GM names a pending acquired trait of the check at `for_seq`.

    A new trait has `points` and maybe `self_control`; a worsened one (`worsened` True)
    names the existing disadvantage, its self-control number before and after, and its
    points before and after. `points_change` is the change to the character's point
    value (negative).
    """

    character: str
    for_seq: int
    pending_kind: str
    pending_points: int
    name: str
    points: int
    self_control: int | None
    worsened: bool
    previous_self_control: int | None
    previous_points: int | None
    points_change: int


def _pending_for(character: Character, command: NameTrait) -> Pending:
    if command.for_seq is None:
        if not character.pending:
            raise RuleError(f"{character.name} has no pending trait to name")
        first = msgspec.structs.replace(command, for_seq=character.pending[0].seq)
        return _pending_for(character, first)
    mine = [p for p in character.pending if p.seq == command.for_seq]
    if not mine:
        waiting = ", ".join(f"{p.kind} {p.points:+d} from check {p.seq}" for p in character.pending)
        raise RuleError(
            f"{character.name} has no trait waiting to be named from event {command.for_seq}"
            + (f" (pending: {waiting})" if waiting else " (nothing is pending)")
        )
    if command.points is None:
        return mine[0]
    for pending in mine:
        if pending.points == command.points:
            return pending
    stated = ", ".join(f"{p.points:+d}" for p in mine)
    raise RuleError(
        f"the pending trait of check {command.for_seq} is worth {stated} points, "
        f"not {command.points:+d}: give its points or leave them out"
    )


def name_trait(state: CampaignState, command: NameTrait) -> TraitNamed:
    character = character_of(state, command.character)
    pending = _pending_for(character, command)
    if command.worsen is not None:
        return _worsen(character, command, pending)
    name = " ".join(command.name.split())
    if not name:
        raise RuleError("the acquired trait needs a name related to the frightening event")
    if character.has_name(name):
        raise RuleError(
            f"{character.name} already has {name!r}: name a different trait"
            + (
                " or use --worsen to make its self-control worse"
                if pending.kind == "self-control-or-new"
                else ""
            )
        )
    points = check_points(command.points if command.points is not None else pending.points, name)
    self_control = check_self_control(command.self_control, name)
    if self_control is not None and pending.kind in ("quirk", "physical"):
        raise RuleError(f"a {pending.kind} has no self-control number: leave it out")
    # the one reader: `Cowardice` named here is the Cowardice the modifiers read
    place = {"quirk": QUIRKS, "physical": PHYSICAL}.get(pending.kind, MENTAL)
    given = None if place == QUIRKS else points
    name = read_trait(Typed(name, points=given, self_control=self_control), place).name
    return TraitNamed(
        character=character.name,
        for_seq=pending.seq,
        pending_kind=pending.kind,
        pending_points=pending.points,
        name=name,
        points=points,
        self_control=self_control,
        worsened=False,
        previous_self_control=None,
        previous_points=None,
        points_change=points,
    )


def _worsen(character: Character, command: NameTrait, pending: Pending) -> TraitNamed:
    assert command.worsen is not None
    if pending.kind != "self-control-or-new":
        raise RuleError(
            f"the pending {pending.kind} of check {pending.seq} cannot worsen a self-control "
            "number (only row 25 can): name a new trait instead"
        )
    existing = character.disadvantage(command.worsen)
    if existing is None:
        owned = ", ".join(d.name for d in character.disadvantages) or "none"
        raise RuleError(
            f"{character.name} has no mental disadvantage named {command.worsen!r} "
            f"(theirs: {owned}): name one of them, or a new -10-point one"
        )
    name = " ".join(command.name.split())
    if name and name.casefold() != existing.name.casefold():
        raise RuleError(
            f"worsen {existing.name!r} or name a new trait {name!r}, not both: drop one"
        )
    if existing.self_control is None or existing.self_control == SELF_CONTROL[-1]:
        why = (
            "has no self-control number"
            if existing.self_control is None
            else "is already at self-control 6"
        )
        raise RuleError(
            f"{existing.name} {why}, so it cannot get worse: name a new -10-point "
            "Phobia or other mental disadvantage instead"
        )
    if command.self_control is not None:
        raise RuleError("worsening sets the self-control number one step worse: leave --scn out")
    before = existing.self_control
    after = SELF_CONTROL[SELF_CONTROL.index(before) + 1]
    base = Fraction(existing.points) / MULTIPLIER[before]
    # GURPS rounds fractional costs up (toward +infinity): -22.5 becomes -22.
    points = ceil(base * MULTIPLIER[after])
    return TraitNamed(
        character=character.name,
        for_seq=pending.seq,
        pending_kind=pending.kind,
        pending_points=pending.points,
        name=existing.name,
        points=points,
        self_control=after,
        worsened=True,
        previous_self_control=before,
        previous_points=existing.points,
        points_change=points - existing.points,
    )


@DECIDE.on(NameTrait)
def _name(state: CampaignState, command: NameTrait, dice: DiceBox) -> list[Event]:
    return [name_trait(state, command)]


@EVOLVE.on(TraitNamed)
def _named_event(state: CampaignState, payload: TraitNamed, meta: Meta) -> FrightState:
    return _named(rules_of(state), payload)


def _named(rules: FrightState, payload: TraitNamed) -> FrightState:
    character = rules.get(payload.character)
    if character is None:
        return rules
    match = next(
        (
            i
            for i, p in enumerate(character.pending)
            if p.seq == payload.for_seq
            and p.kind == payload.pending_kind
            and p.points == payload.pending_points
        ),
        None,
    )
    if match is None:
        return rules
    pending = character.pending[:match] + character.pending[match + 1 :]
    named = _with_trait(character, payload)
    if named is None:
        return rules
    return rules.with_character(
        changed(named, pending=pending, named_change=character.named_change + payload.points_change)
    )


def _with_trait(character: Character, payload: TraitNamed) -> Character | None:
    """The character with the named trait added (or worsened); None if it cannot apply."""
    if payload.worsened:
        existing = character.disadvantage(payload.name)
        if existing is None:
            return None
        worse = changed(existing, points=payload.points, self_control=payload.self_control)
        return changed(
            character,
            disadvantages=tuple(worse if d is existing else d for d in character.disadvantages),
        )
    if payload.pending_kind == "quirk":
        return changed(character, quirks=(*character.quirks, Quirk(payload.name, payload.for_seq)))
    kind = {"physical": "physical", "delusion": "delusion"}.get(payload.pending_kind, "mental")
    item = Disadvantage(payload.name, payload.points, payload.self_control, kind, payload.for_seq)
    if kind == "physical":
        return changed(character, physical=(*character.physical, item))
    return changed(character, disadvantages=(*character.disadvantages, item))


@RECALL.on(TraitNamed)
def _recalled(payload: TraitNamed) -> NameTrait:
    # No points: the GM names "the trait check `for_seq` gives" (one per check, so `--points`
    # only guards it), and its points are the check's. Recalling the recorded ones would
    # refuse the naming once a correction of the check changes them (-10 to -15), where the
    # same typed command decides the named trait at the check's new points.
    return NameTrait(
        character=payload.character,
        for_seq=payload.for_seq,
        name=payload.name,
        points=None,
        self_control=None if payload.worsened else payload.self_control,
        worsen=payload.name if payload.worsened else None,
    )


CONCERNS.on(TraitNamed)(lambda p: (p.character,))
