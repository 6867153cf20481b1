"""README's "Proof for the players": after `journal demo`, each command of its transcript
types as shown and prints what it shows (stdout and stderr; JOURNAL_UPDATE_README=1
writes what the journal prints now)."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

from support import ROOT
from support.cli import Cli

SECTION = "## Proof for the players"


def test_the_proof_transcript_is_real(runner: Cli) -> None:
    readme = (ROOT / "README.md").read_text()
    head, rest = readme.split(SECTION, 1)
    before, block = rest.split("```text\n", 1)
    transcript, after = block.split("```", 1)
    runner("demo")
    folder = str(Path(runner.db).parent) + "/"
    shown_steps = []
    steps = re.split(r"^\$ ", transcript, flags=re.M)[1:]
    assert len(steps) >= 6
    for step in steps:
        command, _, expected = step.partition("\n")
        args = shlex.split(command)
        assert args[0] == "journal"
        result = runner(*args[1:], ok=False)
        shown = (result.stdout + result.stderr).replace(folder, "")
        assert "Traceback" not in shown
        shown_steps.append(f"$ {command}\n{shown}")
        if not os.environ.get("JOURNAL_UPDATE_README"):
            assert shown.strip() == expected.strip(), command
    assert (Path(folder) / "check.html").read_text().count("crypto.subtle.digest") == 1
    if os.environ.get("JOURNAL_UPDATE_README"):
        (ROOT / "README.md").write_text(
            f"{head}{SECTION}{before}```text\n{''.join(shown_steps)}```{after}"
        )
