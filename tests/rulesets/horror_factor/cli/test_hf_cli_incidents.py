"""One hardening or breaking per incident, and the fight's small refusals, typed at the
command line with entered dice (issue 12; RULES.md Part 1, "After the encounter").

The table: Freddie (R10 W10 H0, no training, cap 3), Ariella (R10 W10 H0, none), Linda
(R12 W10 H2, some training, cap 4). "The fight" is `encounter start Cellar --hf 5 --cast
Freddie,Ariella,Linda`.
"""

from __future__ import annotations

from typing import Any

from support.cli import Cli, count_events

PARTY = {
    "Freddie": "--reaction 10 --willpower 10 --hardness 0 --training none",
    "Ariella": "--reaction 10 --willpower 10 --hardness 0 --training none",
    "Linda": "--reaction 12 --willpower 10 --hardness 2 --training some",
}
FIGHT = ("encounter", "start", "Cellar", "--hf", "5", "--cast", "Freddie,Ariella,Linda")


def seat(runner: Cli, *options: str) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor", *options)
    for name, sheet in PARTY.items():
        runner("character", "add", name, *sheet.split())
    runner(*FIGHT)
    return runner


def refused(runner: Cli, *args: str) -> str:
    """A refusal: one `Error:` line, exit 1, and not one event written."""
    before = count_events(runner.db)
    stderr = runner.refused(*args).stderr
    assert count_events(runner.db) == before, args
    return stderr


def sheet(runner: Cli, name: str) -> dict[str, Any]:
    return runner.json("status")["characters"][name]  # type: ignore[index,no-any-return]


# --- one incident, one change ----------------------------------------------------------------


def test_the_end_then_a_check_about_the_same_fight_is_refused(runner: Cli) -> None:
    """ "his Hardness rating should increase by 1 per incident", and the Horror Check is the
    text's optional "mechanical method to determine 'Hardened' or 'Broken'": after
    `encounter end --do-or-die Freddie`, a `check Freddie` about that fight is refused,
    naming the end."""
    seat(runner)
    out = runner("encounter", "end", "--do-or-die", "Freddie").stdout
    end = out.split()[0].lstrip("#")
    assert sheet(runner, "Freddie")["hardness"] == 1
    error = refused(runner, "check", "Freddie", "--dice", "+10/-1")
    assert f"Freddie was already ruled at the end of 'Cellar' (#{end})" in error
    assert "one incident, one change" in error and "--hf N" in error
    assert "end_and_check=yes" in error
    assert sheet(runner, "Freddie")["hardness"] == 1  # not 2, not 3


def test_a_check_then_the_end_naming_them_is_refused(runner: Cli) -> None:
    """Whichever comes second is refused, naming the first: a Horror Check about the fight
    (during it), then the end naming the same character."""
    seat(runner)
    document = runner.json("check", "Ariella", "--dice", "+9/-1")  # 10 + 0 - 5 + 9 - 1 = 13
    assert document["result"] == "pass"  # type: ignore[index]
    seq = document["seq"]  # type: ignore[index]
    error = refused(runner, "encounter", "end", "--broken", "Ariella")
    assert f"Ariella already made a Horror Check about 'Cellar' (#{seq})" in error
    assert "leave them out of --do-or-die/--broken" in error
    # the others are still the end's to decide
    out = runner("encounter", "end", "--do-or-die", "Freddie,Linda").stdout
    assert "Freddie: hardened: Hardness 0 to 1" in out and "Ariella: unchanged" in out


def test_a_second_check_about_the_same_fight_is_refused(runner: Cli) -> None:
    """ "his Hardness rating should increase by 1 per incident": the same fight checked again
    and again gave Hardness 0 -> 1 -> 2 -> 3. One check per incident; an end that named
    nobody leaves the check free."""
    seat(runner)
    runner("encounter", "end")
    first = runner.json("check", "Freddie", "--dice", "+10/-1")  # 10 + 0 - 5 + 9 = 14: pass
    assert (first["result"], first["hardness"]) == ("pass", 1)  # type: ignore[index]
    error = refused(runner, "check", "Freddie", "--dice", "+10/-1")
    assert f"already made a Horror Check about 'Cellar' (#{first['seq']})" in error  # type: ignore[index]
    assert sheet(runner, "Freddie")["hardness"] == 1


def test_a_horror_of_its_own_is_its_own_incident(runner: Cli) -> None:
    """ "Horrific events happening outside of combat can either be handled solely by
    roleplaying, or by the use of the Horror Check mechanic above": `check --hf` is a new
    incident, allowed after the fight's end named them, and as often as new horrors come."""
    seat(runner)
    runner("encounter", "end", "--do-or-die", "Linda")
    for expected in (4, 4):  # 10 + 3 - 6 + 9 - 1 = 15, then 10 + 4 - 6 + 9 - 1: at the cap 4
        document = runner.json("check", "Linda", "--hf", "6", "--dice", "+9/-1")
        assert document["hardness"] == expected  # type: ignore[index]
    log = runner("log").stdout
    assert "HF (given) -6" in log


