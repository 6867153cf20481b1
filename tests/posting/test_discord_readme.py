"""The manual's Discord transcript (docs/sharing.md), typed after `journal demo` with its
webhook URL pointed at the loopback Discord stand-in: every command prints what the page
shows."""

from __future__ import annotations

from collections.abc import Sequence

from support.cli import Cli
from support.discord_standin import discord_standin
from support.readme import type_section

SHOWN_URL = "https://discord.com/api/webhooks/ID/TOKEN"


def test_the_discord_transcript_is_real(runner: Cli) -> None:
    runner("demo")
    with discord_standin() as standin:
        shown_host = "http://" + standin.url.split("/")[2] + "/…"

        def shown(runner: Cli, words: Sequence[str]) -> str:
            typed = [standin.url if word == SHOWN_URL else word for word in words]
            return runner(*typed).stdout.replace(shown_host, "https://discord.com/…")

        type_section(
            "## Recaps on Discord", runner, shown=shown, at_least=6, page="docs/sharing.md"
        )
        assert len(standin.taken) == 5 and standin.thread_ids() == [[]] * 2 + [["42"]] * 3
