"""d100 sanity's test helpers: an in-memory table of a preset (`table`), a sanity roll with
its dice entered (`rolled`), and a character's SAN (`san`)."""

from __future__ import annotations

from typing import Any

from journal.rules.core.commands import StartSession
from support.rules_harness import Table


def table(preset: str = "coc", **options: str) -> Table:
    """A d100 sanity table of `preset`, session 1 started, no clock."""
    found = Table("d100-sanity", {"preset": preset, **options})
    found.do(StartSession("One"))
    return found


def rolled(t: Table, command: object, **dice: Any) -> Any:
    """What `command` decided first (a sanity roll), its dice entered by purpose (`sanity=57,
    loss=4`; a tuple for several faces)."""
    given = {k: (v,) if isinstance(v, int) else v for k, v in dice.items()}
    return t.do(command, dice=given)[0]


def san(t: Table, who: str) -> int:
    return int(t.rules.characters[who].san)
