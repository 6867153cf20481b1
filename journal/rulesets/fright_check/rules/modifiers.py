"""Fright Check modifiers: exactly the text's list, validated and itemized.

Every modifier becomes a `Modifier(label, value, source)`; `source` is `"given"`
for what the GM said (flags, overrides, conditional traits they applied) and
`"derived"` for what the journal worked out (always-on traits from the sheet, heat of
battle from the running combat, previous experience and exposures from earlier checks).
Derived modifiers are itemized even at 0, so the GM sees the derivation was made.

Rulings:
- Previous personal experience: an earlier Fright Check this character made (not an
  Unfazeable non-check) against a threat of the same `kind` (case-insensitive); no
  kind given, no previous experience.
- Exposures: earlier checks this character made against the same `threat` id whose
  game time lies 0 to 24 game-hours (both inclusive) before this one's. An earlier check
  at the same game minute counts (the clock was simply not advanced between them); one
  exactly 24 h earlier counts; 24 h 1 min earlier does not; one stamped later than this
  check (a clock set back) does not. With the clock not set, the earlier checks of the
  same session count as within 24 hours (RULES.md); outside a session none are counted
  and the label says so. Earlier checks without a game time (made before the clock was
  set) are left out and the label says how many.
- After a coma or catatonia: inside the window (`state.Window`), -2 for all skill rolls
  and attribute checks, listed as a derived modifier of every Fright Check.
- Heat of battle: derived on while a combat runs and the character is in its cast (an
  empty cast is everyone).
"""

from __future__ import annotations

from typing import Protocol

from journal.plugin.rules import RuleError, hours_between
from journal.rulesets.fright_check.rules.state import Character, CheckRecord, Combat, Modifier
from journal.rulesets.fright_check.rules.traits import fear_traits

GIVEN = "given"
DERIVED = "derived"

BODIES = {
    "peaceful": (6, "peaceful-looking body, prepared for burial"),
    "no-violence": (2, "dead body with no signs of violence"),
    "violent": (0, "victim of violence"),
    "mutilated": (0, "grisly mutilation"),
}
DEPENDENT = -6
HEAT_OF_BATTLE = 5
#: (at least this many monsters, modifier), largest first
HORDE = ((100, -5), (50, -4), (20, -3), (10, -2), (5, -1))
TOUCHED, DISTANT, REMOTE = -1, 1, 3
ISOLATED, DARK, ALONE = -1, -1, -2
PREVIOUS_EXPERIENCE = 1
EXPOSURE_WINDOW_HOURS = 24
COMBAT_REFLEXES, COMBAT_PARALYSIS = 2, -2
DAREDEVIL, HIGHER_PURPOSE = 1, 1
#: how far a GM's own modifier (`--mod`) may go before it needs an override with a reason
MOD_LIMIT = 10


