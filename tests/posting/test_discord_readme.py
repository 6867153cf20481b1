"""The README's Discord transcript, typed after `journal demo` with its webhook URL
pointed at the loopback Discord stand-in: every command prints what the README shows."""

from __future__ import annotations

import re
import shlex

from support import ROOT
from support.cli import Cli
from support.discord_standin import discord_standin

README = (ROOT / "README.md").read_text()
SHOWN_URL = "https://discord.com/api/webhooks/ID/TOKEN"


def test_the_discord_transcript_is_real(runner: Cli) -> None:
    runner("demo")
    rest = README.split("## Recaps on Discord", 1)[1]
    transcript = rest.split("```text\n", 1)[1].split("```", 1)[0]
    steps = re.split(r"^\$ ", transcript, flags=re.M)[1:]
    assert len(steps) == 6
    with discord_standin() as standin:
        shown_host = "http://" + standin.url.split("/")[2] + "/…"
        for step in steps:
            command, _, expected = step.partition("\n")
            args = [standin.url if a == SHOWN_URL else a for a in shlex.split(command)]
            printed = runner(*args[1:]).stdout.replace(shown_host, "https://discord.com/…")
            assert printed.strip() == expected.strip(), command
        assert len(standin.taken) == 5 and standin.thread_ids() == [[]] * 2 + [["42"]] * 3
