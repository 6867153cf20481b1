"""The recorded inputs of a Fright Check the GM may correct where it stands (`journal amend
SEQ --dark no --monster -3`): the modifiers as they really were. The check is then decided
again in its place, and what followed from it re-ruled."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from msgspec.structs import replace

from journal.plugin.rules import Command, Event, RuleError, signed, yes_no
from journal.rulesets.fright_check.rules.fright import FrightCheck

_DERIVED = "derived"


def _number(raw: str, flag: str) -> int:
    value = signed(raw)
    if value is None:
        raise RuleError(f"{flag} must be a number such as -2, not {raw!r}")
    return value


def _yes_no(raw: str, flag: str) -> bool:
    found = yes_no(raw)
    if found is None:
        raise RuleError(f"{flag} takes yes or no, not {raw!r}")
    return found


def _derived_yes_no(raw: str, flag: str) -> bool | None:
    return None if raw.strip().casefold() == _DERIVED else _yes_no(raw, flag + " (or derived)")


def _derived_number(raw: str, flag: str) -> int | None:
    return None if raw.strip().casefold() == _DERIVED else _number(raw, flag + " (or derived)")


def _count(raw: str, flag: str) -> int | None:
    return None if raw.strip().casefold() == "none" else _number(raw, flag + " (or none)")


def _body(raw: str, flag: str) -> str | None:
    value = raw.strip().casefold()
    if value == "none":
        return None
    if value not in ("peaceful", "no-violence", "violent"):
        raise RuleError(f"{flag} takes peaceful, no-violence, violent or none, not {raw!r}")
    return value


#: input -> (the command's field, how its value is read, its help)
_INPUTS: Mapping[str, tuple[str, Callable[[str, str], object], str]] = {
    "monster": ("monster", _number, "The monster's modifier as it was, -1 to -10 (0: none)."),
    "count": ("count", _count, "How many monsters there were (none: not a horde)."),
    "body": ("body", _body, "The body: peaceful, no-violence, violent, or none."),
    "mutilated": ("mutilation", _number, "Grisly mutilation, 0 to 3."),
    "dependent": ("dependent", _yes_no, "yes/no: the victim was a Dependent."),
    "heat_of_battle": ("heat_of_battle", _derived_yes_no, "yes/no/derived: heat of battle."),
    "touched": ("touched", _yes_no, "yes/no: it touched the character."),
    "distant": ("distant", _yes_no, "yes/no: seen at 100 yards or more."),
    "remote": ("remote", _yes_no, "yes/no: viewed remotely."),
    "isolated": ("isolated", _yes_no, "yes/no: the area was isolated."),
    "dark": ("dark", _yes_no, "yes/no: in the dark."),
    "alone": ("alone", _yes_no, "yes/no: alone."),
    "report": ("report", _number, "Learned the details first: 0 to 3."),
    "previous_experience": (
        "previous_experience",
        _derived_yes_no,
        "yes/no/derived: previous experience with this kind of threat.",
    ),
    "exposures": ("exposures", _derived_number, "Exposures in 24 game-hours (or derived)."),
}
AMENDABLE: Mapping[str, str] = {
    name: f"A Fright Check's modifier: {meaning}" for name, (_, _, meaning) in _INPUTS.items()
}


def amend(payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
    """`command` with the corrected modifiers, or a RuleError naming what does not fit."""
    if not isinstance(command, FrightCheck):
        given = ", ".join(f"--{k.replace('_', '-')}" for k in inputs)
        raise RuleError(f"{given}: a Fright Check's modifiers; that ruling is {payload.type}")
    fields: dict[str, Any] = {}
    for name, raw in inputs.items():
        field, read, _ = _INPUTS[name]
        fields[field] = read(raw, f"--{name.replace('_', '-')}")
    return replace(command, **fields)
