"""Fixtures for the Horror Factor rules tests: an in-memory table and the example's cast."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from support.rules_harness import Table

from journal.rules.core.commands import AddCharacter

AddFn = Callable[..., None]


def add_character(
    table: Table,
    name: str,
    *,
    reaction: int = 10,
    willpower: int = 10,
    hardness: int = 0,
    training: str = "none",
    specializations: dict[str, int] | None = None,
    **extra: Any,
) -> None:
    sheet = {
        "reaction": reaction,
        "willpower": willpower,
        "hardness": hardness,
        "training": training,
        "specializations": specializations or {},
        **extra,
    }
    table.do(AddCharacter(name, sheet))


@pytest.fixture
def table() -> Table:
    """An empty Horror Factor campaign."""
    return Table("horror-factor")


@pytest.fixture
def add(table: Table) -> AddFn:
    """`add("Linda", reaction=12, hardness=2, training="some")` adds a character."""

    def _add(name: str, **sheet: Any) -> None:
        add_character(table, name, **sheet)

    return _add


@pytest.fixture
def trio(table: Table) -> Table:
    """The worked example's survivors: Freddie R10 H0, Ariella R10 H0, Linda R12 H2 (WP 10)."""
    add_character(table, "Freddie")
    add_character(table, "Ariella")
    add_character(table, "Linda", reaction=12, hardness=2, training="some")
    return table
