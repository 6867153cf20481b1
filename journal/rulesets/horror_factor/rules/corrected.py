"""The recorded inputs of a Horror Factor ruling the GM may correct where it stands
(`journal amend SEQ --hf N`): a Horror Check's HF, or an encounter's, given wrong at the
table (every later ruling is then re-ruled against it: the initiatives, the end)."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from journal.plugin import Command, Event, RuleError, signed
from journal.rulesets.horror_factor.rules.commands import HorrorCheck, StartEncounter

AMENDABLE: Mapping[str, str] = {
    "hf": "The HF as it really was: a Horror Check's (with its --hf), e.g. 5, or an "
    "encounter's (a preset or a number).",
}


def amend(payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
    """`command` with the corrected inputs, or a RuleError naming what does not fit."""
    raw = inputs["hf"]
    if isinstance(command, StartEncounter):
        return replace(command, hf=raw.strip())  # a preset or a number: the rules read it
    if not isinstance(command, HorrorCheck):
        raise RuleError(
            f"--hf corrects a Horror Check's or an encounter's HF; that ruling is {payload.type}"
        )
    hf = signed(raw)
    if hf is None:
        raise RuleError(f"--hf must be a number such as 5, not {raw!r}")
    if command.hf is None:
        raise RuleError(
            "this Horror Check was about the last encounter (its initial HF): it had no "
            "--hf to correct; correct the encounter's (`journal amend SEQ --hf N` of its start)"
        )
    return replace(command, hf=hf)
