"""An in-memory table for rules tests: no database, no CLI, but the service's own decide
step (`journal.rules.deciding.decide`: the core's or the ruleset's ruling, a command of
another ruleset and dice the ruling did not need refused) and its own drafting and fold
(`journal.app.draft`).

table = Table("horror-factor")
table.do(AddCharacter("Linda", {...}))
table.do(RollInitiative("Linda"), dice={"initiative": (3, 5)})
table.state.rules  # the ruleset's projection
table.records()  # the events as the store keeps them, for `journal.projection.fold`
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from journal import app
from journal.dice import DiceBox
from journal.events.canonical import canonical_json
from journal.events.recorded import Recorded
from journal.events.registry import Event, to_data
from journal.rules import load
from journal.rules.core.commands import CreateCampaign
from journal.rules.core.state import CampaignState, Meta
from journal.rules.deciding import decide


class Table:
    def __init__(self, ruleset: str, options: Mapping[str, str] | None = None) -> None:
        self.ruleset = load(ruleset)
        self.state = CampaignState()
        self.events: list[tuple[Event, Meta]] = []
        self.do(CreateCampaign("test", ruleset, options=dict(options or {})))

    def decide(
        self, command: object, dice: Mapping[str, Sequence[int]] | None = None, seed: int = 0
    ) -> list[Event]:
        """What `command` decides now, as the service decides it; `dice` entered, the rest
        rolled from `seed`."""
        return decide(self.state, command, lambda _: DiceBox(dice, random.Random(seed)))

    def do(
        self, command: object, dice: Mapping[str, Sequence[int]] | None = None, seed: int = 0
    ) -> list[Event]:
        """Decide `command` and fold what it decided, as an append would."""
        events = self.decide(command, dice, seed)
        drafts, after = app.draft(self.state, events)
        first = self.state.seq + 1
        for seq, (payload, drafted) in enumerate(zip(events, drafts, strict=True), first):
            self.events.append((payload, Meta(seq, drafted.game_time, drafted.session)))
        self.state = after
        return events

    @property
    def rules(self) -> Any:
        return self.state.rules

    def records(self) -> list[Recorded]:
        """The events decided so far, as the store would give them back."""
        return recorded(self.events)


#: the instant every test record claims (the fold does not read it)
RECORDED_AT = datetime(2024, 1, 1)


def recorded(events: Iterable[tuple[Event, Meta]], campaign: str = "test") -> list[Recorded]:
    """(payload, meta) pairs as stored records: the payload's data goes through JSON text,
    so a record's `payload` is decoded the way the store decodes it. Ids and hashes are
    placeholders (nothing here checks the chain)."""
    return [
        Recorded(
            campaign=campaign,
            seq=meta.seq,
            event_id=f"event-{meta.seq}",
            type=payload.type,
            schema=payload.schema,
            data=json.loads(canonical_json(to_data(payload))),
            recorded_at=meta.recorded_at or RECORDED_AT,
            game_time=meta.game_time,
            session=meta.session,
            prev_hash=f"hash-{meta.seq - 1}",
            hash=f"hash-{meta.seq}",
        )
        for payload, meta in events
    ]
