"""The audit checks every state of the log against the invariants the core and each
ruleset declare, and reports a state that breaks one with the event it first held at, even
when every ruling follows: "every ruling follows" means the log's states are all legal.

The illegal state of the issue: the README's old advice for a misread die (`void 16`, then
`initiative Hobbs --dice +1/-8` after Hobbs dropped an enemy at #17) left Hobbs frozen AND
credited with the first drop, and the audit said every ruling follows.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.cli import Cli
from support.corrections_examples import hobbs

from journal.frozen import changed
from journal.rules import load_all
from journal.rules.core.state import CampaignState
from journal.rules.invariants import CORE_INVARIANTS, Watch, breaches

FROZE = "who froze has not dropped an enemy that turn"


def _hobbs(gm: Cli) -> None:
    hobbs(gm)  # the encounter at #4
    gm("initiative", "Hobbs", "--dice", "+8/-1")  # 5
    gm("drop", "Hobbs")  # 6
    gm("shift", "Hobbs", "hurt")  # 7
    gm("void", "5", "--reason", "misread die")  # 8: the README's old advice


def _crafted(gm: Cli, tmp_path: Path) -> Path:
    """The old path's log as an older journal wrote it: the new roll (#9) after the drop."""
    export = tmp_path / "old.jsonl"
    gm("export", "-o", str(export))
    lines: list[dict[str, Any]] = [json.loads(line) for line in export.read_text().splitlines()]
    for line in lines:
        line.pop("hash"), line.pop("prev_hash")  # a hand-written log: no hashes
    roll = json.loads(json.dumps(lines[4]))
    assert roll["type"] == "InitiativeRolled"
    roll["seq"], roll["event_id"] = 9, "00000000-0000-4000-8000-000000000009"
    roll["data"] |= {
        "dice": {"initiative": {"faces": [1, 8], "source": "entered"}},
        "terms": [["Reaction", 8], ["HF 7 - Hardness 0", -7], ["+d10", 1], ["-d10", -8]],
        "total": -6,
        "can_act": False,
        "defense_penalty": -6,
    }
    crafted = tmp_path / "crafted.jsonl"
    crafted.write_text("".join(json.dumps(line) + "\n" for line in [*lines, roll]))
    return crafted


def test_a_crafted_log_with_an_illegal_state_fails_the_audit(runner: Cli, tmp_path: Path) -> None:
    _hobbs(runner)
    other = Cli(runner.runner, str(tmp_path / "imported.db"))
    other("import", str(_crafted(runner, tmp_path)))
    status = other.json("status")["characters"]["Hobbs"]["encounter"]  # type: ignore[index]
    assert status["can_act"] is False  # frozen, and the drop of #6 still counts
    result = other("audit", ok=False)
    assert result.exit_code == 1
    assert (
        "1 state of the log breaks an invariant:\n"
        f"  #9 {FROZE}: Hobbs froze in turn 1 (initiative -6) and dropped an enemy in it (#6)"
    ) in result.stdout
    # the rules now refuse that roll too (a turn's order is checked)
    assert "#9 Hobbs rolls initiative +1/-8" in result.stdout
    assert "refused: Hobbs already acted this turn (dropped an enemy at #6)" in result.stdout
    document = json.loads(other("audit", "--json", ok=False).stdout)
    assert document["invariants"] == [
        {
            "seq": 9,
            "invariant": FROZE,
            "what": "Hobbs froze in turn 1 (initiative -6) and dropped an enemy in it (#6)",
        }
    ]


