"""Numbers in arguments are ASCII digits: Arabic-Indic digits, a superscript two or
`1_0` are usage errors like any other, never read as 12, 2 or 10.

`strict_numbers` gives every number parameter of a command (and of its subcommands, and
the options a command adds as it parses, like `character add`'s sheet) the `Digits`
type: the check runs first, then the parameter's own type (its range). The command group
applies it to each command it loads, core and rulesets' alike, so no command can forget
it."""

from __future__ import annotations

import re
from typing import Any

import click

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]+(?:\.[0-9]{1,40})?")


class Digits(click.ParamType):  # type: ignore[type-arg]
    """A number written in ASCII digits, then converted by `inner` (click's INT, an
    IntRange, FLOAT...)."""

    def __init__(self, inner: click.ParamType[Any]) -> None:
        self.inner = inner
        self.name = inner.name
        self.whole = not isinstance(inner, click.types.FloatParamType)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        converted = self.inner.convert(value, param, ctx)  # its own words for `two`, a range
        if isinstance(value, str):
            pattern = _WHOLE if self.whole else _DECIMAL
            if pattern.fullmatch(value.strip()) is None:
                kind = "a whole number" if self.whole else "a number"
                self.fail(f"{value!r} is not {kind} in the digits 0-9", param, ctx)
        return converted

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        return self.inner.get_metavar(param, ctx)

    def __repr__(self) -> str:
        return f"Digits({self.inner!r})"


def strict_numbers(command: click.Command) -> click.Command:
    """Every INT, IntRange, FLOAT or FloatRange parameter of `command` (and of its
    subcommands) read through `Digits`; returns the command."""
    if not getattr(command, "_strict_numbers", False):
        given = command.get_params

        def get_params(ctx: click.Context) -> list[click.Parameter]:
            params = given(ctx)
            for param in params:
                if isinstance(param.type, click.types._NumberParamTypeBase):
                    param.type = Digits(param.type)
            return params

        setattr(command, "get_params", get_params)  # noqa: B010 (one instance, not the class)
        setattr(command, "_strict_numbers", True)  # noqa: B010
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            strict_numbers(sub)
    return command
