"""The manual's transcripts print the hashes of events written as they run: for the same
hashes on every run, their salts and ids come from a seeded generator and their moment is
a fixed one here. The journal itself always takes salts and ids from the operating
system's random source (`journal.store.drafts`), and the clock as it is."""

from __future__ import annotations

import random
import types
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

#: the moment every event the transcript writes is recorded at
MOMENT = "2026-12-08 21:00:00"


@contextmanager
def seeded_events(seed: str = "40") -> Iterator[None]:
    from freezegun import freeze_time

    from journal.events import disclosure
    from journal.store import drafts

    rng = random.Random(seed)

    def salts(names: object) -> dict[str, str]:
        return {k: disclosure.b64url(rng.randbytes(16)) for k in names}  # type: ignore[attr-defined]

    ids = types.SimpleNamespace(uuid4=lambda: uuid.UUID(int=rng.getrandbits(128), version=4))
    with pytest.MonkeyPatch.context() as patch, freeze_time(MOMENT):
        patch.setattr(drafts, "new_salts", salts)
        patch.setattr(drafts, "uuid", ids)
        yield
