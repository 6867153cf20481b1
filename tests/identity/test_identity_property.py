"""A character is an identity; a name is a label (issue 18). For random logs of either
ruleset (written through the public API) that add characters, rename them, give a freed
name to a newcomer, swap two names through a third and retire characters, with private
notes (about one character, public or GM-only), fights and checks between: every
character's handouts (each session's recap in JSON, Markdown and HTML, and the arc) hold
exactly that character's content, under their current name and any earlier name that
still denotes them, and `explain` and `log --character` follow the character.

The test keeps its own model of who is who: each command is written for a person of the
model under the name that person holds at that moment, so the model knows, for every
event, whom it was meant for. Each person's notes carry a marker of their own (letters
and digits that no name matches), so a note in the wrong handout is found."""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.api import dice_seed, random_logs, recorded, state_of, store_of

import journal
from journal.api.journal import Journal
from journal.handouts.recap import Audience
from journal.rules.core.commands import (
    AddCharacter,
    EndSession,
    RenameCharacter,
    RetireCharacter,
    StartSession,
    TakeNote,
)

NAMES = ("Ann", "Bea", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy")
SHEETS: dict[str, dict[str, object]] = {
    "horror-factor": {"reaction": 11, "willpower": 10, "hardness": 1, "training": "some"},
    "fright-check": {"will": 11, "ht": 10, "iq": 11},
}
#: the number a character's explain chain starts from their sheet with
SHEET_NUMBER = {"horror-factor": "hardness", "fright-check": "will"}
EXAMPLES = int(os.environ.get("JOURNAL_IDENTITY_EXAMPLES", "12"))


_seeded = dice_seed("18")


@dataclass
class Person:
    """One character of the model: their identity, every name with the seq from which
    they held it, and what was written for them."""

    token: str
    ident: int
    names: list[tuple[str, int]]
    retired: int | None = None
    #: markers of the public notes about them alone, by session
    notes: dict[int, list[str]] = field(default_factory=dict)
    #: the sessions a public note about them was written in (not between sessions: the
    #: next recap tells those "since last time", and its cast is who took part in it)
    noted_in: set[int] = field(default_factory=set)
    #: markers of the GM-only notes about them, by session
    secrets: dict[int, list[str]] = field(default_factory=dict)
    #: the events written for them alone (sheet, renames, notes, checks, retirement)
    own: set[int] = field(default_factory=set)
    #: their rulings with dice (explain lists them), and their checks by session
    rolls: set[int] = field(default_factory=set)
    checks: dict[int, list[int]] = field(default_factory=dict)
    froze: bool = False
    failed: bool = False

    @property
    def name(self) -> str:
        return self.names[-1][0]

    def name_at(self, seq: int) -> str | None:
        held = [name for name, since in self.names if since <= seq]
        return held[-1] if held else None

    def active(self) -> bool:
        return self.retired is None


@dataclass
class Model:
    ruleset: str
    people: list[Person] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)

    def holder(self, name: str) -> Person | None:
        return next((p for p in self.people if p.name.casefold() == name.casefold()), None)

    def free(self, pick: int) -> str | None:
        """A name nobody holds now: one given up by a rename when there is one (None: every
        name is taken)."""
        taken = {p.name.casefold() for p in self.people}
        given_up = [n for p in self.people for n, _ in p.names[:-1] if n.casefold() not in taken]
        free = [n for n in NAMES if n.casefold() not in taken]
        choices = sorted(set(given_up)) if given_up and pick % 2 == 0 else free
        return choices[pick % len(choices)] if choices else None

    def denoted(self, name: str) -> Person | None:
        """Whom a name typed now means: its holder, else whoever gave it up last."""
        found = self.holder(name)
        if found is not None:
            return found
        last: tuple[int, Person] | None = None
        for person in self.people:
            for (old, _), (_, until) in zip(person.names, person.names[1:], strict=False):
                if old.casefold() == name.casefold() and (last is None or until > last[0]):
                    last = (until, person)
        return last[1] if last else None


_run = recorded


def _session(night: Journal) -> int | None:
    return state_of(night).session


def _recap_of(night: Journal) -> int:
    """The session whose recap tells an event written now: the open one, else the next
    (what happened between sessions opens the next one's recap)."""
    state = state_of(night)
    return state.session if state.session is not None else state.sessions + 1


def add(night: Journal, model: Model, pick: int) -> None:
    name = model.free(pick)
    if name is None:
        return
    done = _run(night, AddCharacter(name, SHEETS[model.ruleset]))
    if done is not None:
        seq = done.records[0].seq
        person = Person(f"zq{len(model.people)}x", seq, [(name, seq)])
        person.own.add(seq)
        model.people.append(person)
        model.seen["reused names"] += any(
            n == name for p in model.people[:-1] for n, _ in p.names[:-1]
        )


def rename(night: Journal, model: Model, person: Person, new: str | None) -> bool:
    if new is None:  # every name is taken
        return False
    done = _run(night, RenameCharacter(person.name, new))
    if done is None:
        return False
    seq = done.records[0].seq
    person.names.append((new, seq))
    person.own.add(seq)
    model.seen["renames"] += 1
    return True


