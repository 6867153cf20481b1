"""Getting over a failed Fright Check: recovery rolls against the target a row gave, HP
and FP regained (first aid and time), a night's rest.

Readings (RULES.md Part 2): a recovery roll is a GURPS success roll (3d6 against the
target, criticals as for any success roll). Made: the condition ends. Failed: it goes on;
a coma (rows 29, 38-40) or a catatonia (row 30) lasts another 1d hours or days (rolled or
entered, `more`), a total panic (row 33) brings another panic reaction (3d, `reaction`).
Row 30 without medical care costs 1 HP the first day, 2 the second and so on, counted on
from one stretch of days to the next.
"""

from __future__ import annotations

from typing import Any

from journal.plugin.rules import CampaignState, DiceBox, RuleError, Stake, Term, Terms, rested_for
from journal.rulesets.fright_check.rules.commands import Heal, Recover, Rest
from journal.rulesets.fright_check.rules.decide import DECIDE
from journal.rulesets.fright_check.rules.effects import SHORT
from journal.rulesets.fright_check.rules.events import (
    Ended,
    FatigueChange,
    Healed,
    RecoveryRolled,
    RestRecorded,
)
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.roll import success_roll
from journal.rulesets.fright_check.rules.state import WINDOW_LABEL, Character, Ongoing
from journal.rulesets.fright_check.rules.words import AGAINST, condition_name


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
        dice=dice.rolled(),
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


def heal(state: CampaignState, command: Heal) -> Healed:
    character = character_of(state, command.character)
    if command.hp < 0 or command.fp < 0 or not (command.hp or command.fp):
        raise RuleError(
            "healing gives back 1 HP or FP or more: give --hp N and/or --fp N "
            "(a loss comes from the table, not from `heal`)"
        )
    for amount, now, most, what in (
        (command.hp, character.hp, character.hp_max, "HP"),
        (command.fp, character.fp, character.fp_max, "FP"),
    ):
        if amount and now >= most:
            raise RuleError(f"{character.name}'s {what} is already at its maximum {most}")
    return Healed(
        character=character.name,
        hp=command.hp,
        fp=command.fp,
        hp_before=character.hp,
        hp_after=min(character.hp_max, character.hp + command.hp),
        hp_max=character.hp_max,
        fp_before=character.fp,
        fp_after=min(character.fp_max, character.fp + command.fp),
        fp_max=character.fp_max,
    )


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
        ended = tuple(Ended(o.kind, o.seq) for o in who.ongoing if o.kind in SHORT)
        changes.append(FatigueChange(name, who.fp, max(who.fp, who.fp_max), who.fp_max, ended))
    return RestRecorded(tuple(names), everyone, tuple(changes))


DECIDE.on(Recover)(lambda state, command, dice: [recover(state, command, dice)])
DECIDE.on(Heal)(lambda state, command, dice: [heal(state, command)])
DECIDE.on(Rest)(lambda state, command, dice: rested_for(state, command.hours, rest(state, command)))
