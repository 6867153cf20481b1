"""The GM's evening of issue 41, end to end, as the GM typed it: a GURPS Fright Check
campaign for three players, two sessions, a monster, entered dice, a mistyped die amended
two commands back, a secret for Cole revealed to Priya in the next session, the safety
tools (a line, a veil, a veiled note, the X-card); then the posts to a local stand-in of
Discord's webhooks, an Obsidian vault and a Foundry export, each checked for what its
audience reads. The evening again with the sheet and the threats as the night changes
them (rows E2 and E3): a threat described once and inherited, a trait put on a sheet
mid-session with its reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.cli import Cli
from support.discord_standin import StandIn, discord_standin, refusal
from support.evening import WITH_SHEET_AND_THREAT, play_evening

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


def test_the_sheet_and_the_threats_change_with_the_night(runner: Cli, standin: StandIn) -> None:
    play_evening(runner, WITH_SHEET_AND_THREAT)
    assert "every ruling follows from its dice and the rules" in runner("audit").stdout
    log = runner("log", "--session", "2").stdout
    inherited = "Mara's Fright Check vs matron (the matron) [from the threat: kind ghost, "
    assert f"{inherited}monster -2]: Will 12, +2 Combat Reflexes, -2 monster (threat matron)" in log
    added = "Cole's sheet: Phobia (hospitals) (-10 points, self-control 12) added"
    assert f"{added} (mental disadvantage): since the ward" in log
    # the board and the sheet: every trait Cole has, the new one with his Cowardice
    board = runner.json("status")["characters"]["Cole"]  # type: ignore[index]
    assert board["disadvantages"][-1] == {  # type: ignore[index]
        "name": "Phobia (hospitals)", "points": -10, "self_control": 12
    }  # fmt: skip
    assert "since the ward" in runner("explain", "Cole").stdout
    for name, audience in (("table", "players"), ("gm", "gm")):
        runner("webhook", "add", name, standin.url, "--for", audience)
    players, gm = _posted(runner, standin, "table", 2), _posted(runner, standin, "gm", 2)
    # the players read the threat by its name and the trait, not the GM's reason or terms
    assert "the matron" in players and "matron (the matron)" not in players
    assert "Cole now has Phobia (hospitals)" in players and "since the ward" not in players
    assert "-2 monster" not in players
    assert "since the ward" in gm and "-2 monster (threat matron)" in gm
