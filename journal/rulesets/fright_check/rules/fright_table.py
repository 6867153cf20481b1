"""The Fright Check Table, rows 4 to 40+, as data; `resolve` turns a row into effects.

Each row is a `Row` of effect specs. `resolve` is generic over the specs: it asks the
`DiceBox` for a sub-roll only when a spec needs one and returns JSON-plain effect
mappings plus the pending acquired traits. Effect mappings:

- conditions (`stun`, `retch`, `faint`, `panic`, `coma`, `catatonia`, `seizure`,
  `stricken`, `total-panic`): `duration` `{value, unit, dice, faces}` (None when it lasts
  until recovery), `recovery` `{against, every, target}` (None when it ends by itself),
  `note`; total panic also has `reaction` (the GM's 3d: higher is more useless).
- `fp-loss` with `fp`, `injury` with `hp`: `{value, dice, faces}`.
- `ht-roll`: `{target, roll, faces, success, critical, margin}` (and `terms`, HT and the
  -2, when it is rolled inside the window after a coma or catatonia), followed by the
  effects of its failure / critical failure.
- acquired traits (`quirk`, `delusion`, `phobia-or-mental`, `physical-disadvantage`,
  `self-control-or-new`) with `points`; each also becomes a pending item.
- `ht-loss`, `iq-loss` with `amount` (permanent); `skill-penalty` with `value`,
  `duration`, `starts`.

Recovery targets: `unmodified-will` is Will; `modified-will` is Will plus every modifier
of the original check (without the Rule of 14, which only applies to the Fright Check
itself); `will` (total panic) is Will; `ht` is HT after permanent losses.

Readings: rows 26 and 27 "faint ... as per 18" include row 18's immediate HT roll (1 HP
on a failure). Row 20's faint "bordering on shock" names no recovery roll: it lasts its
4d minutes. Rows 29, 38-40 (coma "as above") keep row 28's -2 for 6 hours after waking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from msgspec import Struct

from journal.plugin.rules import DiceBox, RuleError, Stake, plain
from journal.rulesets.fright_check.rules.roll import success_roll

Effect = dict[str, Any]


class PendingTrait(Struct, frozen=True):
    """A trait a table row gives, waiting for the GM to name it."""

    kind: str  # quirk | mental | delusion | physical | self-control-or-new
    points: int


#: pending kind for each acquired-trait effect kind
PENDING_KIND = {
    "quirk": "quirk",
    "delusion": "delusion",
    "phobia-or-mental": "mental",
    "physical-disadvantage": "physical",
    "self-control-or-new": "self-control-or-new",
}


@dataclass(frozen=True)
class Dice:
    purpose: str
    count: int  # d6s

    @property
    def text(self) -> str:
        return f"{self.count}d"


@dataclass(frozen=True)
class Span:
    unit: str
    fixed: int | None = None
    dice: Dice | None = None
    minus_ht_from: int | None = None  # (N - HT) units, e.g. retching for (25 - HT) seconds
    same_as: str | None = None  # as long as the earlier condition of that kind


@dataclass(frozen=True)
class Recovery:
    against: str  # unmodified-will | modified-will | will | ht
    every: str


@dataclass(frozen=True)
class Condition:
    kind: str
    duration: Span | None = None
    recovery: Recovery | None = None
    note: str = ""
    reaction: Dice | None = None


@dataclass(frozen=True)
class Amount:
    kind: str  # fp-loss | injury
    fixed: int | None = None
    dice: Dice | None = None
    note: str = ""


@dataclass(frozen=True)
class Permanent:
    kind: str  # ht-loss | iq-loss
    amount: int


@dataclass(frozen=True)
class HTRoll:
    on_failure: tuple[Amount, ...] = ()
    on_critical_failure: tuple[Permanent, ...] = ()


@dataclass(frozen=True)
class Acquire:
    kind: str  # a key of PENDING_KIND
    points: int
    note: str = ""


@dataclass(frozen=True)
class Penalty:
    value: int
    duration: Span
    starts: str


Spec = Condition | Amount | Permanent | HTRoll | Acquire | Penalty


@dataclass(frozen=True)
class Row:
    low: int
    high: int  # 40 stands for 40+
    text: str
    effects: tuple[Spec, ...]


SECOND = Span("seconds", fixed=1)
STUN_1D = Condition(
    "stun", Span("seconds", dice=Dice("stun", 1)), Recovery("modified-will", "second")
)
QUIRK = Acquire("quirk", -1, "a new mental quirk, related to the event")
FAINT_1D = Condition("faint", Span("minutes", dice=Dice("faint", 1)), Recovery("ht", "minute"))
FAINT_18 = (FAINT_1D, HTRoll(on_failure=(Amount("injury", fixed=1, note="collapsing"),)))
DELUSION_10 = Acquire("delusion", -10)
MENTAL_10 = Acquire("phobia-or-mental", -10, "a Phobia or other mental disadvantage")
AFTER_COMA = Penalty(-2, Span("hours", fixed=6), "after coming to")
COMA = (
    Condition("coma", Span("hours", dice=Dice("coma", 1)), Recovery("ht", "1d hours")),
    AFTER_COMA,
)
MENTAL_15 = Acquire("phobia-or-mental", -15, "a Phobia or other mental disadvantage")
PHYSICAL_NOTE = "set by the GM (e.g. hair turns white); each year of age counts as -3 points"

ROWS: tuple[Row, ...] = (
    Row(4, 5, "stunned 1 second, then recover automatically", (Condition("stun", SECOND),)),
    Row(
        6,
        7,
        "stunned 1 second, then roll vs unmodified Will each second",
        (Condition("stun", SECOND, Recovery("unmodified-will", "second")),),
    ),
    Row(
        8,
        9,
        "stunned 1 second, then roll vs modified Will each second",
        (Condition("stun", SECOND, Recovery("modified-will", "second")),),
    ),
    Row(10, 10, "stunned 1d seconds, then modified Will each second", (STUN_1D,)),
    Row(
        11,
        11,
        "stunned 2d seconds, then modified Will each second",
        (
            Condition(
                "stun", Span("seconds", dice=Dice("stun", 2)), Recovery("modified-will", "second")
            ),
        ),
    ),
    Row(
        12,
        12,
        "lose your lunch: retch for (25 - HT) seconds, then HT each second",
        (
            Condition(
                "retch",
                Span("seconds", minus_ht_from=25),
                Recovery("ht", "second"),
                "lose your lunch",
            ),
        ),
    ),
    Row(13, 13, "acquire a new mental quirk", (QUIRK,)),
    Row(
        14,
        15,
        "lose 1d FP and stunned 1d seconds",
        (Amount("fp-loss", dice=Dice("fp", 1)), STUN_1D),
    ),
    Row(16, 16, "stunned 1d seconds and a new quirk", (STUN_1D, QUIRK)),
    Row(17, 17, "faint for 1d minutes, HT each minute", (FAINT_1D,)),
    Row(18, 18, "faint for 1d minutes; HT now or 1 HP of injury", FAINT_18),
    Row(
        19,
        19,
        "severe faint for 2d minutes, HT each minute; 1 HP of injury",
        (
            Condition(
                "faint", Span("minutes", dice=Dice("faint", 2)), Recovery("ht", "minute"), "severe"
            ),
            Amount("injury", fixed=1),
        ),
    ),
    Row(
        20,
        20,
        "faint bordering on shock for 4d minutes; lose 1d FP",
        (
            Condition("faint", Span("minutes", dice=Dice("faint", 4)), note="bordering on shock"),
            Amount("fp-loss", dice=Dice("fp", 1)),
        ),
    ),
    Row(
        21,
        21,
        "panic for 1d minutes, then unmodified Will each minute",
        (
            Condition(
                "panic",
                Span("minutes", dice=Dice("panic", 1)),
                Recovery("unmodified-will", "minute"),
            ),
        ),
    ),
    Row(22, 22, "acquire a -10-point Delusion", (DELUSION_10,)),
    Row(23, 23, "acquire a -10-point Phobia or other mental disadvantage", (MENTAL_10,)),
    Row(
        24,
        24,
        "major physical effect: -15 points of physical disadvantages",
        (Acquire("physical-disadvantage", -15, PHYSICAL_NOTE),),
    ),
    Row(
        25,
        25,
        "a related disadvantage's self-control one step worse, or a new -10-point one",
        (Acquire("self-control-or-new", -10, "worsen a related self-control number, else new"),),
    ),
    Row(26, 26, "faint as per 18 and a -10-point Delusion", (*FAINT_18, DELUSION_10)),
    Row(27, 27, "faint as per 18 and a -10-point mental disadvantage", (*FAINT_18, MENTAL_10)),
    Row(
        28,
        28,
        "light coma: HT every 30 minutes; -2 for 6 hours after",
        (Condition("coma", None, Recovery("ht", "30 minutes"), "light coma"), AFTER_COMA),
    ),
    Row(29, 29, "coma for 1d hours, then HT or another 1d hours", COMA),
    Row(
        30,
        30,
        "catatonia for 1d days, then HT or another 1d days",
        (
            Condition(
                "catatonia",
                Span("days", dice=Dice("catatonia", 1)),
                Recovery("ht", "1d days"),
                "without medical care lose 1 HP the first day, 2 the second, and so on",
            ),
            Penalty(-2, Span("days", same_as="catatonia"), "after awakening"),
        ),
    ),
    Row(
        31,
        31,
        "seizure for 1d minutes costing 1d FP; HT or 1d injury (critical: -1 HT)",
        (
            Condition("seizure", Span("minutes", dice=Dice("seizure", 1))),
            Amount("fp-loss", dice=Dice("seizure_fp", 1)),
            HTRoll(
                on_failure=(Amount("injury", dice=Dice("injury", 1)),),
                on_critical_failure=(Permanent("ht-loss", 1),),
            ),
        ),
    ),
    Row(
        32,
        32,
        "stricken: 2d injury (mild heart attack or stroke)",
        (
            Condition("stricken", note="mild heart attack or stroke"),
            Amount("injury", dice=Dice("injury", 2)),
        ),
    ),
    Row(
        33,
        33,
        "total panic: the GM rolls 3d for the reaction; Will to come out",
        (
            Condition(
                "total-panic",
                recovery=Recovery("will", "panic reaction survived"),
                note="out of control: the higher the reaction roll, the more useless",
                reaction=Dice("reaction", 3),
            ),
        ),
    ),
    Row(34, 34, "acquire a -15-point Delusion", (Acquire("delusion", -15),)),
    Row(35, 35, "acquire a -15-point Phobia or other mental disadvantage", (MENTAL_15,)),
    Row(
        36,
        36,
        "severe physical effect: -20 points of physical disadvantages",
        (Acquire("physical-disadvantage", -20, PHYSICAL_NOTE),),
    ),
    Row(
        37,
        37,
        "severe physical effect: -30 points of physical disadvantages",
        (Acquire("physical-disadvantage", -30, PHYSICAL_NOTE),),
    ),
    Row(38, 38, "coma as per 29 and a -15-point Delusion", (*COMA, Acquire("delusion", -15))),
    Row(39, 39, "coma as per 29 and a -15-point mental disadvantage", (*COMA, MENTAL_15)),
    Row(
        40,
        40,
        "as 39, and lose 1 IQ permanently",
        (*COMA, MENTAL_15, Permanent("iq-loss", 1)),
    ),
)

LOWEST, HIGHEST = 4, 40


def table_row(row: int) -> int:
    """A row the GM names (`--change-to`, `--row`), refused when the table has none."""
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


def row_for(total: int) -> Row:
    """The row a table total reads (above 40 reads 40+)."""
    number = max(LOWEST, min(HIGHEST, total))
    return next(r for r in ROWS if r.low <= number <= r.high)


@dataclass(frozen=True)
class Context:
    will: int
    modified_will: int  # Will plus the check's modifiers, no Rule of 14
    ht: int  # HT after permanent losses
    #: what lowers the row's immediate HT roll (the -2 window after a coma or catatonia)
    ht_terms: tuple[tuple[str, int], ...] = ()


class _Resolver:
    def __init__(self, context: Context, dice: DiceBox) -> None:
        self.context = context
        self.dice = dice
        self.effects: list[Effect] = []
        self.pending: list[PendingTrait] = []
        self.durations: dict[str, int | None] = {}

    def roll(self, dice: Dice) -> dict[str, Any]:
        rolled = self.dice.roll(dice.purpose, dice.count, 6)
        return {"value": rolled.total, "dice": dice.text, "faces": rolled.faces}

    def amount(self, fixed: int | None, dice: Dice | None) -> dict[str, Any]:
        if dice is not None:
            return self.roll(dice)
        return {"value": fixed, "dice": None, "faces": ()}

    def span(self, span: Span | None) -> dict[str, Any] | None:
        if span is None:
            return None
        if span.dice is not None:
            return {**self.roll(span.dice), "unit": span.unit}
        if span.minus_ht_from is not None:
            value = max(0, span.minus_ht_from - self.context.ht)
            formula = f"{span.minus_ht_from} - HT {self.context.ht}"
            return {
                "value": value,
                "unit": span.unit,
                "dice": None,
                "faces": (),
                "formula": formula,
            }
        if span.same_as is not None:
            same = self.durations.get(span.same_as)
            return {
                "value": same,
                "unit": span.unit,
                "dice": None,
                "faces": (),
                "same_as": span.same_as,
                "formula": f"as long as the {span.same_as} lasts: {same} or more",
            }
        return {"value": span.fixed, "unit": span.unit, "dice": None, "faces": ()}

    def target(self, against: str) -> int:
        if against == "ht":
            return self.context.ht
        if against == "modified-will":
            return self.context.modified_will
        return self.context.will

    def add(self, spec: Spec) -> None:
        match spec:
            case Condition():
                self.condition(spec)
            case Amount(kind=kind, fixed=fixed, dice=dice, note=note):
                key = "fp" if kind == "fp-loss" else "hp"
                self.effects.append(_noted({"kind": kind, key: self.amount(fixed, dice)}, note))
            case Permanent(kind=kind, amount=amount):
                self.effects.append({"kind": kind, "amount": amount, "permanent": True})
            case HTRoll():
                self.ht_roll(spec)
            case Acquire(kind=kind, points=points, note=note):
                self.effects.append(_noted({"kind": kind, "points": points, "pending": True}, note))
                self.pending.append(PendingTrait(PENDING_KIND[kind], points))
            case Penalty(value=value, duration=duration, starts=starts):
                self.effects.append(
                    {
                        "kind": "skill-penalty",
                        "value": value,
                        "applies_to": "all skill rolls and attribute checks",
                        "duration": self.span(duration),
                        "starts": starts,
                    }
                )

    def condition(self, spec: Condition) -> None:
        duration = self.span(spec.duration)
        self.durations[spec.kind] = None if duration is None else duration["value"]
        effect: Effect = {
            "kind": spec.kind,
            "duration": duration,
            "recovery": None
            if spec.recovery is None
            else {
                "against": spec.recovery.against,
                "every": spec.recovery.every,
                "target": self.target(spec.recovery.against),
            },
        }
        if spec.reaction is not None:
            effect["reaction"] = self.roll(spec.reaction)
        self.effects.append(_noted(effect, spec.note))

    def ht_roll(self, spec: HTRoll) -> None:
        target = self.context.ht + sum(value for _, value in self.context.ht_terms)
        rolled = self.dice.roll("ht", 3, 6, Stake(target=target))
        outcome = success_roll(target, rolled.total)
        roll: Effect = {
            "kind": "ht-roll",
            "target": target,
            "roll": rolled.total,
            "faces": rolled.faces,
            "success": outcome.success,
            "critical": outcome.critical,
            "margin": outcome.margin,
        }
        if self.context.ht_terms:
            roll["terms"] = [["HT", self.context.ht], *map(list, self.context.ht_terms)]
        self.effects.append(roll)
        if not outcome.success:
            for amount in spec.on_failure:
                self.add(amount)
            if outcome.critical:
                for permanent in spec.on_critical_failure:
                    self.add(permanent)


def _noted(effect: Effect, note: str) -> Effect:
    return {**effect, "note": note} if note else effect


def resolve(
    row: Row, context: Context, dice: DiceBox
) -> tuple[tuple[Effect, ...], tuple[PendingTrait, ...]]:
    """The row's effects and pending acquired traits, rolling what the row needs."""
    resolver = _Resolver(context, dice)
    for spec in row.effects:
        resolver.add(spec)
    return tuple(resolver.effects), tuple(resolver.pending)


#: every sub-roll purpose a row may ask for, with its dice (documentation and the CLI)
EFFECT_DICE: dict[str, str] = {
    "stun": "1d (rows 10, 14-16) or 2d (row 11)",
    "fp": "1d (rows 14, 15, 20)",
    "faint": "1d (rows 17, 18, 26, 27), 2d (row 19) or 4d (row 20)",
    "panic": "1d (row 21)",
    "coma": "1d (rows 29, 38-40)",
    "catatonia": "1d (row 30)",
    "seizure": "1d (row 31)",
    "seizure_fp": "1d (row 31)",
    "ht": "3d (rows 18, 26, 27, 31)",
    "injury": "1d (row 31, on a failed HT roll) or 2d (row 32)",
    "reaction": "3d (row 33, the total panic reaction)",
}
