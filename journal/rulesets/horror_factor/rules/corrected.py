"""The recorded inputs of a Horror Factor ruling the GM may correct where it stands
(`journal amend SEQ --hf N`): a Horror Check's HF, or an encounter's, given wrong at the
table (every later ruling is then re-ruled against it: the initiatives, the end)."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from journal.plugin.rules import Command, Event, RuleError, signed, yes_no
from journal.rulesets.horror_factor.rules.check import HorrorCheck
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter

AMENDABLE: Mapping[str, str] = {
    "hf": "The HF as it really was: a Horror Check's (with its --hf), e.g. 5, or an "
    "encounter's (a preset or a number).",
    "outnumbered": "yes/no: an encounter's characters were outnumbered (+1 HF).",
    "ambush": "yes/no: an encounter was an ambush (+2 HF on the first turn).",
    "creepy": "yes/no: an encounter's surroundings were creepy (+1 HF; no: not creepy at all).",
    "very_creepy": "yes/no: an encounter's surroundings were very creepy (+2 HF).",
    "category": "An encounter's category for Hardness specializations (none: no category).",
}

#: the inputs only an encounter's start has
_ENCOUNTER_ONLY = ("outnumbered", "ambush", "creepy", "very_creepy", "category")


def amend(payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
    """`command` with the corrected inputs, or a RuleError naming what does not fit."""
    encounter_only = [k for k in _ENCOUNTER_ONLY if k in inputs]
    if encounter_only and not isinstance(command, StartEncounter):
        flags = ", ".join(f"--{k.replace('_', '-')}" for k in encounter_only)
        raise RuleError(f"{flags} corrects an encounter's start; that ruling is {payload.type}")
    if isinstance(command, StartEncounter):
        return _encounter(command, inputs)
    return _check_hf(payload, command, inputs["hf"])


def _encounter(command: StartEncounter, inputs: Mapping[str, str]) -> StartEncounter:
    if "creepy" in inputs and "very_creepy" in inputs:
        raise RuleError(
            "give --creepy or --very-creepy, not both: the surroundings are one or the other"
        )
    changes: dict[str, object] = {}
    if "hf" in inputs:
        changes["hf"] = inputs["hf"].strip()  # a preset or a number: the rules read it
    for name in ("outnumbered", "ambush"):
        if name in inputs:
            changes[name] = _yes_no(inputs[name], name)
    if "creepy" in inputs:
        changes["creepy"] = 1 if _yes_no(inputs["creepy"], "creepy") else 0
    if "very_creepy" in inputs:
        very = _yes_no(inputs["very_creepy"], "very_creepy")
        changes["creepy"] = 2 if very else (0 if command.creepy == 2 else command.creepy)
    if "category" in inputs:
        category = inputs["category"].strip()
        changes["category"] = None if category.casefold() in ("", "none") else category
    return replace(command, **changes)


def _yes_no(raw: str, name: str) -> bool:
    found = yes_no(raw)
    if found is None:
        raise RuleError(f"--{name.replace('_', '-')} takes yes or no, not {raw!r}")
    return found


def _check_hf(payload: Event, command: Command, raw: str) -> Command:
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
