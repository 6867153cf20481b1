"""The fright-check decider: commands in, events out, or a RuleError in the GM's words."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

import msgspec.structs

from journal.plugin.rules import (
    CampaignState,
    Deciders,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Stake,
    changed,
    plain,
)
from journal.rulesets.fright_check.rules import modifiers as mods
from journal.rulesets.fright_check.rules.commands import (
    EndCombat,
    FrightCheck,
    NameTrait,
    StartCombat,
)
from journal.rulesets.fright_check.rules.events import (
    CombatEnded,
    CombatStarted,
    FrightChecked,
    PendingTrait,
    TraitNamed,
)
from journal.rulesets.fright_check.rules.evolve import EVOLVE
from journal.rulesets.fright_check.rules.fright_table import (
    HIGHEST,
    LOWEST,
    Context,
    resolve,
    row_for,
)
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.roll import success_roll
from journal.rulesets.fright_check.rules.sheet import SELF_CONTROL, check_points, check_self_control
from journal.rulesets.fright_check.rules.state import Character, Pending, Window

RULE_OF_14 = 13


def window_term(window: Window) -> tuple[tuple[str, int], ...]:
    """The term a roll decided inside a window after a coma or catatonia carries."""
    return ((window.label(), window.value),)


#: GURPS self-control multipliers on a disadvantage's base points
MULTIPLIER = {15: Fraction(1, 2), 12: Fraction(1), 9: Fraction(3, 2), 6: Fraction(2)}


DECIDE = Deciders[CampaignState]("decide")


@DECIDE.on(FrightCheck)
def _check(state: CampaignState, command: FrightCheck, dice: DiceBox) -> list[Event]:
    """The check, and the trait it gives named in the same breath when the GM says so."""
    checked = fright_check(state, command, dice)
    if command.trait is None:
        return [checked]
    if not checked.pending:
        raise RuleError("this check gave no trait to name: leave out --trait-name / --trait-worsen")
    seq = state.seq + 1
    after = changed(
        state,
        seq=seq,
        rules=EVOLVE.evolve(state, checked, Meta(seq, state.clock, state.session)),
    )
    choice = command.trait
    naming = NameTrait(
        checked.character, seq, choice.name, choice.points, choice.self_control, choice.worsen
    )
    return [checked, name_trait(after, naming)]


@DECIDE.on(NameTrait)
def _name(state: CampaignState, command: NameTrait, dice: DiceBox) -> list[Event]:
    return [name_trait(state, command)]


@DECIDE.on(StartCombat)
def _start(state: CampaignState, command: StartCombat, dice: DiceBox) -> list[Event]:
    return [start_combat(state, command)]


@DECIDE.on(EndCombat)
def _end(state: CampaignState, command: EndCombat, dice: DiceBox) -> list[Event]:
    combat = rules_of(state).combat
    if combat is None:
        raise RuleError("no combat is running: start one with `journal encounter start`")
    return [CombatEnded(combat.title)]


def fright_check(state: CampaignState, command: FrightCheck, dice: DiceBox) -> FrightChecked:
    character = character_of(state, command.character)
    command = mods.normalize(command)
    change_to, reason = _change(command)
    command = msgspec.structs.replace(command, change_to=change_to, change_reason=reason)
    # The conditional trait flags are refused for a character without the trait even
    # when no check is made (Unfazeable).
    mods.trait_modifiers(character, command)
    unmade = msgspec.structs.replace(
        _unmade(character, command, state.clock), threat_name=_threat_name(state, command)
    )
    if "Unfazeable" in character.traits:  # dice entered for it are kept as unused
        return msgspec.structs.replace(unmade, dice=dice.rolled())
    items = mods.all_modifiers(
        character, command, rules_of(state).combat, state.clock, state.session
    )
    modified = character.will + sum(m.value for m in items)
    effective = min(RULE_OF_14, modified)
    rolled = dice.roll("will", 3, 6, Stake(target=effective))
    outcome = success_roll(effective, rolled.total)
    failure_margin = None if outcome.success else -outcome.margin
    table_roll = table_total = row = rolled_row = None
    effects: tuple[dict[str, object], ...] = ()
    pending: tuple[PendingTrait, ...] = ()
    if failure_margin is not None:
        table_roll = dice.roll("table", 3, 6, Stake(bonus=failure_margin)).total
        table_total = table_roll + failure_margin
        rolled_row = max(LOWEST, min(HIGHEST, table_total))
        row = rolled_row if change_to is None else change_to
        window = character.window(state.clock, state.session)
        terms = () if window is None else window_term(window)
        context = Context(character.will, modified, character.ht_now, terms)
        effects, pending = resolve(row_for(row), context, dice)
    return msgspec.structs.replace(
        unmade,
        dice=dice.rolled(),
        made=True,
        modifiers=tuple(items),
        modified_will=modified,
        effective_will=effective,
        roll=rolled.total,
        success=outcome.success,
        critical=outcome.critical,
        margin=outcome.margin,
        failure_margin=failure_margin,
        table_roll=table_roll,
        table_total=table_total,
        rolled_row=rolled_row,
        row=row,
        effects=tuple(plain_effect(e) for e in effects),
        pending=pending,
    )


def _threat_name(state: CampaignState, command: FrightCheck) -> str | None:
    """The threat's name for players: given now, or the one an earlier check gave it."""
    if command.threat_name is not None:
        name = " ".join(command.threat_name.split())
        if not name:
            raise RuleError("--threat-name is what players read for the threat: give some words")
        return name
    return rules_of(state).threat_names.get(command.threat)


