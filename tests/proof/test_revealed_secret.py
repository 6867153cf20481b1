"""What a proof shows of a secret (issue 33): a GM-only note of session 2, revealed to the
players in session 5, is proved to them against the head they kept from session 2, and
refused before the reveal and again once the reveal is voided; a note revealed to one
character is proved to that character alone. Through the CLI and the served routes.

    #1 campaign  #2 Cole  #3 Mara  #4 Ike
    #5 session 1  #6 note "the lamps are lit"  #7 session end
    #8 session 2
    #9  note "the priest lies" --gm-only                 secret P
    #10 note "the crypt key is in the font" --gm-only    secret K
    #11 session end                                      the players keep #11
    #12-#13 session 3, #14-#15 session 4, #16 session 5
    #17 reveal 9 --to players                            P: every player
    #18 reveal 10 --to Ike                               K: Ike alone
    #19 void 17                                          P: secret again
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from support.cli import Cli, count_events

SHEET = ("--will", "11", "--ht", "10", "--iq", "11")
PRIEST, KEY = 9, 10


@pytest.fixture
def night(runner: Cli) -> Iterator[Cli]:
    runner("campaign", "new", "night", "--ruleset", "fright-check")
    for name in ("Cole", "Mara", "Ike"):
        runner("character", "add", name, *SHEET)
    runner("session", "start", "One")
    runner("note", "the lamps are lit")
    runner("session", "end")
    runner("session", "start", "Two")
    runner("note", "the priest lies", "--gm-only")
    runner("note", "the crypt key is in the font", "--gm-only")
    runner("session", "end")
    yield runner


def _kept_head(night: Cli) -> str:
    """The head the players kept at the end of session 2: `#N ROOT`."""
    heads = night.json("heads")
    assert isinstance(heads, list)
    (second,) = [h for h in heads if h["session"] == 2]
    assert second["size"] == 11
    return f"#{second['size']} {second['root']}"


def _refused(night: Cli, seq: int, audience: str, reader: str) -> None:
    out = Path(f"refused-{seq}-{audience}.json")
    before = count_events(night.db)
    result = night.refused("prove", str(seq), "--for", audience, "--head", "11", "-o", str(out))
    expected = f"Error: event {seq} is not shown to {reader}: there is nothing to prove\n"
    assert result.stderr == expected
    assert not out.exists() and count_events(night.db) == before


def _proved(night: Cli, seq: int, audience: str, head: str, *extra: str) -> dict[str, Any]:
    out = Path(f"proof-{seq}-{audience}{''.join(extra)}.json")
    night("prove", str(seq), "--for", audience, "--head", "11", *extra, "-o", str(out))
    checked = night("check-proof", str(out), "--head", head)
    assert checked.stdout.splitlines()[0] == (
        f"valid: these words were in the record at the end of session 2 (#11), as event #{seq}:"
    )
    document = json.loads(out.read_text())
    assert isinstance(document, dict)
    return document


def _served(night: Cli, seq: int) -> set[str]:
    """The links ("gm", "players", each name) whose `/TOKEN/proof/SEQ` answers the proof
    (every other answers a 404)."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from support.web import by_label, open_site

    from journal.web.app import create_app

    site = open_site(night.db)
    try:
        client = TestClient(create_app(site))
        found = set()
        for who, token in by_label(site).items():
            answer = client.get(f"/{token}/proof/{seq}")
            assert answer.status_code in (200, 404), (who, answer.status_code)
            if answer.status_code == 200:
                assert answer.json()["event"]["seq"] == seq
                found.add(who)
        return found
    finally:
        site.database.close()


def _sessions(night: Cli, *titles: str) -> None:
    for title in titles:
        night("session", "start", title)
        night("session", "end")


