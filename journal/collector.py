"""`rarely_collected`: the cyclic garbage collector run less often while a command walks a
whole log, making a few objects per event that form no cycles (records, payloads, states,
log entries). Each of the collector's passes walks the young objects among every live one;
at Python's default pace (every 700 allocations) those passes were a tenth of an import's
time and a twelfth of a log's. Memory stays bounded: the collector still runs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: allocations between two passes of the collector during a walk (Python's default: 700)
COLLECT_AFTER = 20_000


@contextmanager
def rarely_collected() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], COLLECT_AFTER), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def uncollected() -> Iterator[None]:
    """The collector paused (an import: its objects per line form no cycles, reference
    counting frees them; even at `COLLECT_AFTER` the passes were a twentieth of a
    100,000-event import's time), turned back on after, however the block ends."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
