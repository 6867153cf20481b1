"""Every refusal of the Horror Factor issue, typed at the command line: one `Error:` line that
says what is wrong and what to do, exit 1 (2 for click's usage errors), and nothing written.

The table: Freddie (R10 W10 H0, no training), Linda (R12 W10 H2, some training,
supernatural 4), Sarge (R12 W2 H6, elite); Mara (R10 W10 H1) stays out of every fight.
"In the fight" is `encounter start Cellar --hf 5 --cast Freddie,Linda,Sarge`, after which
Freddie has rolled initiative and Linda has soaked 2.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from support.cli import clean_folder, clone, typist

if TYPE_CHECKING:
    from support.cli import Cli

PARTY = {
    "Freddie": "--reaction 10 --willpower 10 --hardness 0 --training none",
    "Linda": "--reaction 12 --willpower 10 --hardness 2 --training some --spec supernatural=4",
    "Sarge": "--reaction 12 --willpower 2 --hardness 6 --training elite",
    "Mara": "--reaction 10 --willpower 10 --hardness 1 --training some",
}


def seat(run: Callable[..., object]) -> None:
    run("campaign", "new", "night", "--ruleset", "horror-factor")
    for name, sheet in PARTY.items():
        run("character", "add", name, *sheet.split())


def count_events(db: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both tables built once through the CLI; each test gets its own copy of the file."""
    folder = tmp_path_factory.mktemp("hf-refusals")
    with clean_folder(folder):
        seat(typist(folder / "calm.db"))
        clone(folder / "calm.db", folder / "fighting.db")
        fighting = typist(folder / "fighting.db")
        fighting("encounter", "start", "Cellar", "--hf", "5", "--cast", "Freddie,Linda,Sarge")
        fighting("initiative", "Freddie", "--dice", "+5/-6")
        fighting("soak", "Linda", "2")
    return {"calm": folder / "calm.db", "fighting": folder / "fighting.db"}


@pytest.fixture
def calm(runner: Cli, tables: dict[str, Path]) -> Cli:
    """The table between fights."""
    clone(tables["calm"], runner.db)
    return runner


@pytest.fixture
def fighting(runner: Cli, tables: dict[str, Path]) -> Cli:
    clone(tables["fighting"], runner.db)
    return runner


def refused_without_writing(
    runner: Cli, args: tuple[str, ...], *fragments: str, exit_code: int = 1
) -> str:
    before = count_events(runner.db)
    result = runner.refused(*args, exit_code=exit_code)
    assert count_events(runner.db) == before, f"{args} wrote events"
    for fragment in fragments:
        assert fragment in result.stderr, (fragment, result.stderr)
    return result.stderr


