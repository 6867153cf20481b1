"""Fixtures for the d100 sanity rules tests: an in-memory table of each preset, with a
character or two (`support.d100` has the helpers)."""

from __future__ import annotations

import pytest
from support.d100 import table
from support.rules_harness import Table

from journal.rules.core.commands import AddCharacter


@pytest.fixture
def coc() -> Table:
    """Mara (POW 55, INT 70: SAN 55) and Eli (POW 45, INT 65, Mythos 4: SAN 45), session 1,
    no clock."""
    found = table()
    found.do(AddCharacter("Mara", {"pow": 55, "int": 70}))
    found.do(AddCharacter("Eli", {"pow": 45, "int": 65, "mythos": 4}))
    return found


@pytest.fixture
def dg() -> Table:
    """Reyes (POW 11: SAN 55, breaking point 44; bonds Ana 11, Tomas 9), Delta Green."""
    found = table("delta-green")
    found.do(AddCharacter("Reyes", {"pow": 11, "bonds": ["Ana=11", "Tomas=9"]}))
    return found
