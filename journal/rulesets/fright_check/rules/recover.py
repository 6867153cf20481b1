"""`journal recover NAME [--for SEQ] [--no-care]`: a recovery roll from a lasting condition
a failed Fright Check gave, against the target its row gave.

Readings (RULES.md Part 2): a recovery roll is a GURPS success roll (3d6 against the
target, criticals as for any success roll). Made: the condition ends. Failed: it goes on;
a coma (rows 29, 38-40) or a catatonia (row 30) lasts another 1d hours or days (rolled or
entered, `more`), a total panic (row 33) brings another panic reaction (3d, `reaction`).
Row 30 without medical care costs 1 HP the first day, 2 the second and so on, counted on
from one stretch of days to the next. Inside the window after a coma or catatonia, the
target is 2 less.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    JSONObject,
    Meta,
    RuleError,
    Stake,
    Term,
    Terms,
    advance,
    changed,
    event,
)
from journal.rulesets.fright_check.rules.effects import pools
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.roll import D6, success_roll
from journal.rulesets.fright_check.rules.state import (
    WINDOW_LABEL,
    Character,
    FrightState,
    Ongoing,
    Window,
)
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.words import AGAINST, condition_name


class Recover(Command, frozen=True):
    """A recovery roll for the character's lasting condition from the check at `for_seq`
    (None: their only one). `care` False: a catatonia's days passed without medical care."""

    character: str
    for_seq: int | None = None
    care: bool = True


@event
class RecoveryRolled(Event, frozen=True):
    """A recovery roll against the target a table row gave (stun, retching, faint, panic,
    coma, catatonia, total panic). Made: the condition ends. Failed: it goes on; a coma or
    a catatonia for `more` (another 1d hours or days), a total panic with a new `reaction`.
    A catatonia's days without medical care cost HP (`care_terms`: 1 the first day, 2 the
    second, and so on)."""

    character: str
    for_seq: int
    condition: str
    against: str
    target: int
    every: str
    attempt: int
    dice: Dice
    roll: int
    success: bool
    critical: bool
    margin: int
    care: bool
    care_terms: Terms
    hp_before: int
    hp_after: int
    more: JSONObject | None
    reaction: JSONObject | None
    lasted: JSONObject | None  # a coma's or catatonia's whole length so far
    #: inside the window after an earlier coma or catatonia: the target's terms (the row's
    #: target, then -2); empty outside one (and in the events older journals wrote)
    terms: Terms = ()


# --- decide -------------------------------------------------------------------------------


def _listed(character: Character) -> str:
    return ", ".join(f"{condition_name(o.kind)} from check #{o.seq}" for o in character.ongoing)


def lasting(character: Character, for_seq: int | None) -> Ongoing:
    """The condition a recovery roll is for: the one from check `for_seq`, or the only one."""
    if not character.ongoing:
        raise RuleError(
            f"{character.name} has no condition that ends with a recovery roll (stun, "
            "retching, faint, panic, coma, catatonia, total panic); the others end by "
            "themselves"
        )
    if for_seq is None:
        if len(character.ongoing) > 1:
            raise RuleError(f"{character.name} has {_listed(character)}: say which with --for SEQ")
        return character.ongoing[0]
    found = next((o for o in character.ongoing if o.seq == for_seq), None)
    if found is None:
        raise RuleError(
            f"{character.name} has no lasting condition from check #{for_seq} "
            f"(theirs: {_listed(character)})"
        )
    return found


def _d6(dice: DiceBox, purpose: str, count: int, unit: str | None = None) -> dict[str, Any]:
    rolled = dice.roll(purpose, count, 6)
    found: dict[str, Any] = {"value": rolled.total, "dice": f"{count}d", "faces": rolled.faces}
    return found if unit is None else {**found, "unit": unit}


def recover(state: CampaignState, command: Recover, dice: DiceBox) -> RecoveryRolled:
    character = character_of(state, command.character)
    found = lasting(character, command.for_seq)
    if not command.care and found.kind != "catatonia":
        raise RuleError(
            f"only a catatonia (row 30) costs HP without medical care, not "
            f"{condition_name(found.kind)}: leave --no-care out"
        )
    terms = _window_terms(state, character, found)
    target = found.target + sum(value for _, value in terms[1:])
    stake = Stake(target=target, about=condition_name(found.kind))
    rolled = dice.roll("recovery", 3, 6, stake)
    outcome = success_roll(target, rolled.total)
    care_terms: tuple[Term, ...] = ()
    if not command.care:
        first = found.days_without_care + 1
        days = range(first, first + (found.period or 0))
        care_terms = tuple((f"day {day} without medical care", -day) for day in days)
    more = reaction = lasted = None
    if not outcome.success and found.unit is not None:
        more = _d6(dice, "more", 1, found.unit)
    if not outcome.success and found.kind == "total-panic":
        reaction = _d6(dice, "reaction", 3)
    if found.unit is not None:
        extra = 0 if more is None else int(more["value"])
        lasted = {"value": (found.lasted or 0) + extra, "unit": found.unit}
    hp_after = character.hp + sum(value for _, value in care_terms)
    return RecoveryRolled(
        character=character.name,
        for_seq=found.seq,
        condition=found.kind,
        against=found.against,
        target=target,
        every=found.every,
        attempt=found.failed + 1,
        dice=dice.rolled(D6),
        roll=rolled.total,
        success=outcome.success,
        critical=outcome.critical,
        margin=outcome.margin,
        care=command.care,
        care_terms=care_terms,
        hp_before=character.hp,
        hp_after=hp_after,
        more=more,
        reaction=reaction,
        lasted=lasted,
        terms=terms,
    )


