"""The handout leak property: for random logs of either ruleset (written through the
public API), no players' or character's handout (every session's recap, every arc; in
Markdown, HTML and JSON) ever shows GM-only content: a GM-only note (each carries a unique
marker), a voided event, the GM's details (dice, terms), a GM-only badge. The names the
characters get collide on purpose: with the audiences (`GM`, `gm`, `Players`, which older
journals allowed: written straight to the store here), with each other (`Al`, `Alma`,
`Alma Rose`), and with the text of a GM-only note.

The GM's copy of each session shows each of its GM-only notes: the markers are there to
be found, so the property can fail."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.api import dice_seed, random_logs, recorded, state_of, store_of

import journal
from journal.api.journal import Journal
from journal.handouts.recap import Audience
from journal.rules import load
from journal.rules.core.commands import AddCharacter, EndSession, StartSession, TakeNote, VoidEvent

#: names that collide with the audiences (only an older journal let a character take one)
AUDIENCES = ("GM", "gm", "Players")
NAMES = ("Al", "Alma", "Alma Rose", "Zed", "Hidden", *AUDIENCES)
SHEETS: dict[str, dict[str, object]] = {
    "horror-factor": {"reaction": 11, "willpower": 10, "hardness": 1, "training": "some"},
    "fright-check": {"will": 11, "ht": 10, "iq": 11},
}
EXAMPLES = int(os.environ.get("JOURNAL_LEAK_EXAMPLES", "25"))
#: what only the GM's copy may show, whatever the content
GM_MARKS = ("GM only", "[GM #", '<span class="gm-detail">', 'class="note gm-only"')


_seeded = dice_seed("14")


@dataclass
class Story:
    """What a random log holds: its characters, and the marker of each GM-only note and
    voided note, by session."""

    ruleset: str
    names: list[str]
    secrets: dict[int | None, list[str]] = field(default_factory=dict)
    voided: list[str] = field(default_factory=list)


_run = recorded


def _add(night: Journal, ruleset: str, name: str) -> None:
    """A character, added as a journal of today would, or (an audience's name) as an older
    one did: straight into the store."""
    if name.casefold() not in {a.casefold() for a in AUDIENCES}:
        _run(night, AddCharacter(name, SHEETS[ruleset]))
        return
    from journal.store import Draft

    sheet = load(ruleset).build_sheet(SHEETS[ruleset])
    store_of(night).append(
        night.campaign, night.head(), [Draft("CharacterAdded", 1, {"name": name, "sheet": sheet})]
    )


#: how many kinds of ruling `_ruling` makes, by ruleset (a fight makes them in order)
RULINGS = {"horror-factor": 6, "fright-check": 3}
#: the rulings that roll dice (the GM's copy shows their faces and terms)
ROLLS = frozenset({"InitiativeRolled", "HorrorChecked", "FrightChecked"})


def _ruling(night: Journal, ruleset: str, who: str, choice: int, faces: int) -> None:
    """One of the ruleset's rulings (its `choice`-th kind), with entered dice."""
    if ruleset == "horror-factor":
        from journal.rulesets.horror_factor.rules.check import HorrorCheck
        from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
        from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
        from journal.rulesets.horror_factor.rules.initiative import RollInitiative
        from journal.rulesets.horror_factor.rules.shift import Shift
        from journal.rulesets.horror_factor.rules.turn import AdvanceTurn

        cast = tuple(state_of(night).characters)
        choice %= RULINGS[ruleset]
        if choice == 0:
            _run(night, StartEncounter(f"Fight {faces}", "horde", cast))
        elif choice == 1:
            _run(night, RollInitiative(who), {"initiative": (faces % 10 + 1, (faces * 3) % 10 + 1)})
        elif choice == 2:
            _run(night, Shift(who, "grabbed"))
        elif choice == 3:
            _run(night, AdvanceTurn())
        elif choice == 4:
            _run(night, EndEncounter(do_or_die=(who,)))
        else:
            _run(night, HorrorCheck(who, hf=4), {"check": (faces % 10 + 1, 10)})
        return
    from journal.rulesets.fright_check.rules.encounter_end import EndCombat
    from journal.rulesets.fright_check.rules.encounter_start import StartCombat
    from journal.rulesets.fright_check.rules.fright import FrightCheck

    choice %= RULINGS[ruleset]
    if choice == 0:
        _run(night, StartCombat(f"Fight {faces}", tuple(state_of(night).characters)))
    elif choice == 1:
        high = 4 + faces % 3
        _run(
            night,
            FrightCheck(who, f"ghoul-{faces % 2}"),
            {"will": (6, 6, high), "table": (3, 4, 5)},
        )
    else:
        _run(night, EndCombat())


def _fight(night: Journal, ruleset: str, names: list[str], faces: int) -> None:
    """Every kind of ruling in order, each for everyone it can be for: dice, terms and
    GM details in every log."""
    for choice in range(RULINGS[ruleset]):
        for who in names:
            _ruling(night, ruleset, who, choice, faces + len(who))


ACTIONS = st.one_of(
    st.tuples(st.just("secret"), st.integers(0, 7), st.integers(0, 3)),
    st.tuples(st.just("secret-named"), st.integers(0, 7), st.integers(0, 3)),
    st.tuples(st.just("public"), st.integers(0, 7), st.integers(0, 3)),
    st.tuples(st.just("voided"), st.integers(0, 7), st.integers(0, 3)),
    st.tuples(st.just("session"), st.integers(0, 7), st.integers(0, 3)),
    st.tuples(st.just("ruling"), st.integers(0, 5), st.integers(1, 30)),
    st.tuples(st.just("ruling"), st.integers(0, 5), st.integers(1, 30)),
    st.tuples(st.just("fight"), st.integers(0, 7), st.integers(1, 30)),
)


@st.composite
def stories(draw: st.DrawFn, ruleset: str) -> tuple[Story, list[tuple[str, int, int]]]:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique_by=str.casefold))
    return Story(ruleset, names), draw(st.lists(ACTIONS, min_size=3, max_size=16))