def swap(night: Journal, model: Model, one: Person, other: Person) -> None:
    """`rename Ann Tmp; rename Bea Ann; rename Tmp Bea`."""
    first, second = one.name, other.name
    if rename(night, model, one, model.free(1)) and rename(night, model, other, first):
        rename(night, model, one, second)
        model.seen["swaps"] += 1


def note(night: Journal, model: Model, person: Person, number: int, gm_only: bool) -> None:
    marker = f"{person.token}{'s' if gm_only else 'n'}{number}"
    done = _run(night, TakeNote(f"{marker} for {person.name}", gm_only, (person.name,)))
    if done is not None:
        person.own.add(done.records[0].seq)
        kept = person.secrets if gm_only else person.notes
        kept.setdefault(_recap_of(night), []).append(marker)
        if not gm_only and _session(night) is not None:
            person.noted_in.add(_recap_of(night))
        model.seen["notes"] += 1


def ruling(night: Journal, model: Model, person: Person, faces: int) -> None:
    """One roll for this person: a Horror Check or initiative, a Fright Check."""
    if model.ruleset == "horror-factor":
        from journal.rulesets.horror_factor.rules.check import HorrorCheck
        from journal.rulesets.horror_factor.rules.initiative import RollInitiative

        if state_of(night).rules.encounter is not None:
            dice = {"initiative": (faces % 10 + 1, (faces * 7) % 10 + 1)}
            done = _run(night, RollInitiative(person.name), dice)
            if done is not None:
                person.froze |= not done.records[0].payload.can_act
        else:
            done = _run(night, HorrorCheck(person.name, hf=4), {"check": (faces % 10 + 1, 10)})
            if done is not None:
                person.checks.setdefault(_recap_of(night), []).append(done.records[0].seq)
    else:
        from journal.rulesets.fright_check.rules.fright import FrightCheck

        dice = {"will": (6, 6, 3 + faces % 4), "table": (3, 4, 5)}
        done = _run(night, FrightCheck(person.name, f"ghoul-{faces}"), dice)
        if done is not None:
            payload = done.records[0].payload
            person.failed |= payload.made and not payload.success
            person.checks.setdefault(_recap_of(night), []).append(done.records[0].seq)
    if done is not None:
        seq = done.records[0].seq
        person.own.add(seq)
        person.rolls.add(seq)
        model.seen["rolls"] += 1


def fight(night: Journal, model: Model, faces: int) -> None:
    """A fight for everyone still in the story: each rolls, one is broken at its end."""
    cast = [p for p in model.people if p.active()]
    if not cast:
        return
    if model.ruleset == "horror-factor":
        from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
        from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter

        if _run(night, StartEncounter(f"Fight {faces}", "horde", tuple(p.name for p in cast))):
            for index, person in enumerate(cast):
                ruling(night, model, person, faces + index)
            _run(night, EndEncounter(broken=(cast[faces % len(cast)].name,)))
    else:
        from journal.rulesets.fright_check.rules.encounter_end import EndCombat
        from journal.rulesets.fright_check.rules.encounter_start import StartCombat

        if _run(night, StartCombat(f"Fight {faces}", tuple(p.name for p in cast))):
            for index, person in enumerate(cast):
                ruling(night, model, person, faces + index)
            _run(night, EndCombat())
    model.seen["fights"] += 1


ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(
            ["add", "rename", "swap", "retire", "note", "secret", "ruling", "fight", "session"]
        ),
        st.integers(0, 8),
        st.integers(0, 8),
    ),
    min_size=4,
    max_size=16,
)


def write(ruleset: str, actions: list[tuple[str, int, int]]) -> tuple[Journal, Model]:
    night = journal.create(":memory:", "night", ruleset)
    model = Model(ruleset)
    for pick in range(2):
        add(night, model, pick)
    _run(night, StartSession("One"))
    for number, (kind, a, b) in enumerate(actions):
        active = [p for p in model.people if p.active()]
        one = active[a % len(active)] if active else None
        if kind == "add" or one is None:
            add(night, model, a)
        elif kind == "rename":
            rename(night, model, one, model.free(b))
        elif kind == "swap" and len(active) > 1:
            swap(night, model, one, active[(a + 1 + b) % len(active)])
        elif kind == "retire" and len(active) > 1:
            done = _run(night, RetireCharacter(one.name, "gone"))
            if done is not None:
                one.retired = done.records[0].seq
                one.own.add(one.retired)
                model.seen["retired"] += 1
        elif kind in ("note", "secret"):
            note(night, model, one, number, gm_only=kind == "secret")
        elif kind == "ruling":
            ruling(night, model, one, b + number)
        elif kind == "fight":
            fight(night, model, b + number)
        elif kind == "session":
            _run(night, EndSession() if _session(night) else StartSession(f"At {number}"))
    return night, model


def _texts(night: Journal, number: int, reader: Audience) -> tuple[dict[str, Any], list[str]]:
    document = night.recap(number, reader)
    rendered = [night.recap_text(number, reader, fmt) for fmt in ("md", "html")]
    return document, [json.dumps(document, ensure_ascii=False), *rendered]


