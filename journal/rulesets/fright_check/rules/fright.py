"""`journal fright NAME --threat ID [modifiers...]`: a Fright Check, Will and the text's
modifiers (the Rule of 14 caps them at 13) against 3d6; a failure reads the Fright Check
Table at 3d6 plus the margin. With `--trait-name` the trait it gives is named in the same
breath; with `--change-to ROW --reason` the GM's "something more appropriate" applies.

Schema 2 of `FrightChecked` adds the GM's change of the row (`change_to`, `change_reason`)
and the row the dice gave (`rolled_row`; `row` is the one applied).

Dice purposes a check may ask the DiceBox for (`--effect-dice PURPOSE=a,b`):

- `will`: 3d6, the Fright Check itself (never for an Unfazeable character);
- `table`: 3d6, the Fright Check Table, only on a failure;
- effect sub-rolls, only when the row read needs them (`FrightCheck.effect_dice`):
  `stun` 1d (rows 10, 14-16) or 2d (row 11); `fp` 1d (rows 14, 15, 20); `faint` 1d (rows
  17, 18, 26, 27), 2d (row 19) or 4d (row 20); `panic` 1d (row 21); `coma` 1d (rows 29,
  38-40); `catatonia` 1d (row 30); `seizure` 1d and `seizure_fp` 1d (row 31); `ht` 3d6,
  the HT roll of rows 18, 26, 27 and 31; `injury` 1d (row 31 on a failed HT roll) or 2d
  (row 32); `reaction` 3d6, the total panic reaction (row 33).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import msgspec.structs
from msgspec import Struct
from msgspec.structs import replace

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
    changed,
    event,
    upcaster,
)
from journal.rulesets.fright_check.rules import modifiers as mods
from journal.rulesets.fright_check.rules.effects import lose_ht, losses, ongoing, pools
from journal.rulesets.fright_check.rules.fright_table import (
    EFFECT_DICE,
    HIGHEST,
    LOWEST,
    Context,
    PendingTrait,
    plain_effect,
    resolve,
    row_for,
    table_row,
)
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.modifiers import BODIES, MOD_LIMIT
from journal.rulesets.fright_check.rules.roll import D6, RULE_OF_14, success_roll
from journal.rulesets.fright_check.rules.state import (
    Character,
    CheckRecord,
    FrightState,
    Modifier,
    Pending,
    Window,
)
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.threats import inherit, remember
from journal.rulesets.fright_check.rules.trait import NameTrait, name_trait
from journal.rulesets.fright_check.rules.traits import fear_traits


class TraitChoice(Struct, frozen=True):
    """The trait the GM names at the check, for the one the table gives (see NameTrait)."""

    name: str = ""
    points: int | None = None
    self_control: int | None = None
    worsen: str | None = None


class FrightCheck(Command, frozen=True):
    """A Fright Check for `character` facing `threat` (an id such as `ghoul-1`).

    `kind` is the kind of threat (e.g. `ghoul`) for previous personal experience. The
    modifier inputs follow the text's list; `None` for `heat_of_battle`,
    `previous_experience` and `exposures` means "derive it from the journal".
    """

    #: the effect sub-rolls a row may ask for, with their dice (`--effect-dice PURPOSE=...`)
    effect_dice: ClassVar[Mapping[str, str]] = EFFECT_DICE

    character: str
    threat: str
    kind: str | None = None
    monster: int | None = None  # None: the threat's, if it has one (else none)
    count: int | None = None
    body: str | None = None
    mutilation: int | None = None
    dependent: bool = False
    heat_of_battle: bool | None = None
    touched: bool = False
    distant: bool = False
    remote: bool = False
    isolated: bool = False
    dark: bool = False
    alone: bool = False
    report: int = 0
    cowardice_applies: bool = False
    daredevil: bool = False
    higher_purpose: bool = False
    xenophilia_applies: bool = False
    extra: tuple[tuple[str, int], ...] = ()
    previous_experience: bool | None = None
    exposures: int | None = None
    #: name the acquired trait in the same breath (both recorded, or neither)
    trait: TraitChoice | None = None
    #: why a GM modifier (`--mod`) goes past -10..+10 (a typo guard otherwise)
    override: str | None = None
    #: the GM's "something more appropriate": on a failure, this row instead of the rolled one
    change_to: int | None = None
    change_reason: str | None = None
    #: what players read for the threat (`Thomas's body`), kept for later checks of it
    threat_name: str | None = None
    #: in daylight: -1 for a night-dweller (Nocturnal), as the dark is for everyone else
    daylight: bool = False
    #: the threat's inputs the GM gave (None: each one that is not None), and those the
    #: check took from what the threat remembers (`threats.inherit` fills both)
    given: tuple[str, ...] | None = None
    from_threat: tuple[str, ...] = ()
    #: False: a check an older journal recorded, before threats were remembered
    inherits: bool = True


@event
class FrightChecked(Event, frozen=True):
    """A Fright Check: its inputs (every flag and override as given, the dice, the game
    time used for the 24-hour window) and its results with their terms.

    Schema 2 adds the GM's change of the row (`change_to`, `change_reason`) and the row the
    dice gave (`rolled_row`; `row` is the one applied)."""

    schema: ClassVar[int] = 2
    # inputs
    character: str
    threat: str
    kind: str | None
    monster: int
    count: int | None
    body: str | None
    mutilation: int
    dependent: bool
    heat_of_battle: bool | None
    touched: bool
    distant: bool
    remote: bool
    isolated: bool
    dark: bool
    alone: bool
    report: int
    cowardice_applies: bool
    daredevil: bool
    higher_purpose: bool
    xenophilia_applies: bool
    extra: tuple[tuple[str, int], ...]
    previous_experience: bool | None
    exposures: int | None
    change_to: int | None
    change_reason: str | None
    game_time: str | None
    dice: Dice
    # results
    made: bool
    modifiers: tuple[Modifier, ...]
    will: int
    modified_will: int | None
    effective_will: int | None
    roll: int | None
    success: bool | None
    critical: bool
    margin: int | None
    failure_margin: int | None
    table_roll: int | None
    table_total: int | None
    rolled_row: int | None
    row: int | None
    effects: tuple[JSONObject, ...]
    pending: tuple[PendingTrait, ...]
    #: the threat as players read it: given with this check or with an earlier one of the
    #: same threat (None: handouts show its id in words)
    threat_name: str | None = None
    daylight: bool = False
    #: the threat's inputs the GM gave (`threats.INHERITED`; None: an older journal's
    #: check, every one given) and those taken from what the threat remembers
    given: tuple[str, ...] | None = None
    from_threat: tuple[str, ...] = ()


@upcaster("FrightChecked", 1)
def _row_as_rolled(data: dict[str, object]) -> dict[str, object]:
    """Schema 1 had no GM's change of row: the row applied is the one the dice gave."""
    return {**data, "change_to": None, "change_reason": None, "rolled_row": data.get("row")}


