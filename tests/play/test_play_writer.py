"""A `journal play` session records its own writer (`gm/play-3f2a`): its `undo` takes back
what was typed at its prompt, not a co-GM's note appended meanwhile; outside the session,
the GM's own `undo` counts the session's events as theirs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from support.cli import Cli
from support.pty import Table


def test_undo_in_play_takes_back_the_sessions_last_event(runner: Cli, tmp_path: Path) -> None:
    runner("--writer", "gm", "campaign", "new", "night", "--ruleset", "horror-factor")
    table = Table(runner.db, tmp_path, env={"JOURNAL_WRITER": "gm"}).started("night")
    try:
        started = r"Playing 'night' \(horror-factor\) as gm/play-[0-9a-f]{4}\."
        assert re.search(started, table.text())
        table.run('note "Typed at the prompt."')  # 2
        runner("--writer", "sam", "note", "Sam's note from another laptop.")  # 3
        table.run("undo --yes")
        assert "The last event: #2 Note: Typed at the prompt." in table.text()
        table.run("undo --yes")
        assert "Error: there is nothing to undo for gm/play-" in table.text()
        assert "#3, by sam" in table.text()
        table.run('note "A second note."')  # 5 (the void of #2 is #4)
        table.type("quit")
        assert table.finish() == 0
    finally:
        table.close()
    log = json.loads(runner("log", "--json").stdout)
    writers = [e["writer"] for e in log]
    session = writers[1]
    assert re.fullmatch(r"gm/play-[0-9a-f]{4}", session)
    assert writers == ["gm", session, "sam", session, session]
    assert [e["seq"] for e in log if e["voided"]] == [2]
    # outside the session, gm's own undo counts the session's events as gm's
    runner("--writer", "gm", "undo", "--yes")
    assert [e["seq"] for e in json.loads(runner("log", "--json").stdout) if e["voided"]] == [2, 5]
