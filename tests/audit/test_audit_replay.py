"""`journal audit`: replay the log, decide every ruling again from its recorded dice and
inputs, list what no longer follows; voids cascade; what-ifs write nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE as SHIPPED
from support.cli import Cli, count_events
from support.worked_example import COMMANDS


@pytest.fixture
def zombies(runner: Cli) -> Cli:
    runner("import", str(SHIPPED))
    return runner


def _seq(log: list[dict], type_: str, **match: object) -> int:  # type: ignore[type-arg]
    return next(
        e["seq"]
        for e in log
        if e["type"] == type_ and all(e["data"][k] == v for k, v in match.items())
    )


def test_a_clean_log_audits_clean(zombies: Cli) -> None:
    report = zombies.json("audit")
    assert report == {
        "events": 27,
        "rulings": 26,
        "differences": [],
        "wording": [],
        "invariants": [],
        "options": {},
        "unused_dice": [],
    }
    assert "every ruling follows" in zombies("audit").stdout


def test_voiding_a_freeze_cascades_to_the_next_turn_and_roll(zombies: Cli) -> None:
    """Ariella froze on turn 1, so she faced the full HF 7 again on turn 2. Void that roll and
    the rules say she acted: turn 2's HF for her is 6, and so her turn-2 roll changes too."""
    log = zombies.json("log")
    freeze = _seq(log, "InitiativeRolled", character="Ariella", turn=1)
    zombies("void", str(freeze), "--reason", "rolled for the wrong player")
    result = zombies("audit", "--json", ok=False)
    assert result.exit_code == 1
    differences = json.loads(result.stdout)["differences"]
    turn_two = _seq(log, "TurnAdvanced", turn=2)
    ariella_two = _seq(log, "InitiativeRolled", character="Ariella", turn=2)
    by_place = {(d["seq"], d["field"]): d for d in differences}
    assert (turn_two, "changes") in by_place
    assert by_place[(ariella_two, "hf")]["recorded"] == 7
    assert by_place[(ariella_two, "hf")]["recomputed"] == 6
    assert by_place[(ariella_two, "total")]["recorded"] == 5
    assert by_place[(ariella_two, "total")]["recomputed"] == 6
    assert "Reaction 10, HF 6 - Hardness 0 -6" in by_place[(ariella_two, "total")]["why"]
    assert {d["seq"] for d in differences} >= {turn_two, ariella_two}
    assert freeze not in {d["seq"] for d in differences}
    text = zombies("audit", ok=False).stdout
    assert f"#{ariella_two} total: recorded 5, the rules give 6" in text
    assert "by the rules: Ariella rolls initiative +8/-6: Reaction 10, HF 6" in text


def test_projections_skip_the_voided_event(zombies: Cli) -> None:
    log = zombies.json("log")
    soak = _seq(log, "WillpowerSoaked", character="Linda")
    zombies("void", str(soak), "--reason", "Linda kept her Willpower")
    assert zombies.json("status")["characters"]["Linda"]["willpower"] == 10  # type: ignore[index]
    assert zombies.json("status", "--as-of", str(soak))["characters"]["Linda"]["willpower"] == 8  # type: ignore[index]


def _hand_written(tmp_path: Path, change: dict[tuple[int, str], object]) -> Path:
    """The shipped log without hashes or ids (as a GM would type it), with some numbers changed."""
    rows = []
    for line in SHIPPED.read_text().splitlines():
        event = json.loads(line)
        for key in ("event_id", "hash", "prev_hash", "recorded_at"):
            event.pop(key)
        for (seq, field), value in change.items():
            if event["seq"] == seq:
                event["data"][field] = value
        rows.append(event)
    path = tmp_path / "hand.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_a_hand_written_log_with_the_texts_slip_lists_exactly_that_ruling(
    runner: Cli, tmp_path: Path
) -> None:
    """The text gives Linda's second initiative as 13; the rules give 14."""
    linda_two = 16
    runner("import", str(_hand_written(tmp_path, {(linda_two, "total"): 13})))
    assert runner("verify").exit_code == 0
    differences = json.loads(runner("audit", "--json", ok=False).stdout)["differences"]
    assert [(d["seq"], d["field"], d["recorded"], d["recomputed"]) for d in differences] == [
        (linda_two, "total", 13, 14)
    ]


def test_a_slipped_total_reads_as_recorded_beside_the_rules_line(
    runner: Cli, tmp_path: Path
) -> None:
    """The finding's first line is the ruling as the log has it (the slipped 13), the
    second the rules' (14): the audit words only its findings, each from its own payload."""
    runner("import", str(_hand_written(tmp_path, {(16, "total"): 13})))
    text = runner("audit", ok=False).stdout
    assert text.splitlines()[:3] == [
        "Audited 27 events, 26 rulings decided again: 1 ruling no longer follows.",
        "  #16 Linda rolls initiative +9/-3: Reaction 12, HF 6 - Hardness 2 -4, +d10 +9, "
        "-d10 -3 = 13 (acts; penalty -4)",
        "      by the rules: Linda rolls initiative +9/-3: Reaction 12, HF 6 - Hardness 2 -4, "
        "+d10 +9, -d10 -3 = 14 (acts; penalty -4)",
    ]