NO_FIGHT = ("no encounter is running", "start one with `journal encounter start`")


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        # "initiative or soak outside a fight"; `turn` (and the rest of the fight) with no fight
        (("initiative", "Freddie", "--dice", "+5/-6"), ("cannot roll initiative", *NO_FIGHT)),
        (("initiative", "Freddie"), NO_FIGHT),
        (("soak", "Freddie", "1"), ("cannot soak", *NO_FIGHT)),
        (("turn",), ("cannot advance the turn", *NO_FIGHT)),
        (("shift", "Freddie", "hurt"), NO_FIGHT),
        (("shift", "--all", "inspired"), NO_FIGHT),
        (("drop", "Freddie"), NO_FIGHT),
        (("encounter", "end", "--do-or-die", "Freddie"), NO_FIGHT),
        # "a Horror Check with no HF known"
        (
            ("check", "Freddie", "--dice", "+5/-5"),
            ("no HF is known", "faced no encounter", "--hf N"),
        ),
        # "dice faces outside 1-10", and dice that are no d10 pair at all
        (("check", "Freddie", "--hf", "3", "--dice", "+11/-3"), ("--dice", "1 to 10, not 11")),
        (("check", "Freddie", "--hf", "3", "--dice", "+3/-11"), ("--dice", "1 to 10, not 11")),
        (("check", "Freddie", "--hf", "3", "--dice", "+0/-3"), ("--dice", "1 to 10, not 0")),
        (("check", "Freddie", "--hf", "3", "--dice", "5"), ("'5' are not a d10 pair", "+5/-6")),
        (("check", "Freddie", "--hf", "3", "--dice", "abc"), ("'abc' are not a d10 pair", "+5/-6")),
        (("check", "Freddie", "--hf", "-1", "--dice", "+5/-5"), ("0 or more, not -1",)),
        (
            ("check", "Nobody", "--hf", "3"),
            ("no character named 'Nobody'", "journal character add"),
        ),
        # "peace below half the peak Hardness": Sarge's peak 6 keeps at least 3
        (
            ("peace", "Sarge", "--months", "6", "--lose", "4", "--therapy"),
            ("half of their peak Hardness 6", "not below 3", "at most 3 from 6, not 4"),
        ),
        # "with a kept mindset and a loss"
        (
            ("peace", "Linda", "--months", "6", "--lose", "1", "--mindset"),
            ("warlike mindset", "nothing is lost", "--lose 0", "drop --mindset"),
        ),
        # "with less than a month"
        (("peace", "Linda", "--months", "0", "--lose", "0"), ("1 or more, not 0", "--months 1")),
        (("peace", "Linda", "--months", "3", "--lose", "-1"), ("0 or more, not -1", "award")),
        # "above Hardness 5 without therapy (unless `--override` gives a reason)"
        (
            ("peace", "Sarge", "--months", "6", "--lose", "1"),
            ("Hardness 6, above 5", "needs therapy", "--therapy", '--override "reason"'),
        ),
        (
            ("peace", "Sarge", "--months", "6", "--lose", "1", "--override", "  "),
            ("override needs a reason",),
        ),
        # "an award without a reason": an empty or blank reason is the rules' refusal
        (("award", "Freddie", "--hardness", "1", "--reason", ""), ("needs a reason", "--reason")),
        (
            ("award", "Freddie", "--hardness", "1", "--reason", "   "),
            ("needs a reason", "--reason"),
        ),
        (
            ("award", "Freddie", "--hardness", "0", "--reason", "why"),
            ("1 level of Hardness or more",),
        ),
        (
            ("award", "Sarge", "--hardness", "2", "--reason", "why"),
            ("would pass 7", "award 1 at most"),
        ),
        (("rest", "--points", "0"), ("1 Willpower or more", "leave --points out")),
        (("rest", "Linda", "Linda"), ("named twice", "once")),
        # `encounter start` without --hf, with an unknown preset, both creepy flags, a bad cast
        (
            ("encounter", "start", "Cellar", "--cast", "Freddie"),
            ("needs --hf PRESET|N", "--hf horde"),
        ),
        (
            ("encounter", "start", "Cellar", "--hf", "dragon", "--cast", "Freddie"),
            ("'dragon' is neither a preset", "horde 6", "a whole number"),
        ),
        (("encounter", "start", "Cellar", "--hf", "-2", "--cast", "Freddie"), ("'-2' is neither",)),
        (
            (
                "encounter",
                "start",
                "Cellar",
                "--hf",
                "3",
                "--creepy",
                "--very-creepy",
                "--cast",
                "Freddie",
            ),
            ("--creepy (+1) or --very-creepy (+2), not both",),
        ),
        (
            ("encounter", "start", "Cellar", "--hf", "3", "--cast", "Freddie,Nobody"),
            ("no character named 'Nobody'", "journal character add"),
        ),
        (
            ("encounter", "start", "Cellar", "--hf", "3", "--cast", "Freddie", "--cast", "freddie"),
            ("Freddie is named twice in the cast", "once"),
        ),
        (("encounter", "start", "  ", "--hf", "3", "--cast", "Freddie"), ("needs a title",)),
    ],
)
def test_refused_between_fights(
    calm: Cli, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    refused_without_writing(calm, args, *fragments)


NOT_IN_IT = ("Mara is not in the encounter 'Cellar'", "its cast: Freddie, Linda, Sarge")


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        # "initiative or soak ... for someone not in it"
        (("initiative", "Mara", "--dice", "+5/-6"), (*NOT_IN_IT, "cannot roll initiative")),
        (("soak", "Mara", "1"), (*NOT_IN_IT, "cannot soak")),
        (("shift", "Mara", "hurt"), NOT_IN_IT),
        (("drop", "Mara"), NOT_IN_IT),
        (("initiative", "Nobody"), ("no character named 'Nobody'",)),
        # "a second initiative in a turn"
        (
            ("initiative", "Freddie", "--dice", "+9/-1"),
            ("Freddie already rolled initiative this turn (4)", "journal amend", "journal turn"),
        ),
        # "a soak past 3 in a turn": Linda has soaked 2
        (
            ("soak", "Linda", "2"),
            ("Linda has soaked 2 this turn", "at most 3 per turn", "1 more at most"),
        ),
        (("soak", "Freddie", "4"), ("a soak is 1 to 3 Willpower a turn, not 4",)),
        (("soak", "Freddie", "0"), ("a soak is 1 to 3 Willpower a turn, not 0",)),
        # "... or past current Willpower": Sarge has 2
        (
            ("soak", "Sarge", "3"),
            ("Sarge has only 2 Willpower left (of 2)", "soak less", "rest first"),
        ),
        # dice faces outside 1-10 in the fight
        (("initiative", "Linda", "--dice", "+5/-11"), ("--dice", "1 to 10, not 11")),
        (("initiative", "Linda", "--dice", "+5"), ("'+5' are not a d10 pair", "+5/-6")),
        # "an unknown cause without a delta"
        (
            ("shift", "Linda", "sees her sister"),
            (
                "'sees her sister' is not in the catalog",
                "hurt +2",
                'journal shift NAME "sees her sister" 1',
            ),
        ),
        (
            ("shift", "--all", "a scream"),
            ("'a scream' is not in the catalog", "give the HF change too"),
        ),
        (("shift", "Linda", "a scream", "0"), ("a shift of 0 changes nothing", "give a delta")),
        (("shift", "Linda"), ("say why", "journal shift NAME CAUSE [DELTA]")),
        (("shift", "--all"), ("say why",)),
        (("shift", "--all", "inspired", "Linda"), ("with --all give only CAUSE [DELTA]",)),
        (("shift", "--all", "-1"), ("give the cause before the delta",)),
        # "a second `encounter start` while one runs"
        (
            ("encounter", "start", "Attic", "--hf", "3", "--cast", "Mara"),
            ("the encounter 'Cellar' is still running", "journal encounter end"),
        ),
        # do-or-die (or broken) names not in the encounter
        (("encounter", "end", "--do-or-die", "Mara"), (*NOT_IN_IT, "do-or-die")),
        (("encounter", "end", "--broken", "Freddie,Mara"), (*NOT_IN_IT, "broken")),
        (("encounter", "end", "--do-or-die", "Nobody"), ("no character named 'Nobody'",)),
        (
            ("encounter", "end", "--do-or-die", "Linda", "--broken", "Linda"),
            ("Linda named both do-or-die and broken", "one or the other"),
        ),
        (
            ("peace", "Linda", "--months", "2", "--lose", "0"),
            ("fighting in 'Cellar'", "end the encounter"),
        ),
    ],
)
def test_refused_in_the_fight(
    fighting: Cli, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    refused_without_writing(fighting, args, *fragments)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("award", "Freddie", "--hardness", "1"), "Missing option '--reason'"),
        (("peace", "Linda", "--lose", "0"), "Missing option '--months'"),
        (("soak", "Linda", "two"), "'two' is not a valid integer"),
        (("shift", "Linda", "--hurt"), "No such option: --hurt"),
        (("shift", "Linda", "hurt", "--jsn"), "'--jsn' is not a valid integer"),
    ],
)
def test_missing_options_are_usage_errors(calm: Cli, args: tuple[str, ...], fragment: str) -> None:
    """Bad usage exits 2 (click's convention), still writing nothing."""
    stderr = refused_without_writing(calm, args, exit_code=2)
    assert fragment in stderr