def test_a_secret_of_session_2_revealed_in_session_5_is_proved_against_session_2s_head(
    night: Cli,
) -> None:
    head = _kept_head(night)
    for audience, reader in (("players", "the players"), ("Ike", "Ike"), ("Mara", "Mara")):
        _refused(night, PRIEST, audience, reader)
        _refused(night, KEY, audience, reader)
    assert _served(night, PRIEST) == _served(night, KEY) == set()

    _sessions(night, "Three", "Four")
    night("session", "start", "Five")
    night("reveal", str(PRIEST), "--to", "players", "--reason", "the confession")
    night("reveal", str(KEY), "--to", "Ike")

    # the players (and every character) are proved the revealed note, in session 2's tree
    for audience in ("players", "Cole", "Ike"):
        document = _proved(night, PRIEST, audience, head)
        assert document["reading"] == {
            "session": 2, "type": "NoteTaken", "told": ["the priest lies"], "rows": [],
        }  # fmt: skip
        words = {p["name"]: p["value"] for p in document["event"]["disclosed"]}
        assert words == {"text": "the priest lies", "gm_only": True, "about": []}
    # its words are bound to session 2's head by their salted digests: `--reveal` adds none
    revealed = _proved(night, PRIEST, "players", head, "--reveal")["event"]["disclosed"]
    assert {p["name"] for p in revealed} == {"text", "gm_only", "about"}
    recap = night("recap", "5", "--for", "players").stdout
    assert "the priest lies" in recap and "noted in session 2" in recap

    # a character-only reveal: Ike's, no one else's
    assert _proved(night, KEY, "Ike", head)["reading"]["told"] == ["the crypt key is in the font"]
    _refused(night, KEY, "players", "the players")
    _refused(night, KEY, "Mara", "Mara")
    assert _served(night, PRIEST) == {"players", "Cole", "Mara", "Ike"}
    assert _served(night, KEY) == {"Ike"}

    # a proof of the current head does not pass for the kept one: it names the --head to ask
    Path("now.json").write_text(night("prove", str(PRIEST), "--for", "players").stdout)
    wrong = night("check-proof", "now.json", "--head", head, ok=False)
    assert wrong.exit_code == 1 and "ask for the proof against #11" in wrong.stdout

    # the reveal voided: secret again, refused again
    night("void", "17", "--reason", "told the wrong table")
    _refused(night, PRIEST, "players", "the players")
    _refused(night, PRIEST, "Cole", "Cole")
    assert _served(night, PRIEST) == set()
    assert _proved(night, KEY, "Ike", head)["event"]["seq"] == KEY


def test_a_reveal_itself_is_proved_to_no_player(night: Cli) -> None:
    """A reveal is the GM's record of who was told what and why: no players' or
    character's proof of it, with or without --reveal (issue 47, T1: its visibility check
    forced true, `--reveal` gave its whole body, the reason and who was told included)."""
    _sessions(night, "Three", "Four")
    night("session", "start", "Five")
    night("reveal", str(PRIEST), "--to", "players", "--reason", "the confession")
    night("reveal", str(KEY), "--to", "Ike", "--reason", "Ike read the ledger")
    reveals = (17, 18)
    log = night.json("log")
    assert isinstance(log, list)
    assert [e["type"] for e in log if e["seq"] in reveals] == ["SecretRevealed"] * 2
    before = count_events(night.db)
    for seq in reveals:
        for audience, reader in (("players", "the players"), ("Ike", "Ike"), ("Cole", "Cole")):
            for extra in ((), ("--reveal",)):
                out = Path(f"reveal-{seq}-{audience}{''.join(extra)}.json")
                result = night.refused("prove", str(seq), "--for", audience, *extra, "-o", str(out))
                assert result.stderr == (
                    f"Error: event {seq} is not shown to {reader}: there is nothing to prove\n"
                )
                assert result.stdout == "" and not out.exists()
    assert count_events(night.db) == before
    if find_spec("starlette") is not None:  # (the serve extra: the served routes too)
        assert _served(night, 17) == _served(night, 18) == set()
    # the GM's copy tells both reveals: the refusals are of the audience, not of the events
    gm = night("recap", "5", "--for", "gm").stdout
    assert "the confession" in gm and "Ike read the ledger" in gm