class Asked(Protocol):
    """What the modifiers read of a Fright Check the GM asks for (`fright.FrightCheck`,
    normalized: its text tidied, its ranges checked)."""

    @property
    def threat(self) -> str: ...
    @property
    def kind(self) -> str | None: ...
    @property
    def monster(self) -> int | None: ...
    @property
    def count(self) -> int | None: ...
    @property
    def body(self) -> str | None: ...
    @property
    def mutilation(self) -> int | None: ...
    @property
    def dependent(self) -> bool: ...
    @property
    def heat_of_battle(self) -> bool | None: ...
    @property
    def touched(self) -> bool: ...
    @property
    def distant(self) -> bool: ...
    @property
    def remote(self) -> bool: ...
    @property
    def isolated(self) -> bool: ...
    @property
    def dark(self) -> bool: ...
    @property
    def daylight(self) -> bool: ...
    @property
    def alone(self) -> bool: ...
    @property
    def report(self) -> int: ...
    @property
    def cowardice_applies(self) -> bool: ...
    @property
    def daredevil(self) -> bool: ...
    @property
    def higher_purpose(self) -> bool: ...
    @property
    def xenophilia_applies(self) -> bool: ...
    @property
    def extra(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def previous_experience(self) -> bool | None: ...
    @property
    def exposures(self) -> int | None: ...
    @property
    def from_threat(self) -> tuple[str, ...]: ...


def _whose(command: Asked, *fields: str) -> str:
    """` (threat nurse)` after a modifier the check took from its threat."""
    return f" (threat {command.threat})" if set(fields) & set(command.from_threat) else ""


def item(label: str, value: int, source: str) -> Modifier:
    return Modifier(label, value, source)


def horde(count: int) -> int:
    for least, value in HORDE:
        if count >= least:
            return value
    return 0


def trait_modifiers(character: Character, command: Asked) -> list[Modifier]:
    """The traits' modifiers: always-on ones derived from the sheet (wherever a trait sits
    on it: Cowardice among the disadvantages is Cowardice), the conditional ones the GM
    says apply, and the Fright Check bonus a GCS file gave another trait."""
    traits = fear_traits(character)
    mods: list[Modifier] = []
    if isinstance(level := traits.get("Fearlessness"), int) and level is not True:
        mods.append(item(f"Fearlessness {level}", level, DERIVED))
    if isinstance(level := traits.get("Fearfulness"), int) and level is not True:
        mods.append(item(f"Fearfulness {level}", -level, DERIVED))
    if "Combat Reflexes" in traits:
        mods.append(item("Combat Reflexes", COMBAT_REFLEXES, DERIVED))
    if "Combat Paralysis" in traits:
        mods.append(item("Combat Paralysis", COMBAT_PARALYSIS, DERIVED))
    conditional = (
        (command.cowardice_applies, "Cowardice", "physical safety at risk"),
        (command.daredevil, "Daredevil", "charging in"),
        (command.higher_purpose, "Higher Purpose", "a threat sworn to oppose"),
        (command.xenophilia_applies, "Xenophilia", "confronting monsters"),
    )
    for applies, trait, why in conditional:
        if not applies:
            continue
        level = traits.get(trait)
        if level is None:
            raise RuleError(
                f"{character.name} does not have {trait}, so its modifier cannot apply: "
                "drop the flag (or add the trait to the sheet)"
            )
        mods.append(
            item(f"{_trait_label(trait, level)} ({why})", _trait_value(trait, level), GIVEN)
        )
    for other in character.others:
        if other.fright:
            mods.append(
                item(f"{other.name} (its Fright Check bonus on the sheet)", other.fright, DERIVED)
            )
    return mods


def _trait_label(trait: str, level: int | bool) -> str:
    return trait if level is True else f"{trait} {level}"


def _trait_value(trait: str, level: int | bool) -> int:
    if trait == "Cowardice":
        return -int(level)
    if trait == "Xenophilia":
        return int(level)
    return DAREDEVIL if trait == "Daredevil" else HIGHER_PURPOSE


def body_modifiers(command: Asked) -> list[Modifier]:
    if command.body is None:
        return []
    value, label = BODIES[command.body]
    if command.body == "mutilated":
        grisly = command.mutilation or 0
        value, label = -grisly, f"{label} ({grisly})"
    mods = [item(label + _whose(command, "body", "mutilation"), value, GIVEN)]
    if command.dependent:
        mods.append(item("the victim was a Dependent", DEPENDENT, GIVEN))
    return mods


def heat_modifier(character: Character, command: Asked, combat: Combat | None) -> Modifier:
    running = combat is not None and combat.includes(character.name)
    if command.heat_of_battle is None:
        if combat is not None and running:
            return item(
                f"heat of battle (combat {combat.title!r} running)", HEAT_OF_BATTLE, DERIVED
            )
        if combat is not None:
            return item(f"no heat of battle (not in combat {combat.title!r})", 0, DERIVED)
        return item("no heat of battle (no combat running)", 0, DERIVED)
    if command.heat_of_battle:
        return item("heat of battle (GM)", HEAT_OF_BATTLE, GIVEN)
    return item("no heat of battle (GM)", 0, GIVEN)


def circumstance_modifiers(command: Asked, night_dweller: bool = False) -> list[Modifier]:
    """The monster, a horde, and the physical circumstances. The dark is -1 "(or in
    daylight, if you're a night-dweller!)": Nocturnal turns it around."""
    mods: list[Modifier] = []
    if command.monster:
        mods.append(item("monster" + _whose(command, "monster"), command.monster, GIVEN))
    if command.count is not None:
        value = horde(command.count)
        bracket = next((f"{least}+" for least, v in HORDE if v == value), "below 5: none")
        label = f"horde of {command.count} ({bracket})" + _whose(command, "count")
        mods.append(item(label, value, GIVEN))
    flags = (
        (command.touched, "it touches you", TOUCHED),
        (command.distant, "at a great distance (100 yd+)", DISTANT),
        (command.remote, "viewed remotely", REMOTE),
        (command.isolated, "physically isolated", ISOLATED),
        (command.dark and not night_dweller, "dark", DARK),
        (command.dark and night_dweller, "dark: no penalty for a night-dweller (Nocturnal)", 0),
        (command.daylight and night_dweller, "daylight, for a night-dweller (Nocturnal)", DARK),
        (command.daylight and not night_dweller, "daylight: no penalty (not a night-dweller)", 0),
        (command.alone, "alone", ALONE),
    )
    mods.extend(item(label, value, GIVEN) for on, label, value in flags if on)
    return mods


def previous_experience_modifier(character: Character, command: Asked) -> Modifier:
    if command.previous_experience is not None:
        if command.previous_experience:
            return item(
                "previous experience with this kind of threat (GM)", PREVIOUS_EXPERIENCE, GIVEN
            )
        return item("no previous experience (GM)", 0, GIVEN)
    if command.kind is None:
        return item("previous experience: no kind of threat given", 0, DERIVED)
    earlier = [
        c.seq
        for c in character.history
        if c.made and c.kind is not None and c.kind.casefold() == command.kind.casefold()
    ]
    kind = command.kind + _whose(command, "kind").replace(" (", " (the kind of ")
    if earlier:
        return item(
            f"previous experience with {kind} (check {earlier[0]})", PREVIOUS_EXPERIENCE, DERIVED
        )
    return item(f"no previous experience with {kind}", 0, DERIVED)


def exposures_modifier(
    character: Character, command: Asked, game_time: str | None, session: int | None = None
) -> Modifier:
    threat = command.threat
    if command.exposures is not None:
        return item(
            f"earlier exposures to {threat} in 24 game-hours (GM: {command.exposures})",
            command.exposures,
            GIVEN,
        )
    same = [c for c in character.history if c.made and c.threat.casefold() == threat.casefold()]
    if game_time is None:
        return _exposures_this_session(threat, same, session)
    untimed = sum(1 for c in same if c.game_time is None)
    within = [
        c.seq
        for c in same
        if c.game_time is not None
        and 0 <= hours_between(c.game_time, game_time) <= EXPOSURE_WINDOW_HOURS
    ]
    if within:
        checks = "check" if len(within) == 1 else "checks"
        label = f"earlier exposures to {threat} in the last 24 game-hours ({checks} "
        label += ", ".join(map(str, within)) + ")"
    else:
        label = f"no earlier exposure to {threat} in the last 24 game-hours"
    if untimed:
        label += f"; {untimed} earlier check(s) without a game time not counted"
    return item(label, len(within), DERIVED)


def _exposures_this_session(threat: str, same: list[CheckRecord], session: int | None) -> Modifier:
    """With no campaign clock, the earlier checks against the threat in this session count
    as within 24 hours; outside a session nothing can place them, and none count."""
    if session is None:
        note = f"; {len(same)} earlier check(s) not counted" if same else ""
        return item(
            f"exposures to {threat} in 24 game-hours: the campaign clock is not set and no "
            f"session is running{note}",
            0,
            DERIVED,
        )
    within = [c.seq for c in same if c.session == session]
    if not within:
        return item(
            f"no earlier exposure to {threat} this session (the campaign clock is not set)",
            0,
            DERIVED,
        )
    checks = "check" if len(within) == 1 else "checks"
    label = f"earlier exposures to {threat} this session, counted as within 24 game-hours "
    label += f"(the campaign clock is not set; {checks} " + ", ".join(map(str, within)) + ")"
    return item(label, len(within), DERIVED)


def window_modifier(
    character: Character, game_time: str | None, session: int | None
) -> list[Modifier]:
    """-2 inside the window after a coma or catatonia (RULES.md Part 2)."""
    window = character.window(game_time, session)
    if window is None:
        return []
    return [item(window.label(), window.value, DERIVED)]


def report_modifier(command: Asked) -> list[Modifier]:
    if not command.report:
        return []
    return [
        item(
            f"learned the details beforehand (report quality {command.report})",
            command.report,
            GIVEN,
        )
    ]


def all_modifiers(
    character: Character,
    command: Asked,
    combat: Combat | None,
    game_time: str | None,
    session: int | None = None,
) -> tuple[Modifier, ...]:
    """The itemized modifiers in the text's order, then the window after a coma or
    catatonia (not the text's list: the table's own aftermath); `command` must be
    normalized."""
    return (
        *trait_modifiers(character, command),
        *body_modifiers(command),
        heat_modifier(character, command, combat),
        *circumstance_modifiers(command, "Nocturnal" in fear_traits(character)),
        previous_experience_modifier(character, command),
        exposures_modifier(character, command, game_time, session),
        *report_modifier(command),
        *(item(label, value, GIVEN) for label, value in command.extra),
        *window_modifier(character, game_time, session),
    )
