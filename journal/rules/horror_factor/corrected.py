"""The recorded inputs of a Horror Factor ruling the GM may correct where it stands
(`journal amend SEQ --hf N`): a Horror Check's HF, given wrong at the table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from journal.errors import RuleError
from journal.events import Event
from journal.rules.horror_factor.commands import HorrorCheck
from journal.rules.numbers import signed

AMENDABLE: Mapping[str, str] = {
    "hf": "A Horror Check's HF as it really was, e.g. 5 (with the check's --hf).",
}


def amend(payload: Event, command: object, inputs: Mapping[str, str]) -> object:
    """`command` with the corrected inputs, or a RuleError naming what does not fit."""
    if not isinstance(command, HorrorCheck):
        raise RuleError(f"--hf corrects a Horror Check's HF; that ruling is {payload.type}")
    raw = inputs["hf"]
    hf = signed(raw)
    if hf is None:
        raise RuleError(f"--hf must be a number such as 5, not {raw!r}")
    if command.hf is None:
        raise RuleError(
            "this Horror Check was about the last encounter (its initial HF): it had no "
            "--hf to correct"
        )
    return replace(command, hf=hf)
