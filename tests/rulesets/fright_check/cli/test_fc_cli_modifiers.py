"""Every `journal fright` modifier flag reaches its modifier through the CLI, and the
derived ones (heat of battle, previous experience, 24-hour exposures) follow the log and
the campaign clock, with the GM's overrides recorded as given.

Mara: Will 10, Fearlessness 2 and Combat Reflexes (+4 derived, always), Cowardice 2,
Daredevil, Higher Purpose, Xenophilia 3 (conditional: the GM's flags). Rolled 1,1,1 (a
critical success) so no table roll is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from support.cli import Cli  # `from conftest` at run time can meet another folder's conftest

MARA = (
    "--will", "10", "--ht", "11", "--iq", "12",
    "--trait", "Fearlessness=2", "--trait", "Combat Reflexes", "--trait", "Cowardice=2",
    "--trait", "Daredevil", "--trait", "Higher Purpose", "--trait", "Xenophilia=3",
)  # fmt: skip
ELI = (
    "--will", "11", "--ht", "10", "--iq", "13",
    "--trait", "Fearfulness=3", "--trait", "Combat Paralysis",
)  # fmt: skip


@pytest.fixture
def gm(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Mara", *MARA)
    runner("character", "add", "Eli", *ELI)
    return runner


def fright(gm: Cli, *args: str, who: str = "Mara", threat: str = "ghoul-1") -> dict[str, Any]:
    document = gm.json("fright", who, "--threat", threat, *args)
    assert isinstance(document, dict)
    return document


def given(document: dict[str, Any]) -> list[tuple[str, int]]:
    return [(m["label"], m["value"]) for m in document["modifiers"] if m["source"] == "given"]


def derived(document: dict[str, Any], part: str) -> dict[str, Any]:
    found = [m for m in document["modifiers"] if m["source"] == "derived" and part in m["label"]]
    assert len(found) == 1, (part, document["modifiers"])
    return found[0]  # type: ignore[no-any-return]


FLAGS = [
    (("--monster", "-1"), [("monster", -1)]),
    (("--monster", "-10"), [("monster", -10)]),
    (("--body", "peaceful"), [("peaceful-looking body, prepared for burial", 6)]),
    (("--body", "no-violence"), [("dead body with no signs of violence", 2)]),
    (("--body", "violent"), [("victim of violence", 0)]),
    (("--mutilated", "1"), [("grisly mutilation (1)", -1)]),
    (("--body", "violent", "--mutilated", "2"), [("grisly mutilation (2)", -2)]),
    (("--mutilated", "3"), [("grisly mutilation (3)", -3)]),
    (
        ("--body", "violent", "--dependent"),
        [("victim of violence", 0), ("the victim was a Dependent", -6)],
    ),
    (
        ("--mutilated", "3", "--dependent"),
        [("grisly mutilation (3)", -3), ("the victim was a Dependent", -6)],
    ),
    (("--body", "peaceful", "--dependent"), [("peaceful-looking body, prepared for burial", 6),
                                             ("the victim was a Dependent", -6)]),
    (("--heat-of-battle",), [("heat of battle (GM)", 5)]),
    (("--no-heat-of-battle",), [("no heat of battle (GM)", 0)]),
    (("--touched",), [("it touches you", -1)]),
    (("--distant",), [("at a great distance (100 yd+)", 1)]),
    (("--remote",), [("viewed remotely", 3)]),
    (("--isolated",), [("physically isolated", -1)]),
    (("--dark",), [("dark", -1)]),
    (("--alone",), [("alone", -2)]),
    (("--report", "1"), [("learned the details beforehand (report quality 1)", 1)]),
    (("--report", "3"), [("learned the details beforehand (report quality 3)", 3)]),
    (("--cowardice-applies",), [("Cowardice 2 (physical safety at risk)", -2)]),
    (("--daredevil",), [("Daredevil (charging in)", 1)]),
    (("--higher-purpose",), [("Higher Purpose (a threat sworn to oppose)", 1)]),
    (("--xenophilia-applies",), [("Xenophilia 3 (confronting monsters)", 3)]),
    (("--mod", "Whispering walls=-2"), [("Whispering walls", -2)]),
    (("--mod", "Holy water=+1", "--mod", "Smell=-3"), [("Holy water", 1), ("Smell", -3)]),
    (("--previous-experience",), [("previous experience with this kind of threat (GM)", 1)]),
    (("--no-previous-experience",), [("no previous experience (GM)", 0)]),
    (("--exposures", "3"), [("earlier exposures to ghoul-1 in 24 game-hours (GM: 3)", 3)]),
    (
        ("--monster", "-4", "--dark", "--alone", "--touched", "--report", "2"),
        [("monster", -4), ("it touches you", -1), ("dark", -1), ("alone", -2),
         ("learned the details beforehand (report quality 2)", 2)],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("flags", "expected"), FLAGS, ids=[" ".join(f) for f, _ in FLAGS])
def test_each_flag_reaches_its_modifier(
    gm: Cli, flags: tuple[str, ...], expected: list[tuple[str, int]]
) -> None:
    document = fright(gm, *flags, "--dice", "1,1,1")
    assert given(document) == expected
    assert all(m["source"] in ("given", "derived") for m in document["modifiers"])
    # Will 10, Fearlessness 2, Combat Reflexes 2, then what the flags give
    assert document["modified_will"] == 10 + 4 + sum(v for _, v in expected)
    assert document["effective_will"] == min(13, document["modified_will"])


HORDES = [(4, 0), (5, -1), (9, -1), (10, -2), (19, -2), (20, -3), (49, -3), (50, -4),
          (99, -4), (100, -5), (0, 0), (1000, -5)]  # fmt: skip


@pytest.mark.parametrize(("count", "value"), HORDES)
def test_horde_modifier_follows_the_count(gm: Cli, count: int, value: int) -> None:
    document = fright(gm, "--count", str(count), "--dice", "1,1,1")
    ((label, got),) = given(document)
    assert (label.startswith(f"horde of {count} "), got) == (True, value)


def test_sheet_traits_are_derived_on_every_check(gm: Cli) -> None:
    mara = fright(gm, "--dice", "1,1,1")
    assert derived(mara, "Fearlessness 2")["value"] == 2
    assert derived(mara, "Combat Reflexes")["value"] == 2
    eli = fright(gm, "--dice", "1,1,1", who="Eli")
    assert derived(eli, "Fearfulness 3")["value"] == -3
    assert derived(eli, "Combat Paralysis")["value"] == -2
    assert eli["modified_will"] == 11 - 5


def test_heat_of_battle_is_derived_while_an_encounter_runs(gm: Cli) -> None:
    before = fright(gm, "--dice", "1,1,1")
    assert derived(before, "heat of battle")["label"] == "no heat of battle (no combat running)"
    gm("encounter", "start", "Morgue brawl", "--cast", "Mara")
    during = fright(gm, "--dice", "1,1,1")
    heat = derived(during, "heat of battle")
    assert (heat["label"], heat["value"]) == ("heat of battle (combat 'Morgue brawl' running)", 5)
    assert during["modified_will"] == before["modified_will"] + 5
    outside = fright(gm, "--dice", "1,1,1", who="Eli")
    assert derived(outside, "heat of battle")["value"] == 0
    assert "not in combat 'Morgue brawl'" in derived(outside, "heat of battle")["label"]
    overridden = fright(gm, "--no-heat-of-battle", "--dice", "1,1,1")
    assert given(overridden) == [("no heat of battle (GM)", 0)]
    gm("encounter", "end")
    after = fright(gm, "--dice", "1,1,1")
    assert derived(after, "heat of battle")["value"] == 0
    assert given(fright(gm, "--heat-of-battle", "--dice", "1,1,1")) == [("heat of battle (GM)", 5)]


def test_previous_experience_is_derived_from_earlier_checks_of_the_kind(gm: Cli) -> None:
    first = fright(gm, "--kind", "ghoul", "--dice", "1,1,1")
    assert derived(first, "previous experience")["value"] == 0
    again = fright(gm, "--kind", "Ghoul", "--dice", "1,1,1", threat="ghoul-2")
    experience = derived(again, "previous experience")
    assert experience == {
        "label": f"previous experience with Ghoul (check {first['seq']})",
        "value": 1,
        "source": "derived",
    }
    other_kind = fright(gm, "--kind", "wraith", "--dice", "1,1,1", threat="wraith-1")
    assert derived(other_kind, "previous experience")["value"] == 0
    no_kind = fright(gm, "--dice", "1,1,1", threat="ghoul-3")
    assert derived(no_kind, "previous experience")["label"].endswith("no kind of threat given")
    # Eli's experience is his own
    eli = fright(gm, "--kind", "ghoul", "--dice", "1,1,1", who="Eli")
    assert derived(eli, "previous experience")["value"] == 0
    overridden = fright(gm, "--kind", "ghoul", "--no-previous-experience", "--dice", "1,1,1")
    assert given(overridden) == [("no previous experience (GM)", 0)]


def test_no_clock_no_session_no_exposures(gm: Cli) -> None:
    """With no clock, the checks of the same session count (RULES.md, issue 18); with no
    session running either, nothing places them, and none count."""
    fright(gm, "--dice", "1,1,1")
    second = fright(gm, "--dice", "1,1,1")
    exposures = derived(second, "exposures to ghoul-1")
    assert exposures["value"] == 0
    assert "the campaign clock is not set and no session is running; 1 earlier check(s) not " in (
        exposures["label"]
    )


# (how the clock moves between the two checks, exposures counted at the second)
WINDOW = [
    (("session", "start", "Night"), 1),  # same game minute
    (("clock", "advance", "1439min"), 1),
    (("clock", "advance", "24h"), 1),  # exactly 24 hours: counts
    (("clock", "advance", "1441min"), 0),  # 24 hours 1 minute: does not
    (("clock", "advance", "3d"), 0),
    (("clock", "set", "1987-11-14 22:00"), 1),
    (("clock", "set", "1987-11-14 22:01"), 0),
    (("clock", "set", "1987-11-13 21:59", "--rewind"), 0),  # set back before the first check
]


@pytest.mark.parametrize(("move", "count"), WINDOW, ids=[" ".join(m) for m, _ in WINDOW])
def test_exposures_in_the_24_hour_window(gm: Cli, move: tuple[str, ...], count: int) -> None:
    gm("clock", "set", "1987-11-13 22:00")
    first = fright(gm, "--kind", "ghoul", "--dice", "1,1,1")
    gm(*move)
    second = fright(gm, "--kind", "ghoul", "--dice", "1,1,1")
    exposures = derived(second, "exposure")
    assert exposures["value"] == count
    if count:
        assert f"(check {first['seq']})" in exposures["label"]
    # previous experience has no window
    assert derived(second, "previous experience")["value"] == 1


def test_exposures_count_each_earlier_check_of_this_threat(gm: Cli) -> None:
    gm("session", "start", "Night", "--at", "1987-11-13 22:00")
    seqs = [fright(gm, "--dice", "1,1,1")["seq"] for _ in range(2)]
    gm("clock", "advance", "2h")
    fright(gm, "--dice", "1,1,1", threat="ghoul-2")  # another threat: not counted
    third = fright(gm, "--dice", "1,1,1")
    exposures = derived(third, "exposures to ghoul-1")
    assert exposures["value"] == 2
    assert f"checks {seqs[0]}, {seqs[1]}" in exposures["label"]
    overridden = fright(gm, "--exposures", "0", "--dice", "1,1,1")
    assert given(overridden) == [("earlier exposures to ghoul-1 in 24 game-hours (GM: 0)", 0)]
    assert not [m for m in overridden["modifiers"] if "exposure" in m["label"] and
                m["source"] == "derived"]  # fmt: skip