def _window_terms(state: CampaignState, character: Character, found: Ongoing) -> Terms:
    """Inside the window after a coma or catatonia, the target's terms: the row's target and
    -2 (RULES.md Part 2). A modified Will made inside the window holds it already."""
    window = character.window(state.clock, state.session)
    if window is None:
        return ()
    if found.against == "modified-will":
        record = character.check(found.seq)
        if record is not None and any(m.label.startswith(WINDOW_LABEL) for m in record.modifiers):
            return ()
    against = AGAINST.get(found.against, found.against)
    return ((against, found.target), (window.label(), window.value))


DECIDE.on(Recover)(lambda state, command, dice: [recover(state, command, dice)])


# --- evolve -------------------------------------------------------------------------------


@EVOLVE.on(RecoveryRolled)
def _recovery_event(state: CampaignState, payload: RecoveryRolled, meta: Meta) -> FrightState:
    # when they come to: the clock and session as the fold has them (as the decider does)
    return _recovery(rules_of(state), payload, Meta(meta.seq, state.clock, state.session))


def _recovery(rules: FrightState, payload: RecoveryRolled, meta: Meta) -> FrightState:
    character = rules.get(payload.character)
    if character is None:
        return rules
    found = next(
        (o for o in character.ongoing if o.seq == payload.for_seq and o.kind == payload.condition),
        None,
    )
    if found is None:
        return rules
    others = tuple(o for o in character.ongoing if o is not found)
    windows = character.windows
    if payload.success:
        still: tuple[Ongoing, ...] = ()
        came_to = window_after(character, found, payload, meta)
        if came_to is not None:
            windows = (*windows, came_to)
    else:
        more = _amount(payload.more)
        days = len(payload.care_terms)
        still = (
            changed(
                found,
                failed=found.failed + 1,
                period=more if more is not None else found.period,
                lasted=(found.lasted or 0) + more if more is not None else found.lasted,
                days_without_care=found.days_without_care + days,
            ),
        )
    character = changed(character, ongoing=others + still, windows=windows)
    return rules.with_character(pools(character, hp=payload.hp_after - payload.hp_before))


def window_after(
    character: Character, found: Ongoing, payload: RecoveryRolled, meta: Meta
) -> Window | None:
    """The -2 window a coma or catatonia leaves when the character comes to (the row's
    `skill-penalty`): 6 hours after a coma, as many days as the catatonia lasted, from the
    moment they come to (no clock: for the rest of its session)."""
    record = character.check(found.seq)
    if record is None or found.kind not in ("coma", "catatonia"):
        return None
    penalty = next((e for e in record.effects if e.get("kind") == "skill-penalty"), None)
    if penalty is None:
        return None
    value = penalty.get("value")
    if found.kind == "catatonia":
        lasted = _amount(payload.lasted) or found.lasted or 0
        length = f"{lasted}d"
    else:
        duration = penalty.get("duration")
        hours = duration.get("value") if isinstance(duration, Mapping) else None
        length = f"{hours if isinstance(hours, int) else 6}h"
    if length[:-1] == "0":
        return None
    starts = came_to_at(record.game_time, found, payload, meta.game_time)
    ends = None
    if starts is not None:
        try:
            ends = advance(starts, length)
        except RuleError:  # past the last date the clock can hold: open for good
            ends = None
    return Window(
        seq=found.seq,
        condition=found.kind,
        came_to=meta.seq,
        value=value if isinstance(value, int) else -2,
        length=length,
        starts=starts,
        ends=ends,
        session=meta.session,
    )


def came_to_at(
    checked_at: str | None, found: Ongoing, payload: RecoveryRolled, clock: str | None
) -> str | None:
    """When a coma or catatonia ends: at the end of its rolled stretches, counted from the
    check ("unconscious for 1d hours. Then roll vs. HT"), whatever the clock reads when the
    recovery roll is entered (RULES.md Part 2). With no clock at the check (or no stretch
    recorded): the clock at the recovery roll."""
    lasted = _amount(payload.lasted) or found.lasted
    if checked_at is None or not lasted or found.unit not in ("hours", "days"):
        return clock
    try:
        return advance(checked_at, f"{lasted}{found.unit[0]}")
    except RuleError:  # past the last date the clock can hold
        return clock


def _amount(value: JSONObject | None) -> int | None:
    if value is None:
        return None
    number = value.get("value")
    return number if isinstance(number, int) else None


RECALL.on(RecoveryRolled)(lambda p: Recover(p.character, p.for_seq, p.care))
CONCERNS.on(RecoveryRolled)(lambda p: (p.character,))
