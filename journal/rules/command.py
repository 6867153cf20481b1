"""The base of every command: what a GM asks a campaign to decide (the core's and each
ruleset's), a frozen `msgspec.Struct` named in the imperative (`TakeNote`, `FrightCheck`).

A command is never stored: its decider turns it into events, and the audit rebuilds it from
a ruling's recorded inputs to decide it again.
"""

from __future__ import annotations

import msgspec

from journal.frozen import NoDataclass


class Command(msgspec.Struct, frozen=True, metaclass=NoDataclass):
    """Base of every command class. Subclasses are frozen structs (by inheritance), no
    behaviour; `msgspec.structs.replace` makes a changed copy."""
