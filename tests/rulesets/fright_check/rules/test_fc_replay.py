"""Audit and replay: `command_for` rebuilds each ruling; deciding it again on the state
before, with the recorded dice, gives the identical event; voids leave the fold total."""

from __future__ import annotations

from typing import Any

from support.fright_check import check, faces, mara, refold, stored

from journal.dice import DiceBox
from journal.events.registry import Event
from journal.rules.core.commands import AddCharacter, AdvanceClock, SetClock
from journal.rules.core.state import CampaignState
from journal.rulesets.fright_check.rules import RULESET
from journal.rulesets.fright_check.rules.encounter_end import EndCombat
from journal.rulesets.fright_check.rules.encounter_start import StartCombat
from journal.rulesets.fright_check.rules.fright import FrightCheck, FrightChecked
from journal.rulesets.fright_check.rules.trait import NameTrait
from journal.rulesets.fright_check.telling import TELLING


def audit(table: Any) -> list[int]:
    """Re-decide every ruling from the state before it; return the seqs of events checked."""
    checked = []
    for index, (payload, meta) in enumerate(table.events):
        command = RULESET.command_for(payload)
        if command is None:
            continue
        before = refold(table.events[:index])
        dice = DiceBox.replaying(getattr(payload, "dice", {}))
        again = RULESET.decide(before, command, dice)
        assert again == [payload], meta.seq
        assert again == [stored(payload)]
        checked.append(meta.seq)
    return checked


def campaign() -> Any:
    table = mara(
        traits={"Fearlessness": 1, "Daredevil": True},
        disadvantages=[{"name": "Phobia (dark)", "points": -10, "self_control": 12}],
    )
    table.do(AddCharacter("Tom", {"will": 12, "ht": 12, "iq": 10, "traits": ["Unfazeable"]}))
    table.do(SetClock("1925-10-31 22:00"))
    table.do(StartCombat("crypt", ("Mara", "Tom")))
    check(table, {"will": faces(14), "table": faces(12)}, kind="ghoul", daredevil=True, alone=True)
    check(
        table, {"will": faces(14), "table": faces(17), "faint": (3,), "ht": (1, 2, 2)}, kind="ghoul"
    )
    check(table, {}, character="Tom")
    table.do(EndCombat())
    table.do(AdvanceClock("3h"))
    check(
        table,
        {"will": faces(15), "table": faces(10)},
        threat="ghoul-1",
        kind="ghoul",
        count=20,
        body="mutilated",
        mutilation=3,
        dependent=True,
        dark=True,
        extra=(("blood moon", -1),),
    )
    check(table, {"will": faces(9)}, previous_experience=False, exposures=2, heat_of_battle=True)
    return table


def test_every_ruling_is_rebuilt_and_decided_identically() -> None:
    table = campaign()
    pending = table.rules.get("Mara").pending
    assert [p.kind for p in pending] == ["quirk", "self-control-or-new"]
    quirk, scn = pending
    table.do(NameTrait("Mara", quirk.seq, "jumps at shadows"))
    table.do(NameTrait("Mara", scn.seq, "", worsen="Phobia (dark)"))
    checked = audit(table)
    assert len(checked) == 9  # 2 combat events, 5 checks, 2 namings


def test_command_for_rebuilds_the_inputs() -> None:
    table = campaign()
    payload = table.events[-2][0]
    assert isinstance(payload, FrightChecked)
    assert RULESET.command_for(payload) == FrightCheck(
        "Mara",
        "ghoul-1",
        kind="ghoul",
        count=20,
        body="mutilated",
        mutilation=3,
        dependent=True,
        dark=True,
        extra=(("blood moon", -1),),
        override="as recorded",
        # the threat's inputs the GM gave (issue 41: the others it inherits again)
        given=("kind", "count", "body", "mutilation"),
    )
    assert RULESET.command_for(table.events[0][0]) is None