def test_the_option_allows_the_end_and_a_check(runner: Cli) -> None:
    """ "If you want to have a mechanical method to determine 'Hardened' or 'Broken,' do
    this": for groups that want the end's ruling and the check both, `--option
    end_and_check=yes` lets each count once (never two checks); the default follows "by 1 per
    incident"."""
    seat(runner, "--option", "end_and_check=yes")
    runner("encounter", "end", "--do-or-die", "Freddie")
    document = runner.json("check", "Freddie", "--dice", "+10/-1")  # 10 + 1 - 5 + 9 = 15
    assert (document["result"], document["hardness"]) == ("pass", 2)  # type: ignore[index]
    assert "one check per incident" in refused(runner, "check", "Freddie", "--dice", "+9/-1")
    assert "end_and_check=True" in runner("log").stdout.splitlines()[0]
    assert "end_and_check is yes or no" in refused(
        runner, "campaign", "new", "other", "--ruleset", "horror-factor", "--option",
        "end_and_check=maybe",
    )  # fmt: skip


def test_a_new_fight_is_a_new_incident(runner: Cli) -> None:
    """ "increase by 1 per incident": the next encounter can harden Freddie again."""
    seat(runner)
    runner("encounter", "end", "--do-or-die", "Freddie")
    runner("encounter", "start", "Attic", "--hf", "4", "--cast", "Freddie")
    runner("encounter", "end")
    document = runner.json("check", "Freddie", "--dice", "+10/-1")  # 10 + 1 - 4 + 9 = 16
    assert (document["hf_source"], document["hardness"]) == ("initial HF of Attic", 2)  # type: ignore[index]


def test_a_void_frees_the_incident(runner: Cli) -> None:
    """docs/ARCHITECTURE.md "Corrections": voiding the end's ruling makes the check the
    incident's."""
    seat(runner)
    end = runner("encounter", "end", "--do-or-die", "Freddie").stdout.split()[0].lstrip("#")
    runner("void", end, "--reason", "Freddie hid under the stairs")
    runner("encounter", "end")
    assert runner.json("check", "Freddie", "--dice", "+3/-1")["result"] == "fail"  # type: ignore[index]
    assert runner.json("audit")["differences"] == []  # type: ignore[index]


# --- the fight's refusals -------------------------------------------------------------------


def test_a_frozen_character_cannot_drop_an_enemy(runner: Cli) -> None:
    """ "If a character gets an Initiative Total ... of 0 or less, he cannot act that turn":
    Ariella froze (10 - 5 + 1 - 8 = -2), so her drop is refused and nobody gets the first
    drop's bonus; next turn she may."""
    seat(runner)
    runner("initiative", "Ariella", "--dice", "+1/-8")
    error = refused(runner, "drop", "Ariella")
    assert "Ariella froze this turn (initiative -2) and cannot act" in error
    assert "cannot drop an enemy" in error
    assert {n: c["encounter"]["hf"] for n, c in runner.json("status")["characters"].items()} == {  # type: ignore[index]
        "Freddie": 5,
        "Ariella": 5,
        "Linda": 5,
    }
    runner("turn")
    assert "Ariella drops the first enemy" in runner("drop", "Ariella").stdout


def test_sleep_waits_for_the_end_of_the_fight(runner: Cli) -> None:
    """ "This Willpower doesn't come back until the character gets a good night's sleep (or
    a major victory or accomplishment encourages the character)": no sleep for those in a
    running fight; a victory is fine; who is not in it may sleep."""
    seat(runner)
    runner("character", "add", "Mara", "--reaction", "10", "--willpower", "10",
           "--hardness", "1", "--training", "some")  # fmt: skip
    runner("soak", "Linda", "2")
    error = refused(runner, "rest", "--all")
    assert "Freddie, Ariella, Linda are still fighting in 'Cellar'" in error
    assert "rest --victory" in error
    assert "Linda is still fighting" in refused(runner, "rest", "Linda", "--points", "1")
    assert "restored by rest" in runner("rest", "Mara").stdout
    assert "10/10" in runner("rest", "Linda", "--victory").stdout
    runner("encounter", "end")
    assert "restored by rest" in runner("rest", "--all").stdout


def test_a_soak_that_lowers_nothing_is_refused(runner: Cli) -> None:
    """ "The character gains no bonuses if his or her Hardness rating exceeds the Horror
    Factor": a soak only lowers the penalty, so with the effective HF already at or below
    Hardness it is refused with the reason, and no Willpower is spent."""
    seat(runner)
    runner("shift", "--all", "inspired")  # HF 4 for everyone
    runner("soak", "Linda", "2")  # HF 4 - 2 = 2 = Hardness 2: penalty 0
    error = refused(runner, "soak", "Linda", "1")
    assert "Linda's effective HF 2 is already at or below their Hardness 2" in error
    assert "no penalty to lower" in error
    runner("character", "add", "Sarge", "--reaction", "12", "--willpower", "6",
           "--hardness", "6", "--training", "elite")  # fmt: skip
    runner("encounter", "end")
    runner("encounter", "start", "Alley", "--hf", "5", "--cast", "Sarge")
    assert "Sarge's HF 5 is already at or below their Hardness 6" in refused(
        runner, "soak", "Sarge", "1"
    )
    assert sheet(runner, "Sarge")["willpower"] == 6


def test_turn_lists_who_did_not_roll(runner: Cli) -> None:
    """ "A turn with no initiative rolls counts as everyone able to act" (RULES.md): `turn`
    says who rolled no initiative in the turn that ended."""
    seat(runner)
    runner("initiative", "Linda", "--dice", "+5/-5")
    out = runner("turn").stdout
    assert out.rstrip().endswith("; no initiative in turn 1: Freddie, Ariella")
    runner("initiative", "Freddie", "--dice", "+5/-5")
    runner("initiative", "Ariella", "--dice", "+5/-5")
    runner("initiative", "Linda", "--dice", "+5/-5")
    assert "no initiative" not in runner("turn").stdout