def test_an_override_with_a_reason_lets_hardness_above_5_fall(calm: Cli) -> None:
    """ "Above Hardness 5, a loss needs therapy; without it the journal refuses unless the GM
    records an override with a reason."""
    calm("peace", "Sarge", "--months", "6", "--lose", "1", "--override", "found religion")
    sarge = calm.json("status")["characters"]["Sarge"]  # type: ignore[index]
    assert (sarge["hardness"], sarge["peak_hardness"]) == (5, 6)
    assert "override: found religion" in calm("log").stdout


# --- sanity limits (the GM review): typos like `--hf 99` or `shift Nora weird 99` -------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            ("encounter", "start", "X", "--hf", "99", "--cast", "Freddie"),
            ("HF 99 is more than 20", "0 to 6", "a preset"),
        ),
        (("encounter", "start", "X", "--hf", "21", "--cast", "Freddie"), ("HF 21 is more than",)),
        (("check", "Freddie", "--hf", "21", "--dice", "+5/-5"), ("21 is more than 20",)),
        (
            ("character", "add", "A", "--reaction", "10", "--willpower", "10", "--hardness", "6",
             "--training", "none"),
            ("a starting Hardness of 6 is above the cap of training none (3)",
             "--training elite (cap 6)", "start at 3", "journal award NAME --hardness 3"),
        ),
        (
            ("character", "add", "A", "--reaction", "10", "--willpower", "10", "--hardness", "7",
             "--training", "some"),
            ("--training supernatural (cap 7)", "start at 4", "--hardness 3"),
        ),
        # `rest --all NAME` rested everyone and ignored the name
        (("rest", "--all", "Freddie"), ("NAME ... or --all, not both",)),
        (("rest", "Freddie", "Linda", "--all"), ("not both", "`rest Freddie Linda` only them")),
    ],
)  # fmt: skip
def test_refused_past_the_limits_between_fights(
    calm: Cli, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    refused_without_writing(calm, args, *fragments)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("shift", "Linda", "weird", "99"), ("a shift moves HF by -10 to 10, not 99",)),
        (("shift", "Linda", "weird", "-11"), ("-10 to 10, not -11",)),
        (("shift", "Linda", "hurt", "11"), ("-10 to 10, not 11",)),
        (("shift", "--all", "inspired", "-11"), ("-10 to 10, not -11",)),
    ],
)
def test_shifts_past_ten_are_refused(
    fighting: Cli, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    refused_without_writing(fighting, args, *fragments)


def test_the_limits_themselves_are_allowed(calm: Cli) -> None:
    """HF 20, a shift of 10 either way, Hardness at the cap: allowed."""
    calm("character", "add", "Sam", "--reaction", "10", "--willpower", "10", "--hardness", "3",
         "--training", "none")  # fmt: skip
    calm("encounter", "start", "X", "--hf", "20", "--cast", "Freddie,Sam")
    calm("shift", "Freddie", "weird", "10")
    calm("shift", "Freddie", "calm", "-10")
    status = calm.json("status")["characters"]  # type: ignore[index]
    assert status["Freddie"]["encounter"]["hf"] == 20
    assert (status["Sam"]["hardness"], status["Sam"]["hardness_cap"]) == (3, 3)
