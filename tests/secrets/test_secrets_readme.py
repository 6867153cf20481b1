"""The manual's "Secrets, reveals and safety tools" transcript (docs/secrets.md) is what
the journal really prints (set JOURNAL_UPDATE_README=1 to write what it prints now into
the page)."""

from __future__ import annotations

import os
import re

from support.cli import Cli
from support.readme import Section, type_section

PAGE = "docs/secrets.md"
HEADING = "# Secrets, reveals and safety tools"
#: a session's receipt (its head hash covers the moment and id of each event: never twice
#: the same)
RECEIPT = re.compile(r"\b[0-9a-f]{64}\b|\b[0-9a-f]{16}…")


def _same(shown: str) -> str:
    return RECEIPT.sub("HASH", shown).strip()


def test_the_secrets_transcript_is_real(runner: Cli) -> None:
    type_section(HEADING, runner, same=_same, at_least=12, page=PAGE)
    if not os.environ.get("JOURNAL_UPDATE_README"):
        recap = Section.of(HEADING, PAGE).transcript.rsplit("$ journal recap 2 --for Mara", 1)[1]
        assert "## Learned this session" in recap and "faded" not in recap
        assert "A scene was skipped." in recap
