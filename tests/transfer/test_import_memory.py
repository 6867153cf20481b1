"""Issue 35: what the import keeps from line to line does not grow with the log (it kept a
dict entry and a tuple for every event, some 240 bytes each: 268 MiB for a 1,000,000-event
import). Each batch of records is let go once written; what stays is a few bytes an event."""

from __future__ import annotations

import gc
import json
import tracemalloc

from journal.transfer import BATCH, _Log, parse_lines

#: what a log may keep of each event (the `_Kinds` index: 2 bytes), with room to spare
PER_EVENT = 16


def _log(events: int) -> list[str]:
    lines = [
        {
            "type": "CampaignCreated",
            "data": {"slug": "night", "ruleset": "horror-factor", "title": "Night", "options": {}},
        }
    ]
    for index in range(1, events):
        if index % 50 == 1:
            lines.append(
                {"type": "SessionStarted", "data": {"number": index // 50 + 1, "title": "S"}}
            )
        elif index % 50 == 0:
            lines.append({"type": "SessionEnded", "data": {"number": index // 50}})
        else:
            lines.append({"type": "NoteTaken", "data": {"text": f"note {index}"}})
    return [json.dumps(line) for line in lines]


def test_what_the_import_keeps_does_not_grow_with_the_log() -> None:
    lines = _log(BATCH * 8)
    log = _Log(None)
    held: list[int] = []
    tracemalloc.start()
    try:
        for _, records, _ in parse_lines(lines, None, log):
            del records  # written and let go, as `import_records` does
            gc.collect()
            held.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    assert log.count == BATCH * 8
    grown = held[-1] - held[1]  # from the second batch on (the first loads the rules)
    assert grown < PER_EVENT * BATCH * 6, f"{grown / (BATCH * 6):.0f} bytes an event"
