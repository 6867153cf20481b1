"""The recorded inputs of a sanity roll the GM may correct where it stands (`journal amend
SEQ --loss 1/1d8 --kind violence`): the loss as it really was, its kind, the threat, the bond
projected onto. The roll is then decided again in its place, and what followed re-ruled."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from journal.plugin.rules import Command, Event, RuleError
from journal.rulesets.d100_sanity.rules.expressions import loss
from journal.rulesets.d100_sanity.rules.sanity import Sanity

_NONE = "none"

AMENDABLE: Mapping[str, str] = {
    "loss": "A sanity roll's loss as it was, S/F (e.g. 1/1d8).",
    "kind": "A sanity roll's kind of loss: violence, helplessness, unnatural (or none).",
    "threat": "A sanity roll's threat id (or none).",
    "project": "The bond a sanity roll was projected onto (or none).",
}


def _or_none(raw: str) -> str | None:
    value = " ".join(raw.split())
    return None if value.casefold() == _NONE else value


def amend(payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
    """`command` with the corrected inputs, or a RuleError naming what does not fit."""
    if not isinstance(command, Sanity):
        given = ", ".join(f"--{k.replace('_', '-')}" for k in inputs)
        raise RuleError(f"{given}: a sanity roll's inputs; that ruling is {payload.type}")
    fields: dict[str, str | None] = {}
    for name, raw in inputs.items():
        if name == "loss":
            fields["loss"] = loss(raw).text
        else:
            fields[name] = _or_none(raw)
    return replace(command, **fields)