def test_an_illegal_state_is_found_even_when_every_ruling_follows(
    runner: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules with a gap (the turn-order check taken out, as before issue 18): the roll after
    the drop is accepted and decided again alike, so every ruling follows; the state does
    not, and the audit exits 1 naming the event and the invariant."""
    from journal.rulesets.horror_factor.rules import initiative

    checked = initiative.roll_initiative

    def unordered(state: CampaignState, name: str, dice: Any) -> Any:
        rules: Any = state.rules
        fight = rules.encounter
        fresh = {n: changed(p, dropped=None) for n, p in fight.participants.items()}
        blind = changed(state, rules=changed(rules, encounter=changed(fight, participants=fresh)))
        return checked(blind, name, dice)

    monkeypatch.setattr(initiative, "roll_initiative", unordered)
    _hobbs(runner)
    runner("initiative", "Hobbs", "--dice", "+1/-8")  # 9: accepted by these rules
    result = runner("audit", ok=False)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "Audited 9 events, 6 rulings decided again: each follows from its dice and the rules.",
        "1 state of the log breaks an invariant:",
        f"  #9 {FROZE}: Hobbs froze in turn 1 (initiative -6) and dropped an enemy in it (#6)",
    ]
    runner("turn")  # a new turn: the state is legal again, nothing more to report
    again = json.loads(runner("audit", "--json", ok=False).stdout)
    assert len(again["invariants"]) == 1 and again["differences"] == []


def test_hardness_past_the_cap_only_by_an_award(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "hf", "--ruleset", "horror-factor")
    runner("character", "add", "Ann", "--reaction", "10", "--willpower", "10",
           "--hardness", "2", "--training", "none")  # fmt: skip  # cap 3
    runner("encounter", "start", "X", "--hf", "3", "--cast", "Ann")  # 3
    runner("encounter", "end", "--do-or-die", "Ann")  # 4: 2 -> 3, the cap
    runner("award", "Ann", "--hardness", "1", "--reason", "she saw the abyss")  # 5: 4 of 3
    report = runner.json("audit")
    assert report["invariants"] == [] and report["differences"] == []  # type: ignore[index]
    # the end's hardening written by hand past the cap (2 -> 4), with no award after it
    export = tmp_path / "log.jsonl"
    runner("export", "-o", str(export))
    lines = [json.loads(line) for line in export.read_text().splitlines()[:4]]
    for line in lines:
        line.pop("hash"), line.pop("prev_hash")
    lines[3]["data"]["results"][0]["hardness_after"] = 4
    export.write_text("".join(json.dumps(line) + "\n" for line in lines))
    other = Cli(runner.runner, str(tmp_path / "crafted.db"))
    other("import", str(export))
    result = other("audit", ok=False)
    assert result.exit_code == 1
    assert (
        "  #4 Hardness within the training's cap unless awarded: Ann's Hardness is 4, past "
        "the cap of 3 for training none, and no award took it there"
    ) in result.stdout


RULESETS = load_all()


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.name for r in RULESETS])
def test_a_campaigns_first_state_is_legal(ruleset: Any) -> None:
    state = changed(CampaignState(), ruleset=ruleset.name, rules=ruleset.initial(), seq=1)
    assert breaches(state, (*CORE_INVARIANTS, *ruleset.invariants)) == set()


def test_each_breach_is_reported_once_where_it_appeared() -> None:
    from journal.rules.invariants import Invariant

    seen = Watch([Invariant("no seq above 2", lambda s: [f"at {s.seq}"] if s.seq > 2 else [])])
    for seq in (1, 2, 3, 3):
        seen.see(seq, changed(CampaignState(), seq=seq))
    assert [(b.seq, b.what) for b in seen.found] == [(3, "at 3")]


def test_the_fright_check_and_stress_invariants_name_what_breaks() -> None:
    from journal.rulesets.fright_check.rules.invariants import INVARIANTS as FRIGHT
    from journal.rulesets.fright_check.rules.state import Character, FrightState

    eli = Character("Eli", will=10, ht=10, iq=12, hp=12, hp_max=10, ht_lost=-1)
    state = changed(CampaignState(), rules=FrightState({"Eli": eli}))
    assert breaches(state, FRIGHT) == {
        ("HP and FP at most their maxima", "Eli has 12 HP, above the maximum 10"),
        ("HT and IQ losses are never gains", "Eli lost HT -1 and IQ 0: a loss is never a gain"),
    }
    stress = next((r for r in RULESETS if r.name == "stress"), None)
    if stress is not None:
        from journal_stress.rules import Sheet, StressState

        wild = changed(CampaignState(), rules=StressState({"Mina": Sheet(nerve=5, stress=11)}))
        assert breaches(wild, stress.invariants) == {
            ("stress 0-10, panics never below 0", "Mina's stress is 11, outside 0 to 10")
        }
