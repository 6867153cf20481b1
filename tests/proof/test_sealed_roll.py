"""A roll behind the screen (issue 40): sealed in session 1, amended while sealed, unsealed
in session 3 and checked against the head the players kept at the end of session 1.

    #1 campaign  #2 Priya  #3 session 1
    #4 roll 3d6 --sealed --for "the nurse's stealth" --dice 4,2,6
    #5 amend 4 --dice 5,5,6 --reason "misread a die"       (the roll stays sealed)
    #6 session end                      the players keep #6
    #7 session 2  #8 session end  #9 session 3
    #10 unseal 4                        its faces shown to the players: 5, 5, 6 = 16
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli

SHEET = ("--will", "12", "--ht", "11", "--iq", "12")


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Priya", *SHEET)
    runner("session", "start", "The night shift")
    sealed = runner("roll", "3d6", "--sealed", "--for", "the nurse's stealth", "--dice", "4,2,6")
    assert sealed.stdout == (
        "#4 The GM rolls 3d6 behind the screen for the nurse's stealth: 4, 2, 6 = 12 (sealed)\n"
    )
    return runner


def _players_recap(night: Cli, number: int) -> str:
    return night("recap", str(number), "--for", "players").stdout


def test_sealed_amended_unsealed_and_checked_against_the_first_nights_head(
    night: Cli,
) -> None:
    night("amend", "4", "--dice", "5,5,6", "--reason", "misread a die")
    receipt = night("session", "end").stdout.splitlines()[-1]
    kept = receipt.split("(")[1].rstrip(")")  # `#6 ROOT`
    assert kept.startswith("#6 ")

    # while sealed: the players see that it was rolled, and amended, not its faces
    recap = _players_recap(night, 1)
    assert "The GM rolled 3d6 behind the screen for the nurse's stealth (sealed #4)" in recap
    assert "The GM amends the roll #4" in recap
    for faces in ("4, 2, 6", "5, 5, 6", "= 12", "= 16", "misread"):
        assert faces not in recap, faces
    night("prove", "4", "--for", "players", "-o", "sealed.json")
    sealed = json.loads(Path("sealed.json").read_text())
    shown = {p["name"] for p in sealed["event"]["disclosed"]}
    assert "dice" not in shown and "total" not in shown
    night("prove", "5", "--for", "Priya", "-o", "amended.json")  # the amendment: not its data
    amended = json.loads(Path("amended.json").read_text())
    assert {p["name"] for p in amended["event"]["disclosed"]} == {"seq", "ruling", "ruling_schema"}

    night("session", "start", "Two")
    night("session", "end")
    night("session", "start", "Three")
    unsealed = night("unseal", "4").stdout
    assert unsealed == "#10 Unseals #4 (3d6 for the nurse's stealth): 5, 5, 6 = 16\n"
    assert "The GM unseals the roll #4 (3d6 for the nurse's stealth): 5, 5, 6 = 16" in (
        _players_recap(night, 3)
    )
    refused = night.refused("unseal", "4")
    assert refused.stderr == "Error: the roll #4 was unsealed already, by #10\n"

    # its faces, as sealed in session 1, checked against the head kept then
    night("prove", "4", "--for", "players", "--head", "6", "-o", "roll.json")
    checked = night("check-proof", "roll.json", "--head", kept).stdout.splitlines()
    assert checked[0] == (
        "valid: these words were in the record at the end of session 1 (#6), as event #4:"
    )
    assert '  dice: {"roll": {"faces": [4, 2, 6], "source": "entered"}}' in checked
    assert "  total: 12" in checked
    # and the amendment it was read through, sealed too in session 1: the faces that stand
    night("prove", "5", "--for", "players", "--head", "6", "-o", "amendment.json")
    lines = night("check-proof", "amendment.json", "--head", kept).stdout
    assert '"faces": [5, 5, 6]' in lines and '"total": 16' in lines


def test_a_voided_sealed_roll_is_told_as_voided_and_cannot_be_unsealed(night: Cli) -> None:
    night("void", "4", "--reason", "rolled for the wrong nurse")
    recap = _players_recap(night, 1)
    assert "The GM voids the roll #4" in recap and "wrong nurse" not in recap
    assert "behind the screen" not in recap  # the roll itself is gone from their story
    assert night.refused("unseal", "4").stderr.startswith(
        "Error: event 4 is not a roll made behind the screen"
    )


def test_refusals_write_nothing(night: Cli) -> None:
    from support.cli import count_events

    before = count_events(night.db)
    for args, said in (
        (("roll", "3x6"), "Error: '3x6' is not dice: write them as 3d6, d20 or 2d10+3\n"),
        (("roll", "0d6"), "Error: '0d6': roll 1 to 100 dice at a time\n"),
        (("roll", "3d1"), "Error: '3d1': a die has 2 to 1000 sides\n"),
        (
            ("roll", "3d6", "--sealed"),
            'Error: a sealed roll says what it is for, so the players know which one it was: '
            'add --for "..."\n',
        ),
        (
            ("roll", "3d6", "--dice", "4,2,7"),
            "Error: --dice: a d6 shows 1 to 6, not 7; enter the 3 faces you rolled\n",
        ),
        (("unseal", "2"), None),
        (("amend", "4", "--dice", "5,5,6", "--reason", "r", "--hf", "3"), None),
    ):
        result = night.refused(*args)
        assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, args
        if said is not None:
            assert result.stderr == said, args
    assert count_events(night.db) == before


def test_a_ruling_rolled_behind_the_screen_and_unsealed(runner: Cli) -> None:
    """`--sealed` on a ruling the ruleset lets the GM roll unseen (a Horror Check): the
    players read its result as ever and that its dice were sealed; unsealed in the next
    session, their proof discloses the dice, checked against the head kept that night."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "11", "--willpower", "10",
           "--hardness", "1", "--training", "some")  # fmt: skip
    runner("session", "start", "One")
    checked = runner("check", "Linda", "--hf", "5", "--sealed", "--dice", "+3/-5").stdout
    assert checked.splitlines()[1] == "#5 The dice of #4 were rolled behind the screen (sealed)"
    receipt = runner("session", "end").stdout.splitlines()[-1]
    kept = receipt.split("(")[1].rstrip(")")
    recap = runner("recap", "1", "--for", "players").stdout
    assert "exceptional failure" in recap
    assert "Its dice were rolled behind the screen (sealed #4)" in recap
    assert "+3" not in recap
    runner("prove", "4", "--for", "players", "-o", "sealed.json")
    assert '"dice"' not in Path("sealed.json").read_text()
    runner("session", "start", "Two")
    assert runner("unseal", "4").stdout == "#8 Unseals the dice of #4, rolled behind the screen\n"
    runner("prove", "4", "--for", "players", "--head", "6", "-o", "unsealed.json")
    lines = runner("check-proof", "unsealed.json", "--head", kept).stdout.splitlines()
    assert lines[0].startswith("valid: these words were in the record at the end of session 1")
    assert '  dice: {"check": {"faces": [3, 5], "source": "entered"}}' in lines
    # a ruling the ruleset does not let be sealed, through the API
    import journal as api
    from journal.errors import RuleError
    from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative

    with api.open(runner.db, campaign="night") as night:
        night.run(StartEncounter("The horde", "horde", ("Linda",)))
        with pytest.raises(RuleError, match="cannot be rolled behind the screen"):
            night.run(RollInitiative("Linda"), {"initiative": (5, 6)}, sealed=True)


def test_a_fright_check_may_be_sealed(runner: Cli) -> None:
    runner("campaign", "new", "crypt", "--ruleset", "fright-check")
    runner("character", "add", "Mara", *SHEET)
    runner("session", "start", "One")
    said = runner("fright", "Mara", "--threat", "nurse", "--dice", "3,3,4", "--sealed").stdout
    assert said.splitlines()[-1] == "#5 The dice of #4 were rolled behind the screen (sealed)"
    refused = runner.refused("fright", "Mara", "--for", "4", "--change-to", "10",
                             "--reason", "r", "--sealed")  # fmt: skip
    assert "a row changed later rolls none" in refused.stderr