def write(story: Story, actions: list[tuple[str, int, int]]) -> Journal:
    night = journal.create(":memory:", "night", story.ruleset)
    for name in story.names:
        _add(night, story.ruleset, name)
    _run(night, StartSession("One"))
    for number, (kind, pick, extra) in enumerate(actions):
        session = state_of(night).session
        about = tuple(story.names[: extra % (len(story.names) + 1)])
        if kind == "secret":
            marker = f"secret-{number:02d}-x9"
            if (
                _run(night, TakeNote(f"{marker} about {' and '.join(about)}", True, about))
                is not None
            ):
                story.secrets.setdefault(session, []).append(marker)
        elif kind == "secret-named":  # a GM-only note whose text is a character's name
            _run(night, TakeNote(story.names[pick % len(story.names)], True, about))
        elif kind == "public":
            _run(
                night, TakeNote(f"public {number} for {' and '.join(about) or 'all'}", False, about)
            )
        elif kind == "voided":
            marker = f"voided-{number:02d}-x9"
            noted = _run(night, TakeNote(marker, False, about))
            if noted is not None and _run(night, VoidEvent(night.head(), "a typo")) is not None:
                story.voided.append(marker)
        elif kind == "session":
            _run(night, EndSession() if session else StartSession(f"Session at {number}"))
        elif kind == "fight":
            _fight(night, story.ruleset, story.names, extra)
        else:
            _ruling(night, story.ruleset, story.names[pick % len(story.names)], pick, extra)
    return night


def _gm_fields(document: object) -> Iterator[tuple[str, object]]:
    """Every `gm` and `gm_only` value in a handout's JSON."""
    if isinstance(document, dict):
        for key, value in document.items():
            if key in ("gm", "gm_only"):
                yield key, value
            yield from _gm_fields(value)
    elif isinstance(document, list):
        for item in document:
            yield from _gm_fields(item)


def assert_clean(text: str, story: Story, what: str) -> None:
    for marker in [m for ms in story.secrets.values() for m in ms] + story.voided:
        assert marker not in text, (what, marker)
    for mark in GM_MARKS:
        assert mark not in text, (what, mark)


def assert_clean_document(document: dict[str, Any], story: Story, what: str) -> None:
    assert_clean(json.dumps(document, ensure_ascii=False), story, what)
    assert document.get("voided", []) == [], what
    assert all(not value for _, value in _gm_fields(document)), what


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_no_players_or_character_handout_shows_gm_only_content(ruleset: str) -> None:
    seen: Counter[str] = Counter()  # what the logs held and the handouts checked

    @random_logs(EXAMPLES)
    @given(stories(ruleset))
    def property_holds(case: tuple[Story, list[tuple[str, int, int]]]) -> None:
        story, actions = case
        with write(story, actions) as night:
            state = state_of(night)
            readers = [Audience.players()] + [Audience.character(n) for n in state.characters]
            seen["logs"] += 1
            seen["secrets"] += sum(map(len, story.secrets.values()))
            seen["voided"] += len(story.voided)
            seen["audience names"] += sum(n in AUDIENCES for n in state.characters)
            seen["rolls"] += sum(r.type in ROLLS for r in store_of(night).read(night.campaign))
            for number in range(1, state.sessions + 1):
                gm_copy = night.recap_text(number, Audience.gm_copy(), "md")
                for marker in story.secrets.get(number, []):
                    assert marker in gm_copy, (number, marker)  # the markers are real
                for reader in readers:
                    what = f"session {number} for {reader.label}"
                    seen["handouts"] += 3  # JSON, Markdown, HTML
                    document = night.recap(number, reader)
                    assert document["audience"]["gm"] is False, what
                    assert_clean_document(document, story, what)
                    for fmt in ("md", "html"):
                        assert_clean(night.recap_text(number, reader, fmt), story, what)
            for name in state.characters:
                seen["handouts"] += 3
                assert_clean_document(night.arc(name), story, f"{name}'s arc")
                for fmt in ("md", "html"):
                    assert_clean(night.arc_text(name, fmt), story, f"{name}'s arc")

    property_holds()
    # the property was tried on what it is about (`-s` prints the figures)
    assert seen["logs"] == EXAMPLES, seen
    for what in ("secrets", "voided", "audience names", "rolls"):
        assert seen[what] >= EXAMPLES // 5, seen
    assert seen["handouts"] >= 10 * EXAMPLES, seen
    print(f"{ruleset}: {dict(seen)}")