# --- decide -------------------------------------------------------------------------------


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


def window_term(window: Window) -> tuple[tuple[str, int], ...]:
    """The term a roll decided inside a window after a coma or catatonia carries."""
    return ((window.label(), window.value),)


def fright_check(state: CampaignState, command: FrightCheck, dice: DiceBox) -> FrightChecked:
    character = character_of(state, command.character)
    command = normalize(inherit(state, command))
    change_to, reason = _change(command)
    command = msgspec.structs.replace(command, change_to=change_to, change_reason=reason)
    # The conditional trait flags are refused for a character without the trait even
    # when no check is made (Unfazeable).
    mods.trait_modifiers(character, command)
    unmade = msgspec.structs.replace(
        _unmade(character, command, state.clock), threat_name=_threat_name(state, command)
    )
    if "Unfazeable" in fear_traits(character):  # dice entered for it are kept as unused
        return msgspec.structs.replace(unmade, dice=dice.rolled(D6))
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
        dice=dice.rolled(D6),
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


def normalize(command: FrightCheck) -> FrightCheck:
    """The command with its text inputs tidied and its ranges checked (RuleError if not)."""
    threat = " ".join(command.threat.split())
    if not threat:
        raise RuleError("a Fright Check needs the threat it faces: add --threat ID")
    kind = " ".join((command.kind or "").split()) or None
    body = command.body.strip().casefold() if command.body is not None else None
    if body is not None and body not in BODIES:
        raise RuleError(f"body {command.body!r} is unknown: use one of {', '.join(BODIES)}")
    monster, mutilation = command.monster or 0, command.mutilation or 0
    _check_range(monster, -10, 0, "the monster modifier", "give -1 to -10 (or 0 for none)")
    if command.count is not None and command.count < 0:
        raise RuleError(
            f"a horde of {command.count} cannot be: give the number of monsters (0 or more)"
        )
    _check_range(mutilation, 0, 3, "mutilation", "give 1 to 3 (how grisly)")
    if mutilation:
        if body not in (None, "violent", "mutilated"):
            raise RuleError(f"--mutilated goes with a violent death, not --body {body}")
        body = "mutilated"  # a grisly mutilation is a victim of violence
    elif body == "mutilated":
        raise RuleError("a mutilated body needs how grisly it is: add --mutilated 1 to 3")
    if command.dependent and body is None:
        raise RuleError("the Dependent -6 applies to a body: say which with --body")
    if command.dark and command.daylight:
        raise RuleError("it is either dark (--dark) or daylight (--daylight), not both: keep one")
    if command.distant and command.remote:
        raise RuleError(
            "a threat is seen either at a distance (+1) or remotely (+3), not both: keep one"
        )
    _check_range(command.report, 0, 3, "the report bonus", "give 1 to 3 (its quality), or 0")
    if command.exposures is not None and command.exposures < 0:
        raise RuleError(f"{command.exposures} exposures cannot be: give 0 or more")
    extra = tuple((" ".join(label.split()), value) for label, value in command.extra)
    override = " ".join((command.override or "").split())
    for label, value in extra:
        if not -MOD_LIMIT <= value <= MOD_LIMIT and not override:
            raise RuleError(
                f"--mod {label}={value:+d} is past -{MOD_LIMIT}..+{MOD_LIMIT} (the text's "
                f'own modifiers run -10 to +6): add --override "why" if you mean it'
            )
        if not label:
            raise RuleError(f"a GM modifier needs a label: write it as --mod LABEL={value:+d}")
    return replace(
        command,
        threat=threat,
        kind=kind,
        body=body,
        extra=extra,
        monster=monster,
        mutilation=mutilation,
    )


