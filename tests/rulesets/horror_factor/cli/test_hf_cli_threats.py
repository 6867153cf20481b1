"""An encounter's source as a thing (issue 41, E3, in a Horror Factor campaign): `threat add`
keeps what players read for it, its Horror Factor and its category; `encounter start
--threat ID` inherits each one it does not give (its line says which), a given one
overrides it, and `threat list` counts the encounters met against it."""

from __future__ import annotations

import pytest
from support.cli import Cli, count_events


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some", "--spec", "undead=3")  # fmt: skip
    runner("session", "start", "The cemetery")
    runner("threat", "add", "zombies", "--name", "the shambling dead", "--hf", "horde",
           "--category", "undead")  # fmt: skip
    return runner


def test_an_encounter_inherits_its_sources_hf_and_category(night: Cli) -> None:
    started = night("encounter", "start", "Night one", "--threat", "zombies",
                    "--outnumbered").stdout  # fmt: skip
    line = ("Encounter 'Night one' [undead] starts for Linda: HF horde (threat the shambling "
            "dead) 6, outnumbered +1 = 7 (from the threat zombies: hf, category)")  # fmt: skip
    assert line in started
    linda = night.json("status")["characters"]["Linda"]  # type: ignore[index]
    assert linda["encounter"]["action_penalty"] == 4  # HF 7 - Hardness (undead) 3
    night("encounter", "end")
    over = night("encounter", "start", "Night two", "--threat", "zombies", "--hf", "4").stdout
    assert "HF 4 (from the threat zombies: category)" in over
    night("encounter", "end")
    assert night.json("threat", "list") == {
        "threats": [
            {"threat": "zombies", "name": "the shambling dead", "kind": "undead",
             "terms": [["horde", 6]], "seq": 4, "faced": 2}
        ]
    }  # fmt: skip
    assert night.json("audit")["differences"] == []  # type: ignore[index]
    assert "zombies" not in night("recap", "--for", "players").stdout.split("Night one")[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("encounter", "start", "X", "--threat", "ghouls"),
         "no threat 'ghouls' (known: zombies): describe it first"),
        (("encounter", "start", "X"), "a Horror Factor encounter needs --hf PRESET|N"),
        (("threat", "add", "zombies"), "zombies is already a threat (described at #4)"),
        (("threat", "add", "ghouls", "--hf", "crowd"), "HF 'crowd' is neither a preset"),
        (("threat", "add", "ghouls", "--hf", "21"), "HF 21 is more than 20"),
        (("threat", "add", "bats"), None),
    ],
)  # fmt: skip
def test_refusals_write_nothing(night: Cli, args: tuple[str, ...], message: str | None) -> None:
    if message is None:  # a source with nothing of its own is refused by an encounter alone
        night(*args)
        args, message = ("encounter", "start", "X", "--threat", "bats"), "needs --hf"
    before = count_events(night.db)
    assert message in night.refused(*args).stderr
    assert count_events(night.db) == before
