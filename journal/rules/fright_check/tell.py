"""Fright Check events told in handouts: players never see a die face."""

from __future__ import annotations

from collections.abc import Mapping

from journal.rules.dispatch import Dispatch
from journal.rules.fright_check.describe import LINES, effect_text, row_label
from journal.rules.fright_check.events import CombatEnded, CombatStarted, FrightChecked, TraitNamed


def _without_dice(value: object) -> object:
    """An effect with every nested die (`dice`, `faces`) taken out, for players."""
    if isinstance(value, Mapping):
        return {k: _without_dice(v) for k, v in value.items() if k not in ("dice", "faces")}
    if isinstance(value, list | tuple):
        return [_without_dice(v) for v in value]
    return value


def effect_line(effect: Mapping[str, object], gm: bool) -> str:
    shown = effect if gm else _without_dice(effect)
    assert isinstance(shown, Mapping)
    return effect_text(shown)


def fright_sentence(p: FrightChecked, gm: bool) -> str:
    head = f"{p.character}'s Fright Check against {p.threat}"
    if not p.made:
        return f"{head}: none needed ({p.character} is Unfazeable)"
    critical = "critical " if p.critical else ""
    if p.success:
        return f"{head}: {critical}success by {p.margin}"
    effects = "; ".join(effect_line(e, gm) for e in p.effects)
    return (
        f"{head}: {critical}failure by {p.failure_margin}, table row {row_label(p.row)}: {effects}"
    )


SENTENCES = Dispatch[str | None]("handout sentence")
SENTENCES.on(FrightChecked)(fright_sentence)
# a handout shows a combat as an encounter of its own
SENTENCES.on(CombatStarted, CombatEnded)(lambda payload, gm: None)


@SENTENCES.on(TraitNamed)
def _named(payload: TraitNamed, gm: bool) -> str:
    return LINES.handler(TraitNamed)(payload)  # type: ignore[misc]
