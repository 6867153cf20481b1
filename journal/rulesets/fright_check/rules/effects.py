"""What a row's recorded effects do to a character: FP, HP and attribute losses, and the
conditions that last until a recovery roll is made; HP and FP moved and HT lost as the
folds apply them. Shared by the folds and the deciders that take a row's effects back (a
GM's change of row)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from journal.plugin.rules import JSONObject, changed
from journal.rulesets.fright_check.rules.state import Character, Ongoing

#: conditions that end with a recovery roll over "another 1d" stretch (coma, catatonia)
STRETCHES = {"1d hours": "hours", "1d days": "days"}
#: the conditions a night's rest ends (seconds and minutes long)
SHORT = ("stun", "retch", "faint", "panic", "total-panic")


@dataclass(frozen=True)
class Losses:
    fp: int = 0
    hp: int = 0
    ht: int = 0
    iq: int = 0


def _value(amount: object) -> int:
    if isinstance(amount, Mapping):
        value = amount.get("value")
        return value if isinstance(value, int) else 0
    return 0


def losses(effects: Iterable[JSONObject]) -> Losses:
    """FP and HP the effects cost, and HT and IQ lost for good."""
    fp = hp = ht = iq = 0
    for effect in effects:
        kind = effect.get("kind")
        if kind == "fp-loss":
            fp += _value(effect.get("fp"))
        elif kind == "injury":
            hp += _value(effect.get("hp"))
        elif kind in ("ht-loss", "iq-loss"):
            amount = effect.get("amount")
            if isinstance(amount, int):
                ht, iq = (ht + amount, iq) if kind == "ht-loss" else (ht, iq + amount)
    return Losses(fp, hp, ht, iq)


def ongoing(effects: Iterable[JSONObject], seq: int) -> tuple[Ongoing, ...]:
    """The conditions among `effects` that last until a recovery roll is made."""
    found: list[Ongoing] = []
    for effect in effects:
        recovery = effect.get("recovery")
        if not isinstance(recovery, Mapping):
            continue
        target, every = recovery.get("target"), str(recovery.get("every", ""))
        duration = effect.get("duration")
        unit = STRETCHES.get(every)
        period = _value(duration) if unit is not None else None
        found.append(
            Ongoing(
                seq=seq,
                kind=str(effect.get("kind")),
                against=str(recovery.get("against")),
                target=target if isinstance(target, int) else 0,
                every=every,
                unit=unit,
                period=period,
                lasted=period,
            )
        )
    return tuple(found)


def pools(character: Character, *, hp: int = 0, fp: int = 0) -> Character:
    """HP and FP moved by recorded differences, never past their maxima (losses may take
    them below zero: GURPS has negative HP and FP)."""
    return changed(
        character,
        hp=min(character.hp_max, character.hp + hp),
        fp=min(character.fp_max, character.fp + fp),
    )


def lose_ht(character: Character, change: int) -> Character:
    """HT lost for good (or given back by a changed row), the FP maximum with it: basic FP
    equals HT. FP above the new maximum fall to it when `pools` moves them next."""
    ht_lost = max(0, character.ht_lost + change)
    fp_max = character.fp_max - (ht_lost - character.ht_lost)
    return changed(character, ht_lost=ht_lost, fp_max=fp_max)