def _change(command: FrightCheck) -> tuple[int | None, str | None]:
    """The GM's change of row given with the check: a row of the table and a reason."""
    reason = " ".join((command.change_reason or "").split()) or None
    if command.change_to is None:
        if reason is not None:
            raise RuleError("a --reason goes with --change-to ROW: say which row applies")
        return None, None
    if reason is None:
        raise RuleError(
            f'say why row {command.change_to} is more appropriate: --reason "awe, not fear"'
        )
    return table_row(command.change_to), reason


def table_row(row: int) -> int:
    if not LOWEST <= row <= HIGHEST:
        raise RuleError(
            f"the table's rows run {LOWEST} to {HIGHEST} (40 is 40+), not {row}: "
            "give the row that fits"
        )
    return row


def plain_effect(effect: dict[str, object]) -> dict[str, object]:
    """An effect as the store reads it back (tuples as lists), so the payload equals itself
    read back."""
    copy = plain(effect)
    assert isinstance(copy, dict)
    return copy


def _unmade(character: Character, command: FrightCheck, game_time: str | None) -> FrightChecked:
    """The event with its inputs and no check made (what an Unfazeable character gets)."""
    return FrightChecked(
        character=character.name,
        threat=command.threat,
        kind=command.kind,
        monster=command.monster,
        count=command.count,
        body=command.body,
        mutilation=command.mutilation,
        dependent=command.dependent,
        heat_of_battle=command.heat_of_battle,
        touched=command.touched,
        distant=command.distant,
        remote=command.remote,
        isolated=command.isolated,
        dark=command.dark,
        alone=command.alone,
        report=command.report,
        cowardice_applies=command.cowardice_applies,
        daredevil=command.daredevil,
        higher_purpose=command.higher_purpose,
        xenophilia_applies=command.xenophilia_applies,
        extra=command.extra,
        previous_experience=command.previous_experience,
        exposures=command.exposures,
        change_to=command.change_to,
        change_reason=command.change_reason,
        game_time=game_time,
        dice={},
        made=False,
        modifiers=(),
        will=character.will,
        modified_will=None,
        effective_will=None,
        roll=None,
        success=None,
        critical=False,
        margin=None,
        failure_margin=None,
        table_roll=None,
        table_total=None,
        rolled_row=None,
        row=None,
        effects=(),
        pending=(),
    )


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


def start_combat(state: CampaignState, command: StartCombat) -> CombatStarted:
    running = rules_of(state).combat
    if running is not None:
        raise RuleError(
            f"combat {running.title!r} is still running: end it with `journal encounter end` first"
        )
    title = " ".join(command.title.split()) or "Combat"
    cast: list[str] = []
    for name in command.cast:
        canonical = state.character(name)
        if canonical not in cast:
            cast.append(canonical)
    return CombatStarted(title, tuple(cast))