def test_a_refused_ruling_reads_as_recorded_and_why_the_rules_refuse_it(
    runner: Cli, tmp_path: Path
) -> None:
    """The soak of 5 is listed as the log has it, then refused; the roll after it, which
    the audit decides against the state the rules give (no soak), no longer follows."""
    runner("import", str(_hand_written(tmp_path, {(22, "points"): 5})))
    lines = runner("audit", ok=False).stdout.splitlines()
    assert lines[0] == "Audited 27 events, 26 rulings decided again: 2 rulings no longer follow."
    assert lines[1:3] == [
        "  #22 Linda soaks 5 Willpower (10->8, 2 this turn): effective HF 2, no penalty",
        "      by the rules: refused: a soak is 1 to 3 Willpower a turn, not 5",
    ]
    assert lines[3].startswith("  #23 Linda rolls initiative +8/-4: ") and lines[3].endswith(
        "= 16 (acts; no penalty)"
    )
    assert "  #23 total: recorded 16, the rules give 14" in lines


def test_an_impossible_ruling_is_listed_as_refused(runner: Cli, tmp_path: Path) -> None:
    """A hand-written soak of 5 Willpower breaks the 3-a-turn rule."""
    runner("import", str(_hand_written(tmp_path, {(22, "points"): 5})))
    differences = json.loads(runner("audit", "--json", ok=False).stdout)["differences"]
    assert differences[0]["seq"] == 22
    assert differences[0]["recomputed"] == "refused"
    assert "3" in differences[0]["why"]


def _checked(runner: Cli) -> None:
    """After the fight, Freddie (WP 10, Hardness 1) faces a horror outside combat: HF 7.
    Total 10 + 1 - 7 + 5 - 3 = 6: a failure; an exceptional one only if the margin is 4+."""
    for command in COMMANDS:
        runner(*command)
    runner("check", "Freddie", "--hf", "7", "--dice", "+5/-3")


def test_what_if_another_house_rule_changes_a_horror_check(runner: Cli) -> None:
    _checked(runner)
    assert runner.json("check", "Freddie", "--hf", "7", "--dice", "+5/-3")["result"] == "fail"  # type: ignore[index]
    before = count_events(runner.db)
    result = runner("audit", "--option", "exceptional_margin=4", "--json", ok=False)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["options"] == {"exceptional_margin": 4}
    changed = {
        (d["seq"], d["field"]): (d["recorded"], d["recomputed"]) for d in report["differences"]
    }
    check_seq = len(COMMANDS) + 1
    assert changed[(check_seq, "result")] == ("fail", "exceptional-failure")
    assert changed[(check_seq, "hardness_after")] == (1, 0)
    assert count_events(runner.db) == before
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
    assert (
        "What if exceptional_margin=4"
        in runner("audit", "--option", "exceptional_margin=4", ok=False).stdout
    )


def test_what_if_refuses_an_unknown_option(zombies: Cli) -> None:
    assert "no option 'margin'" in zombies.refused("audit", "--option", "margin=4").stderr


def test_a_void_takes_its_change_out_of_later_numbers(runner: Cli) -> None:
    """Grabbed (+2) voided after the turn moved on: the turn's -1 comes off the lower HF."""
    runner("campaign", "new", "t", "--ruleset", "horror-factor")
    for name in ("A", "B"):
        runner(
            "character",
            "add",
            name,
            "--reaction",
            "10",
            "--willpower",
            "10",
            "--hardness",
            "0",
            "--training",
            "none",
        )
    runner("encounter", "start", "F", "--hf", "5", "--cast", "A,B")
    grabbed = runner.json("shift", "A", "grabbed")[0]["seq"]  # type: ignore[index]
    runner("turn")
    assert runner.json("status")["characters"]["A"]["encounter"]["hf"] == 6  # type: ignore[index]
    runner("void", str(grabbed), "--reason", "the zombie missed")
    assert runner.json("status")["characters"]["A"]["encounter"]["hf"] == 4  # type: ignore[index]
    assert "already voided" in runner.refused("void", str(grabbed), "--reason", "twice").stderr


def test_core_rulings_are_checked_too(runner: Cli, tmp_path: Path) -> None:
    """A hand-written clock that jumped wrong, or a sheet out of range, is listed."""
    rows = [
        {
            "type": "CampaignCreated",
            "data": {
                "slug": "c",
                "ruleset": "horror-factor",
                "title": "C",
                "options": {"exceptional_margin": 5},
            },
        },
        {
            "type": "ClockSet",
            "data": {"game_time": "1925-10-31T22:00"},
            "game_time": "1925-10-31T22:00",
        },
        {
            "type": "ClockAdvanced",
            "data": {
                "amount": "2h",
                "game_time": "1999-01-01T00:00",
                "previous": "1925-10-31T22:00",
            },
            "game_time": "1999-01-01T00:00",
        },
    ]
    path = tmp_path / "clock.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    runner("import", str(path))
    differences = json.loads(runner("audit", "--json", ok=False).stdout)["differences"]
    assert [(d["seq"], d["field"], d["recomputed"]) for d in differences] == [
        (3, "game_time", "1925-11-01T00:00")
    ]
