"""The GM's evening of issue 41, end to end, as the GM typed it: a GURPS Fright Check
campaign for three players, two sessions, a monster, entered dice, a mistyped die amended
two commands back, a secret for Cole revealed to Priya in the next session, the safety
tools (a line, a veil, a veiled note, the X-card); then the posts to a local stand-in of
Discord's webhooks, an Obsidian vault and a Foundry export, each checked for what its
audience reads. (The threats that remember and the sheet that changes, rows E2 and E3,
come with the rulesets' reshaping; their part of the evening is theirs to add.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.cli import Cli
from support.discord_standin import StandIn, discord_standin, refusal
from support.evening import play_evening

SECRET = "Cole sees his dead brother in the mirror."
VEILED = "The patient's arms are scarred."
#: what Discord shows as typed: a table's row or separator, a rule, a heading past ###
SHOWN_AS_TYPED = re.compile(r"^(\|.*|\s*([-*_])( *\2){2,}\s*|#{4,} .*)$", re.M)


@pytest.fixture
def standin():  # type: ignore[no-untyped-def]
    with discord_standin() as found:
        yield found


def _posted(runner: Cli, standin: StandIn, hook: str, session: int) -> str:
    before = len(standin.taken)
    runner("post", "recap", str(session), "--to", hook)
    return "\n\n".join(standin.contents[before:])


def test_the_gms_evening_reads_right_for_every_audience(
    runner: Cli, standin: StandIn, tmp_path: Path
) -> None:
    play_evening(runner)
    assert runner("audit").exit_code == 0 and runner("verify").exit_code == 0
    for name, audience in (("table", "players"), ("priya", "Priya"), ("gm", "gm")):
        runner("webhook", "add", name, standin.url, "--for", audience)
    posts = {(hook, n): _posted(runner, standin, hook, n) for hook in ("table", "priya", "gm")
             for n in (1, 2)}  # fmt: skip
    assert all(refusal(m) is None for _, m in standin.taken)
    for (hook, number), text in posts.items():
        assert SHOWN_AS_TYPED.findall(text) == [], (hook, number)
        assert "The thing in the linen room" in text or number == 2, (hook, number)

    # the players: no secret, the veil faded, the cut scene skipped, no die, no row
    players = posts["table", 1] + posts["table", 2]
    assert SECRET not in players and VEILED not in players
    assert "\\[faded to black: self-harm\\]" in players and "A scene was skipped." in players
    assert "6,6,5" not in players and "row 16" not in players
    assert "The table agrees a line: Harm to children" in players
    # the red die misread then amended: the players read the amended check only
    assert "Mara's Fright Check against nurse: failure by 2: stun 1 second, then unmodified" in (
        players
    )
    assert "failure by 3" not in players

    # Priya: her fight in session 1, the secret learned in session 2, nothing veiled
    priya_one, priya_two = posts["priya", 1], posts["priya", 2]
    assert "### Encounter: The thing in the linen room" in priya_one
    assert "Cole's Fright Check" not in priya_one and SECRET not in priya_one
    assert "## Learned this session" in priya_two and SECRET in priya_two
    assert "(noted in session 1)" in priya_two and VEILED not in priya_one + priya_two

    # the GM: everything, the veiled note marked, the amendment and its dice
    gm = posts["gm", 1] + posts["gm", 2]
    assert f"\\[veiled: self-harm\\] {VEILED}" in gm and SECRET in gm
    assert "amended by #15; dice will 5,5,5" in gm and "X-card: a scene was cut" in gm

    # the Obsidian vault and the Foundry export of each audience
    runner("export", "--vault", str(tmp_path / "vault"), "--for", "players")
    runner("export", "--vault", str(tmp_path / "vault"), "--for", "Priya")
    vaults = {
        who: "\n".join(p.read_text() for p in (tmp_path / "vault" / folder).rglob("*.md"))
        for who, folder in (("players", "St. Agnes (players)"), ("Priya", "St. Agnes (Priya)"))
    }
    assert SECRET not in vaults["players"] and SECRET in vaults["Priya"]
    assert all(VEILED not in text for text in vaults.values())
    foundry = tmp_path / "table.json"
    runner("export", "--foundry", str(foundry), "--for", "players")
    entries = json.loads(foundry.read_text())
    assert [e["name"] for e in entries] == [
        "St. Agnes: session 1, Admission night",
        "St. Agnes: session 2, The second night",
    ]
    assert SECRET not in foundry.read_text() and VEILED not in foundry.read_text()