def _check_range(value: int, low: int, high: int, what: str, hint: str) -> None:
    if not low <= value <= high:
        raise RuleError(f"{what} {value} is out of range: {hint}")


def _threat_name(state: CampaignState, command: FrightCheck) -> str | None:
    """The threat's name for players: given now, or the one an earlier check gave it."""
    if command.threat_name is not None:
        name = " ".join(command.threat_name.split())
        if not name:
            raise RuleError("--threat-name is what players read for the threat: give some words")
        return name
    rules = rules_of(state)
    record = rules.threats.get(command.threat)
    return rules.threat_names.get(command.threat) or (record.name if record else None)


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


def _unmade(character: Character, command: FrightCheck, game_time: str | None) -> FrightChecked:
    """The event with its inputs and no check made (what an Unfazeable character gets)."""
    return FrightChecked(
        character=character.name,
        threat=command.threat,
        kind=command.kind,
        monster=command.monster or 0,
        count=command.count,
        body=command.body,
        mutilation=command.mutilation or 0,
        dependent=command.dependent,
        heat_of_battle=command.heat_of_battle,
        touched=command.touched,
        distant=command.distant,
        remote=command.remote,
        isolated=command.isolated,
        dark=command.dark,
        daylight=command.daylight,
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
        given=command.given,
        from_threat=command.from_threat,
    )


# --- evolve -------------------------------------------------------------------------------


@EVOLVE.on(FrightChecked)
def _checked_event(state: CampaignState, payload: FrightChecked, meta: Meta) -> FrightState:
    rules = rules_of(state)
    named = payload.threat_name
    if named is not None and rules.threat_names.get(payload.threat) != named:
        rules = changed(rules, threat_names={**rules.threat_names, payload.threat: named})
    if payload.given is not None:  # (an older journal's check describes no threat)
        gave = {f: getattr(payload, f) for f in payload.given}
        rules = remember(rules, payload.threat, meta.seq, {"name": named, **gave})
    # the session as the fold has it (a voided `session start` is no session), as the
    # decider reads it: not the envelope's stamp
    return _checked(rules, payload, meta, state.session)


def _checked(
    rules: FrightState, payload: FrightChecked, meta: Meta, session: int | None
) -> FrightState:
    character = rules.get(payload.character)
    if character is None:
        return rules
    record = CheckRecord(
        seq=meta.seq,
        threat=payload.threat,
        kind=payload.kind,
        game_time=payload.game_time,
        made=payload.made,
        success=payload.success,
        row=payload.row,
        modifiers=tuple(payload.modifiers),
        rolled_row=payload.rolled_row,
        modified_will=payload.modified_will,
        effects=tuple(payload.effects),
        session=session,
    )
    pending = tuple(Pending(p.kind, p.points, meta.seq) for p in payload.pending)
    lost = losses(payload.effects)
    character = changed(
        character,
        history=(*character.history, record),
        pending=character.pending + pending,
        iq_lost=character.iq_lost + lost.iq,
        ongoing=character.ongoing + ongoing(payload.effects, meta.seq),
    )
    return rules.with_character(pools(lose_ht(character, lost.ht), hp=-lost.hp, fp=-lost.fp))


# --- the audit and whom it concerns -------------------------------------------------------


@RECALL.on(FrightChecked)
def _recalled(payload: FrightChecked) -> FrightCheck:
    return FrightCheck(
        character=payload.character,
        threat=payload.threat,
        # what the GM gave stands; the rest it takes from the threat again
        kind=_given(payload, "kind"),
        monster=_given(payload, "monster"),
        count=_given(payload, "count"),
        body=_given(payload, "body"),
        mutilation=_given(payload, "mutilation"),
        dependent=payload.dependent,
        heat_of_battle=payload.heat_of_battle,
        touched=payload.touched,
        distant=payload.distant,
        remote=payload.remote,
        isolated=payload.isolated,
        dark=payload.dark,
        daylight=payload.daylight,
        alone=payload.alone,
        report=payload.report,
        cowardice_applies=payload.cowardice_applies,
        daredevil=payload.daredevil,
        higher_purpose=payload.higher_purpose,
        xenophilia_applies=payload.xenophilia_applies,
        extra=tuple((label, value) for label, value in payload.extra),
        previous_experience=payload.previous_experience,
        exposures=payload.exposures,
        override="as recorded",  # the typo guard was asked at the table
        change_to=payload.change_to,
        change_reason=payload.change_reason,
        threat_name=payload.threat_name,
        given=payload.given,
        inherits=payload.given is not None,
    )


def _given(payload: FrightChecked, field: str) -> Any:
    """A threat's input as the GM gave it (None: not given)."""
    given = payload.given is None or field in payload.given
    return getattr(payload, field) if given else None


CONCERNS.on(FrightChecked)(lambda p: (p.character,))
