"""Every example campaign is a test: its log imports into a fresh database, the hash chain
verifies and the audit finds every ruling where the log says it is."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from support import CAMPAIGNS

if TYPE_CHECKING:
    from support.cli import Cli  # `from conftest` at run time can meet another folder's conftest

LOGS = sorted(CAMPAIGNS.glob("*/log.jsonl"))


def test_there_are_example_campaigns() -> None:
    assert {log.parent.name for log in LOGS} >= {"jackson-zombies", "morgue"}


@pytest.mark.parametrize("log", LOGS, ids=[log.parent.name for log in LOGS])
def test_the_campaign_imports_verifies_and_audits_clean(runner: Cli, log: Path) -> None:
    lines = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    imported = runner.json("import", str(log))
    assert imported == {
        "campaign": log.parent.name,
        "read": len(lines),
        "added": len(lines),
        "sealed": None,  # written by this journal: bound to its campaign already
        "rehashed_from": None,
    }
    assert runner("verify").exit_code == 0
    assert runner("audit").exit_code == 0
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
