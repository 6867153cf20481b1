"""Whole numbers as the GM types them: ASCII digits with an optional sign, never what
`str.isdigit` also takes (`²`, `--1`) that `int` then cannot read."""

from __future__ import annotations

import re

_SIGNED = re.compile(r"[+-]?[0-9]{1,100}")
_UNSIGNED = re.compile(r"[0-9]{1,100}")


def signed(text: str) -> int | None:
    """`-1`, `+2`, `3` as an int; None for anything else."""
    stripped = text.strip()
    return int(stripped) if _SIGNED.fullmatch(stripped) else None


def unsigned(text: str) -> int | None:
    """`0`, `12` as an int; None for anything else (a sign included)."""
    stripped = text.strip()
    return int(stripped) if _UNSIGNED.fullmatch(stripped) else None


_YES_NO = {"yes": True, "y": True, "true": True, "on": True, "no": False, "n": False,
           "false": False, "off": False}  # fmt: skip


def yes_no(text: str) -> bool | None:
    """`yes`/`no` (also `y`, `n`, `true`, `false`, `on`, `off`, any case) as a bool; None
    for anything else."""
    return _YES_NO.get(text.strip().casefold())
