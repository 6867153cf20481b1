"""The base of every command: what a GM asks a campaign to decide (the core's and each
ruleset's), a frozen dataclass named in the imperative (`TakeNote`, `FrightCheck`).

A command is never stored: its decider turns it into events, and the audit rebuilds it from
a ruling's recorded inputs to decide it again.
"""

from __future__ import annotations


class Command:
    """Base of every command class. Subclasses are frozen dataclasses, no behaviour."""

    __slots__ = ()
