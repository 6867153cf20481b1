"""Threats as things (issue 41, E3), as the GM met it: `fright Priya --threat nurse --dark`
silently left out the nurse's `--monster -4` and `--kind` given at the first check: a
threat remembered only its name. Now a threat remembers its kind and modifiers (`threat
add`, or the first check against it); later checks inherit each one they do not give,
an explicit flag overrides it, and the line says what came from the threat.

Priya: Will 13, Fearlessness 2. Mara: Will 12, Combat Reflexes.
"""

from __future__ import annotations

import pytest
from support.cli import Cli
from support.fright_check_cli import refused


@pytest.fixture
def ward(runner: Cli) -> Cli:
    runner("campaign", "new", "hospital", "--ruleset", "fright-check")
    runner("character", "add", "Priya", "--will", "13", "--ht", "12", "--iq", "12",
           "--trait", "Fearlessness=2")  # fmt: skip
    runner("character", "add", "Mara", "--will", "12", "--ht", "11", "--iq", "13",
           "--trait", "Combat Reflexes")  # fmt: skip
    runner("session", "start", "Admission night", "--at", "1987-10-30 22:00")
    return runner


def labels(document: object) -> dict[str, int]:
    assert isinstance(document, dict)
    return {m["label"]: m["value"] for m in document["modifiers"]}


def test_the_first_checks_modifiers_are_kept_with_the_threat(ward: Cli) -> None:
    first = ward.json("fright", "Mara", "--threat", "nurse", "--monster", "-4", "--kind",
                      "ghoul", "--dice", "1,1,1")  # fmt: skip
    assert labels(first)["monster"] == -4
    second = ward("fright", "Priya", "--threat", "nurse", "--dark", "--dice", "1,1,1").stdout
    assert "Priya's Fright Check vs nurse [from the threat: kind ghoul, monster -4]" in second
    assert "-4 monster (threat nurse)" in second and "-1 dark" in second
    document = ward.json("log")[-1]  # type: ignore[index]
    assert document["data"]["from_threat"] == ["kind", "monster"]
    assert document["data"]["given"] == []
    # previous experience with the kind it inherited: Priya's first ghoul, Mara's second
    mara = labels(ward.json("fright", "Mara", "--threat", "nurse", "--dice", "1,1,1"))
    assert mara["previous experience with ghoul (the kind of threat nurse) (check 5)"] == 1
    # an explicit flag overrides the threat's for this check alone
    over = ward("fright", "Priya", "--threat", "nurse", "--monster", "-2", "--dice", "1,1,1")
    assert "[from the threat: kind ghoul]" in over.stdout and "-2 monster," in over.stdout
    again = ward.json("fright", "Mara", "--threat", "nurse", "--dice", "1,1,1")
    assert labels(again)["monster (threat nurse)"] == -4
    assert ward.json("audit")["differences"] == []  # type: ignore[index]


def test_a_threat_added_before_it_is_faced(ward: Cli) -> None:
    added = ward("threat", "add", "nurse", "--name", "the night nurse", "--kind", "ghoul",
                 "--monster", "-4").stdout  # fmt: skip
    assert ('Threat nurse (players read "the night nurse"): kind ghoul, monster -4; later '
            "checks against it inherit them") in added  # fmt: skip
    check = ward("fright", "Priya", "--threat", "nurse", "--dark", "--dice", "6,6,5",
                 "--table-dice", "3,4,5", "--effect-dice", "stun=2").stdout  # fmt: skip
    assert "Will 13, +2 Fearlessness 2, -4 monster (threat nurse), -1 dark = 10" in check
    listed = ward("threat", "list").stdout.splitlines()
    assert listed[0].split() == ["threat", "players", "read", "kind", "carries", "since", "faced"]
    assert listed[1].split() == ["nurse", "the", "night", "nurse", "ghoul", "monster", "-4",
                                 "#5", "1"]  # fmt: skip
    assert ward.json("threat", "list") == {
        "threats": [
            {"threat": "nurse", "name": "the night nurse", "kind": "ghoul",
             "terms": [["monster", -4]], "seq": 5, "faced": 1}
        ]
    }  # fmt: skip
    players = ward("recap", "--for", "players").stdout
    assert "Priya's Fright Check against the night nurse" in players
    assert "Threat nurse" not in players and "monster" not in players  # the GM's prep
    assert "Threat nurse" in ward("recap", "--for", "gm").stdout


def test_the_audit_decides_an_inherited_check_again(ward: Cli) -> None:
    """A check that inherited the threat's -4: void the threat's description, and the audit
    finds the check decided again without it."""
    ward("threat", "add", "nurse", "--monster", "-4")
    check = ward.json("fright", "Priya", "--threat", "nurse", "--dice", "6,5,1")
    assert check["success"] is False  # type: ignore[index]  # 12 vs 15 - 4: failed (13: made)
    ward("void", "5", "--reason", "no such monster")
    audit = ward("audit", "--json", ok=False)
    assert audit.exit_code == 1 and f'"seq": {check["seq"]}' in audit.stdout  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("threat", "add", "nurse", "--monster", "-11"),
         "the monster modifier -11 is out of range"),
        (("threat", "add", " "), "a Fright Check needs the threat it faces"),
        (("threat", "add", "x", "--mutilated", "2", "--body", "peaceful"),
         "--mutilated goes with a violent death"),
        (("threat", "add", "x", "--name", " "), "--name is what players read for the threat"),
        (("threat", "add", "ghoul"), "ghoul is already a threat (monster -3; described at #5)"),
        (("fright", "Priya", "--threat", "x", "--dark", "--daylight"),
         "it is either dark (--dark) or daylight (--daylight), not both"),
    ],
)  # fmt: skip
def test_refused_and_nothing_written(ward: Cli, args: tuple[str, ...], message: str) -> None:
    ward("threat", "add", "ghoul", "--monster", "-3")
    assert message in refused(ward, *args)


def test_an_older_journals_checks_inherit_nothing(ward: Cli) -> None:
    """A check recorded before threats were remembered (no `given`) is decided again as it
    was: the audit of an older log finds nothing new (campaigns/morgue audits clean)."""
    from journal.rulesets.fright_check.rules import RULESET
    from journal.rulesets.fright_check.rules.fright import FrightChecked

    ward("fright", "Mara", "--threat", "nurse", "--monster", "-4", "--dice", "1,1,1")
    (entry,) = [e for e in ward.json("log") if e["type"] == "FrightChecked"]  # type: ignore[union-attr]
    data = {k: v for k, v in entry["data"].items() if k not in ("given", "from_threat")}
    import msgspec

    older = msgspec.convert(data, FrightChecked)
    assert older.given is None
    command = RULESET.command_for(older)
    assert command is not None and command.inherits is False
