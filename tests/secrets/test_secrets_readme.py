"""The README's "Secrets and reveals" transcript is what the journal really prints (set
JOURNAL_UPDATE_README=1 to write what it prints now into the README)."""

from __future__ import annotations

import os
import re
import shlex

from install.test_readme import _as_typed, _exported
from support import ROOT
from support.cli import Cli

HEADING = "## Secrets and reveals"
#: a session's receipt (its head hash covers the moment and id of each event: never twice
#: the same)
RECEIPT = re.compile(r"\b[0-9a-f]{64}\b|\b[0-9a-f]{16}…")


def _same(shown: str) -> str:
    return RECEIPT.sub("HASH", shown).strip()


def test_the_secrets_transcript_is_real(runner: Cli) -> None:
    readme = (ROOT / "README.md").read_text()
    head, rest = readme.split(HEADING, 1)
    before, block = rest.split("```text\n", 1)
    transcript, after = block.split("```", 1)
    steps = re.split(r"^\$ ", transcript, flags=re.M)[1:]
    assert len(steps) >= 12
    shown_steps = []
    for step in steps:
        command, _, expected = step.partition("\n")
        if command.startswith("export "):
            runner = _exported(runner, command)
            shown_steps.append(f"$ {command}\n")
            continue
        args = shlex.split(command)
        assert args[0] == "journal"
        shown = _as_typed(runner(*args[1:]).stdout, runner)
        shown_steps.append(f"$ {command}\n{shown}")
        if not os.environ.get("JOURNAL_UPDATE_README"):
            assert _same(shown) == _same(expected), command
    if os.environ.get("JOURNAL_UPDATE_README"):
        rewritten = "".join(shown_steps)
        (ROOT / "README.md").write_text(f"{head}{HEADING}{before}```text\n{rewritten}```{after}")
    else:
        recap = transcript.rsplit("$ journal recap 2 --for Mara", 1)[1]
        assert "## Learned this session" in recap and "faded" not in recap
        assert "A scene was skipped." in recap
