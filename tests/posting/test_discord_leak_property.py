"""The handout leak property, extended to what Discord webhooks receive: for random logs of
either ruleset (the stories of `tests/handouts/test_handout_leak_property.py`: audience-named
and look-alike names, GM-only notes with unique markers, voided notes, fights with dice and
terms), `journal post recap N --to NAME` of every session, to a webhook for the players and
one for each character, sends the local Discord stand-in no GM-only note, no voided note,
no die, no term and no GM-only mark. The GM's webhook, posted the same way, gets every
marker of its session: the property can fail. (A character named as an audience, which only
an older journal let in, has no webhook of its own, and a post to an audience of that name
is refused with one `Error:` line, nothing sent, until the GM renames them.)"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from handouts.test_handout_leak_property import (
    AUDIENCES,
    SHEETS,
    Story,
    assert_clean,
    stories,
    write,
)
from hypothesis import given
from support.accepted import Accepted
from support.api import on_file, random_logs, state_of
from support.cli import Cli
from support.discord_standin import StandIn, discord_standin

EXAMPLES = max(4, int(os.environ.get("JOURNAL_LEAK_EXAMPLES", "25")) // 3)
_numbers = itertools.count()


#: the commands of the random logs the journal recorded (`support.accepted`)
TALLY = Accepted(commands=0.01)
_tallied = TALLY.fixture()


@pytest.fixture(scope="module", autouse=True)
def _seeded() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("JOURNAL_DICE_SEED", "14")
        yield


@pytest.fixture
def standin() -> Iterator[StandIn]:
    with discord_standin() as found:
        yield found


def _webhooks(cli: Cli, standin: StandIn, names: list[str]) -> dict[str, str]:
    """A webhook for the GM, the players and each character, each at a URL of its own on
    the stand-in: its path -> its audience."""
    base = standin.url.split("/api/")[0]
    readers = ["gm", "players"] + [n for n in names if n.casefold() not in
                                   {a.casefold() for a in AUDIENCES}]  # fmt: skip
    paths = {}
    for number, reader in enumerate(readers):
        path = f"/api/webhooks/{number}/t0ken-{number}"
        cli("webhook", "add", f"hook-{number}", base + path, "--for", reader)
        paths[path] = reader
    return paths


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_no_players_or_characters_webhook_gets_gm_only_content(
    ruleset: str, standin: StandIn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    seen: Counter[str] = Counter()

    @random_logs(EXAMPLES)
    @given(stories(ruleset))
    def property_holds(case: tuple[Story, list[tuple[str, int, int]]]) -> None:
        story, actions = case
        with write(story, actions) as night:
            sessions = state_of(night).sessions
            db = on_file(night, tmp_path / f"story-{next(_numbers)}.db")
        cli = Cli(CliRunner(), str(db))
        paths = _webhooks(cli, standin, story.names)
        standin.taken.clear()
        refused = set()
        for number in range(1, sessions + 1):
            for hook, reader in enumerate(paths.values()):
                posted = cli("post", "recap", str(number), "--to", f"hook-{hook}", ok=False)
                if posted.exit_code:  # a character named as an audience: the GM renames them
                    assert "the name of the" in posted.stderr and "rename them" in posted.stderr
                    assert posted.stderr.count("\n") == 1, posted.stderr
                    refused.add(reader)
                    seen["refused, a character named as an audience"] += 1
            got: dict[str, str] = {reader: "" for reader in paths.values()}
            for path, message in standin.taken:
                got[paths[path]] += message["content"] + "\n"
            standin.taken.clear()
            for marker in story.secrets.get(number, []) if "gm" not in refused else []:
                assert marker in got["gm"], (number, marker)  # the markers are real
            for reader, text in got.items():
                assert bool(text) is (reader not in refused), (number, reader)
                if reader != "gm":
                    assert_clean(text, story, f"session {number} to {reader}'s webhook")
                    seen["posts"] += 1
        seen["logs"] += 1
        seen["secrets"] += sum(map(len, story.secrets.values()))
        seen["voided"] += len(story.voided)
        seen["characters' webhooks"] += len(paths) - 2

    property_holds()
    assert seen["logs"] == EXAMPLES, seen
    for what in ("secrets", "voided", "characters' webhooks"):
        assert seen[what] >= 1, seen
    assert seen["posts"] >= 2 * EXAMPLES, seen
    print(f"{ruleset}: {dict(seen)}")
