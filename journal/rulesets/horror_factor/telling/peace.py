"""How months of peace read: the Hardness lost, never below half of the peak."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.horror_factor.rules.peace import PeaceRecorded
from journal.rulesets.horror_factor.rules.state import hardness_label
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(PeaceRecorded)
def _peace(payload: PeaceRecorded) -> str:
    flags = [
        f
        for f, on in (
            ("therapy", payload.therapy),
            ("PTSD", payload.ptsd),
            ("warlike mindset", payload.mindset),
        )
        if on
    ]
    if payload.override:
        flags.append(f"override: {payload.override}")
    extra = f" ({', '.join(flags)})" if flags else ""
    return (
        f"{payload.character}: {payload.months} month(s) of peace{extra}: "
        f"{hardness_label(payload.specialization)} "
        f"{payload.hardness_before}->{payload.hardness_after} "
        f"(peak {payload.peak}, not below {payload.floor})"
    )


@SENTENCES.on(PeaceRecorded)
def _peace_told(payload: PeaceRecorded, gm: bool) -> str:
    return (
        f"{payload.character}: {payload.months} month(s) of peace, "
        f"{hardness_label(payload.specialization)} "
        f"{payload.hardness_before} {ARROW} {payload.hardness_after} "
        f"(never below {payload.floor}, half of the highest ever held)"
    )
