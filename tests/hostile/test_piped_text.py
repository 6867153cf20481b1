"""Issue 29 (S7): what the log holds is shown the same visible way on a pipe as on a
terminal (`note $'A\\e[2JB'`, `log | cat` prints `A␛[2JB`, not `AB`); `--json` and `export`
are data and keep the escape as JSON writes it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def _journal(tmp_path: Path, *args: str) -> str:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("JOURNAL_CAMPAIGN", None)
    done = subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(tmp_path / "j.db"), *args],
        capture_output=True, text=True, env=env, check=True, timeout=60,
    )  # fmt: skip
    return done.stdout


def test_piped_text_shows_control_characters_as_a_terminal_does(tmp_path: Path) -> None:
    _journal(tmp_path, "campaign", "new", "night", "--ruleset", "horror-factor")
    _journal(tmp_path, "note", "A\x1b[2JB\x07C")
    log = _journal(tmp_path, "log")
    assert "Note: A\u241b[2JB\u2407C" in log and "\x1b" not in log
    assert "Note: AB" not in log
    assert '"A\\u001b[2JB\\u0007C"' in _journal(tmp_path, "log", "--json").replace(" ", "")
    assert "A\\u001b[2JB\\u0007C" in _journal(tmp_path, "export")