def test_derived_modifiers_are_recomputed_from_the_state_before() -> None:
    table = campaign()
    payload = table.events[-2][0]
    assert isinstance(payload, FrightChecked)
    labels = {m.label: m.value for m in payload.modifiers}
    assert labels["earlier exposures to ghoul-1 in the last 24 game-hours (checks 6, 7)"] == 2
    assert labels["previous experience with ghoul (check 6)"] == 1
    # decided on a later state, the derivations differ: the audit would see it
    command = RULESET.command_for(payload)
    later = RULESET.decide(table.state, command, DiceBox.replaying(payload.dice))
    assert later != [payload]


def test_replay_from_scratch_gives_the_live_projection() -> None:
    table = campaign()
    replayed = refold(table.events)
    assert replayed.rules == table.rules
    assert RULESET.status(replayed) == RULESET.status(table.state)


def test_a_voided_check_leaves_its_naming_without_effect() -> None:
    table = campaign()
    quirk_seq = table.rules.get("Mara").pending[0].seq
    table.do(NameTrait("Mara", quirk_seq, "jumps at shadows"))
    voided = refold(table.events, voided={quirk_seq})
    mara_now = voided.rules.get("Mara")
    assert [q.name for q in mara_now.quirks] == []
    assert [p.kind for p in mara_now.pending] == ["self-control-or-new"]
    assert quirk_seq not in [c.seq for c in mara_now.history]


def test_a_voided_naming_puts_the_item_back_to_pending() -> None:
    table = campaign()
    scn = table.rules.get("Mara").pending[1]
    table.do(NameTrait("Mara", scn.seq, "", worsen="Phobia (dark)"))
    naming = table.state.seq
    voided = refold(table.events, voided={naming})
    mara_now = voided.rules.get("Mara")
    assert [p.seq for p in mara_now.pending][-1] == scn.seq
    assert mara_now.disadvantage("Phobia (dark)").self_control == 12


def test_voided_combat_start_ends_quietly() -> None:
    table = mara()
    table.do(StartCombat("crypt"))
    start = table.state.seq
    table.do(EndCombat())
    voided = refold(table.events, voided={start})
    assert voided.rules.combat is None


def test_fold_ignores_events_for_unknown_characters() -> None:
    table = mara()
    check(table, {"will": faces(11), "table": faces(12)})
    named_for = table.state.seq
    table.do(NameTrait("Mara", named_for, "hums"))
    character_added = 2
    state = refold(table.events, voided={character_added})
    assert state.rules.get("Mara") is None


def test_concerns_and_describe() -> None:
    table = campaign()
    events: list[Event] = [payload for payload, _ in table.events]
    kinds = {type(p).__name__: RULESET.concerns(p) for p in events}
    assert kinds["FrightChecked"] == ("Mara",)
    assert kinds["CombatStarted"] == ("Mara", "Tom")
    assert kinds["CombatEnded"] == ()
    assert TELLING.describe(events[4]) == (
        "Combat 'crypt' starts (Mara, Tom): heat of battle +5 while it runs"
    )
    assert TELLING.describe(events[8]) == "Combat 'crypt' ends"
    assert all(TELLING.describe(p) for p in events)


def test_status_keys() -> None:
    table = campaign()
    status = RULESET.status(table.state)
    required = {
        "will",
        "ht",
        "iq",
        "quirks",
        "disadvantages",
        "pending",
        "points_lost",
        "ht_lost",
        "iq_lost",
        "checks",
    }
    mara_json = status["Mara"].to_json()
    assert isinstance(mara_json, dict)
    assert required <= set(mara_json)
    assert status["Mara"].checks == 4
    assert status["Tom"].checks == 0
    assert mara_json["checks"] == 4
    assert mara_json["pending"] == [
        {"kind": "quirk", "points": -1, "seq": 6},
        {"kind": "self-control-or-new", "points": -10, "seq": 11},
    ]
    assert CampaignState().rules is None
