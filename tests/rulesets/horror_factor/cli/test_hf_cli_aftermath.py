"""After the fight, through the CLI (RULES.md Part 1): Horror Checks and the
`exceptional_margin` option, rest, months of peace and awards, as `status` shows them.

The table: Freddie (R10 W10 H0, no training, cap 3), Linda (R12 W10 H2, some training,
cap 4), Sarge (R12 W6 H6, elite, cap 6). A fight `Cellar` (HF 5, Freddie and Linda) left
Freddie at Willpower 4 and Linda at 8.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from support.cli import clean_folder, clone, typist

if TYPE_CHECKING:
    from support.cli import Cli

PARTY = {
    "Freddie": "--reaction 10 --willpower 10 --hardness 0 --training none",
    "Linda": "--reaction 12 --willpower 10 --hardness 2 --training some",
    "Sarge": "--reaction 12 --willpower 6 --hardness 6 --training elite",
}
FIGHT = [
    ("encounter", "start", "Cellar", "--hf", "5", "--cast", "Freddie,Linda"),
    ("soak", "Freddie", "3"),
    ("soak", "Linda", "2"),
    ("turn",),
    ("soak", "Freddie", "3"),
    ("encounter", "end"),
]


def seat(run: Callable[..., object], *options: str) -> None:
    run("campaign", "new", "night", "--ruleset", "horror-factor", *options)
    for name, sheet in PARTY.items():
        run("character", "add", name, *sheet.split())
    for command in FIGHT:
        run(*command)


@pytest.fixture(scope="module")
def after_the_fight(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The table built once through the CLI; each test copies the file."""
    folder = tmp_path_factory.mktemp("hf-aftermath")
    with clean_folder(folder):
        seat(typist(folder / "after.db"))
    return folder / "after.db"


@pytest.fixture
def table(runner: Cli, after_the_fight: Path) -> Cli:
    clone(after_the_fight, runner.db)
    return runner


def sheet(runner: Cli, name: str) -> dict[str, Any]:
    return runner.json("status")["characters"][name]  # type: ignore[index,no-any-return]


def willpower(runner: Cli) -> dict[str, int]:
    characters = runner.json("status")["characters"]  # type: ignore[index]
    return {n: c["willpower"] for n, c in characters.items()}


# --- Horror Checks ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "dice", "total", "result", "hardness", "brokenness"),
    [
        ("Linda", "+10/-1", 14, "pass", 3, 0),  # "total >= 10: pass, hardened: Hardness +1"
        ("Linda", "+6/-1", 10, "pass", 3, 0),
        ("Linda", "+5/-1", 9, "fail", 2, 1),  # "total < 10: fail, broken: brokenness +1"
        ("Linda", "+2/-1", 6, "fail", 2, 1),
        ("Linda", "+1/-1", 5, "exceptional-failure", 1, 1),  # "<= 10 - 5": also Hardness -1
        ("Freddie", "+1/-1", -1, "exceptional-failure", 0, 1),  # "(not below 0)"
    ],
)
def test_a_horror_check_faces_the_initial_hf(
    table: Cli, name: str, dice: str, total: int, result: str, hardness: int, brokenness: int
) -> None:
    """ "total = current Willpower + Hardness - HF + d10 - d10, where HF is the initial HF the
    character faced in that encounter": Linda 8 + 2 - 5, Freddie 4 + 0 - 5."""
    document = table.json("check", name, "--dice", dice)
    assert isinstance(document, dict)
    assert (document["total"], document["result"]) == (total, result)
    assert (document["hf"], document["hf_source"]) == (5, "initial HF of Cellar")
    after = sheet(table, name)
    assert (after["hardness"], after["brokenness"]) == (hardness, brokenness)


def test_a_horror_check_with_a_given_hf_and_an_exceptional_failure(table: Cli) -> None:
    """A horror outside combat: `--hf`. Linda 8 + 2 - 9 + 1 - 2 = 0: exceptional failure,
    Hardness 2 to 1 and brokenness 1; the explanation shows the margin."""
    out = table("check", "Linda", "--hf", "9", "--dice", "+1/-2").stdout
    assert "= 0 vs 10: failed exceptionally (at 5 or less); broken" in out
    assert "exceptional-failure" not in out
    linda = sheet(table, "Linda")
    assert (linda["hardness"], linda["brokenness"]) == (1, 1)


