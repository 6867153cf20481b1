"""An in-memory table for rules tests: decide and fold, no database, no CLI.

table = Table("horror-factor")
table.do(AddCharacter("Linda", {...}))
table.do(RollInitiative("Linda"), dice={"initiative": (3, 5)})
table.state.rules  # the ruleset's projection
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from journal.dice import DiceBox
from journal.events import Event
from journal.projection import apply, envelope
from journal.rules import load
from journal.rules.core import CORE_COMMANDS, CampaignState, CreateCampaign, Meta, decide_core


class Table:
    def __init__(self, ruleset: str, options: Mapping[str, str] | None = None) -> None:
        self.ruleset = load(ruleset)
        self.state = CampaignState()
        self.events: list[tuple[Event, Meta]] = []
        self.do(CreateCampaign("test", ruleset, options=dict(options or {})))

    def decide(
        self, command: object, dice: Mapping[str, Sequence[int]] | None = None, seed: int = 0
    ) -> list[Event]:
        box = DiceBox(dice, random.Random(seed))
        if isinstance(command, CORE_COMMANDS):
            return decide_core(self.state, command, self.ruleset)
        return self.ruleset.decide(self.state, command, box)

    def do(
        self, command: object, dice: Mapping[str, Sequence[int]] | None = None, seed: int = 0
    ) -> list[Event]:
        events = self.decide(command, dice, seed)
        for payload in events:
            game_time, session = envelope(self.state, payload)
            meta = Meta(self.state.seq + 1, game_time, session)
            self.state = apply(self.state, payload, meta, self.ruleset)
            self.events.append((payload, meta))
        return events

    @property
    def rules(self) -> Any:
        return self.state.rules