def check_handouts(night: Journal, model: Model) -> None:
    state = state_of(night)
    others = {p.token: [m for ms in p.notes.values() for m in ms] for p in model.people}
    secrets = [m for p in model.people for ms in p.secrets.values() for m in ms]
    last_seq: dict[int, int] = {}
    for record in store_of(night).read(night.campaign):
        if record.session is not None:
            last_seq[record.session] = record.seq
    for person in model.people:
        readers = [person.name] + [
            old for old, _ in person.names[:-1] if model.denoted(old) is person
        ]
        model.seen["earlier names read"] += len(readers) - 1
        for number in range(1, state.sessions + 1):
            mine = person.notes.get(number, [])
            for typed in readers:
                document, texts = _texts(night, number, Audience.character(typed))
                assert document["audience"]["name"] == person.name, typed
                for text in texts:
                    for marker in mine:
                        assert marker in text, (person.name, typed, number, marker)
                    for token, markers in others.items():
                        if token != person.token:
                            for marker in markers:
                                assert marker not in text, (person.name, typed, number, marker)
                    for marker in secrets:
                        assert marker not in text, (person.name, typed, number, marker)
                model.seen["handouts"] += 3
            # where they stand: under the name they had as the session ended
            end = last_seq.get(number, 0)
            there = person.ident <= end and (person.retired is None or person.retired > end)
            expected = [person.name_at(end)] if there else []
            assert [s["name"] for s in document["standing"]] == expected, (person, number)
            if there and number in person.noted_in:
                assert person.name_at(end) in document["cast"], (person, number)
            checks = person.checks.get(number, [])
            if model.ruleset == "fright-check":
                found = [c["seq"] for c in document["outcomes"]["fright_checks"]]
                assert found == checks, (person, number)
            else:
                assert len(document["outcomes"]["horror_checks"]) == len(checks), (person, number)
        check_arc(night, model, person)


def check_arc(night: Journal, model: Model, person: Person) -> None:
    arc = night.arc(person.name)
    assert arc["name"] == person.name
    for old, _ in person.names[:-1]:
        if model.denoted(old) is person:
            assert night.arc(old) == arc, (person, old)
    assert arc["points"][0]["label"] == "Start" and arc["points"][0]["present"], person
    labels = [m["label"] for m in arc["milestones"]]
    if model.ruleset == "horror-factor":
        assert ("First freeze" in labels) == person.froze, (person, labels)
    else:
        assert ("First Fright Check failed" in labels) == person.failed, (person, labels)
    texts = [night.arc_text(person.name, fmt) for fmt in ("md", "html")]
    for other in model.people:
        markers = [*other.notes.values(), *other.secrets.values()]
        for marker in (m for ms in markers for m in ms):
            for text in texts:
                assert marker not in text, (person.name, marker)


def check_reading(night: Journal, model: Model) -> None:
    for person in model.people:
        seqs = {e.seq for e in night.log(character=person.name).entries}
        assert person.own <= seqs, (person, sorted(person.own - seqs))
        for other in model.people:
            if other is not person:
                assert not other.own & seqs, (person, other, sorted(other.own & seqs))
        for old, _ in person.names[:-1]:
            if model.denoted(old) is person:
                assert {e.seq for e in night.log(character=old).entries} == seqs
        explanation = night.explain(person.name)
        assert explanation.character == person.name
        chain = explanation.chains[SHEET_NUMBER[model.ruleset]]
        assert chain[0].seq == person.ident, (person, chain)  # from the sheet, not a rename
        rulings = {r["seq"] for r in explanation.rulings}
        assert person.rolls <= rulings, (person, sorted(person.rolls - rulings))
        assert rulings <= seqs, (person, sorted(rulings - seqs))


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_every_character_keeps_their_own_story_under_any_name(ruleset: str) -> None:
    seen: Counter[str] = Counter()

    @random_logs(EXAMPLES)
    @given(ACTIONS)
    def property_holds(actions: list[tuple[str, int, int]]) -> None:
        night, model = write(ruleset, actions)
        with night:
            check_reading(night, model)
            check_handouts(night, model)
            for number in range(1, state_of(night).sessions + 1):
                gm_copy = night.recap_text(number, Audience.gm_copy(), "md")
                for person in model.people:  # the markers are real: the GM's copy has them
                    for marker in person.secrets.get(number, []):
                        assert marker in gm_copy, (number, marker)
                        seen["secrets in the GM's copy"] += 1
        seen.update(model.seen)
        seen["logs"] += 1

    property_holds()
    # the property was tried on what it is about (`-s` prints the figures)
    assert seen["logs"] == EXAMPLES, seen
    kinds = ("renames", "swaps", "reused names", "retired", "notes", "rolls", "fights")
    for what in (*kinds, "secrets in the GM's copy"):
        assert seen[what] >= EXAMPLES // 4, seen
    assert seen["earlier names read"] >= EXAMPLES // 4, seen
    print(f"{ruleset}: {dict(seen)}")