def test_hardening_stops_at_the_cap(table: Cli) -> None:
    """ "Hardening past the cap is a deliberate GM award ... never automatically." """
    table("award", "Freddie", "--hardness", "3", "--reason", "a year on the wall")
    document = table.json("check", "Freddie", "--dice", "+10/-1")
    assert isinstance(document, dict)
    assert (document["result"], document["hardness"]) == ("pass", 3)


@pytest.mark.parametrize(
    ("options", "result"),
    [((), "fail"), (("--option", "exceptional_margin=4"), "exceptional-failure")],
)
def test_the_exceptional_margin_option(runner: Cli, options: tuple[str, ...], result: str) -> None:
    """ "*option* `exceptional_margin` (default 5): total <= 10 - 5 is an Exceptional Failure".
    Linda 8 + 2 - 5 + 2 - 1 = 6: a plain failure by default, exceptional when the campaign
    sets the margin to 4."""
    seat(runner, *options)
    document = runner.json("check", "Linda", "--dice", "+2/-1")
    assert isinstance(document, dict)
    assert (document["total"], document["result"]) == (6, result)
    words = "failed exceptionally (at 6" if options else "failed (exceptional at 5"
    assert f": {words} or less);" in runner("log").stdout


# --- rest ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "after", "kind"),
    [
        ((), {"Freddie": 10, "Linda": 10, "Sarge": 6}, "rest"),
        (("--all",), {"Freddie": 10, "Linda": 10, "Sarge": 6}, "rest"),
        (("Linda",), {"Freddie": 4, "Linda": 10, "Sarge": 6}, "rest"),
        (
            ("Freddie", "Linda", "--victory"),
            {"Freddie": 10, "Linda": 10, "Sarge": 6},
            "a major victory",
        ),
        (("Freddie", "--points", "2"), {"Freddie": 6, "Linda": 8, "Sarge": 6}, "rest (+2)"),
        (("--points", "5"), {"Freddie": 9, "Linda": 10, "Sarge": 6}, "rest (+5)"),  # never past max
    ],
)
def test_rest_restores_willpower(
    table: Cli, args: tuple[str, ...], after: dict[str, int], kind: str
) -> None:
    """ "A good night's sleep, or a major victory or accomplishment, restores current
    Willpower to its maximum (a partial restore may be given as a number of points)." """
    assert willpower(table) == {"Freddie": 4, "Linda": 8, "Sarge": 6}
    out = table("rest", *args).stdout
    assert f"Willpower restored by {kind}:" in out
    assert willpower(table) == after


# --- peace and awards ------------------------------------------------------------------------


def test_peace_lowers_hardness_down_to_half_the_peak(table: Cli) -> None:
    """ "Hardness never falls below ceil(peak / 2)"; above 5 a loss needs therapy."""
    table("peace", "Sarge", "--months", "12", "--lose", "1", "--therapy")
    table(
        "peace", "Sarge", "--months", "6", "--lose", "2", "--ptsd"
    )  # 5 and below: no therapy needed
    sarge = sheet(table, "Sarge")
    assert (sarge["hardness"], sarge["peak_hardness"]) == (3, 6)
    assert "Hardness 5->3 (peak 6, not below 3)" in table("log").stdout
    assert "not below 3" in table.refused("peace", "Sarge", "--months", "6", "--lose", "1").stderr


def test_peace_with_a_warlike_mindset_loses_nothing(table: Cli) -> None:
    out = table("peace", "Linda", "--months", "3", "--lose", "0", "--mindset").stdout
    assert "3 month(s) of peace (warlike mindset): Hardness 2->2" in out
    assert sheet(table, "Linda")["hardness"] == 2


def test_an_award_goes_past_the_cap_with_its_reason(table: Cli) -> None:
    """ "Hardening past the cap ... allowed only as an explicit award with a reason"."""
    out = table(
        "award", "Freddie", "--hardness", "4", "--reason", "Two years of wasteland patrols"
    ).stdout
    assert "Freddie is awarded +4 Hardness: 0->4 (cap 3): Two years of wasteland patrols" in out
    freddie = sheet(table, "Freddie")
    assert (freddie["hardness"], freddie["hardness_cap"], freddie["peak_hardness"]) == (4, 3, 4)


def test_an_award_of_a_specialization(table: Cli) -> None:
    """ "Hardening, breaking and peace change the general Hardness unless the event names a
    specialization": a new one starts from the general Hardness."""
    table(
        "award",
        "Linda",
        "--hardness",
        "1",
        "--reason",
        "the crypt",
        "--spec",
        "Mythos",
        "--new-spec",
    )
    linda = sheet(table, "Linda")
    assert (linda["hardness"], linda["specializations"]) == (2, {"mythos": 3})
