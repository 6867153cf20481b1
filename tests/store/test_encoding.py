"""The fast paths give exactly what the plain ones gave: the canonical JSON that every hash
covers, the copies the folds make, and the payloads read back from the store."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from journal.events.canonical import canonical_json
from journal.events.registry import from_data, from_json, to_data
from journal.frozen import changed
from journal.projection import same_but_seq
from journal.rules.core.events import NoteTaken
from journal.rules.core.state import CampaignState, RulesState
from journal.rulesets.horror_factor.rules.track import TrackChange
from journal.rulesets.horror_factor.rules.turn import TurnAdvanced

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**80), max_value=2**80) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def python_canonical(value: object) -> str:
    """The form the chain was first hashed with."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@given(json_values)
def test_canonical_json_is_the_standard_librarys(value: object) -> None:
    assert canonical_json(value) == python_canonical(value)


def test_canonical_json_of_text_a_gm_might_type() -> None:
    text = "".join(map(chr, range(0x80))) + "\u2028\u2029é😀\ufeff/\\\"'"
    value = {"é": text, "e": [1, -0, 2**70], "Z": None, "😀": True, "\uffff": {}}
    assert canonical_json(value) == python_canonical(value)


def test_a_payload_reads_back_the_same_through_its_stored_text() -> None:
    turn = TurnAdvanced(2, (TrackChange("Linda", 7, 6, "acted", (("acted", -1),)),))
    text = json.dumps(to_data(turn))
    assert (
        from_json("TurnAdvanced", 1, text) == turn == from_data("TurnAdvanced", 1, json.loads(text))
    )


def test_a_stored_text_that_does_not_fit_says_which_field() -> None:
    with pytest.raises(ValueError, match=r"NoteTaken\.text cannot be"):
        from_json("NoteTaken", 1, '{"text": ["a"]}')


def test_changed_of_a_struct_state_is_structs_replace() -> None:
    state = CampaignState(slug="night", characters=("Linda",))
    copy = changed(state, seq=3, characters=("Linda", "Ariella"))
    assert copy == msgspec.structs.replace(state, seq=3, characters=("Linda", "Ariella"))
    assert copy == CampaignState(slug="night", seq=3, characters=("Linda", "Ariella"))
    assert state.seq == 0 and type(copy) is CampaignState
    assert copy.options is state.options  # what is not changed is the very same object
    with pytest.raises(AttributeError):
        copy.seq = 4  # type: ignore[misc]
    with pytest.raises(TypeError, match="sequence"):
        changed(state, sequence=3)


@dataclass(frozen=True)
class DataclassState(RulesState):
    """A third-party ruleset's state kept, as before, in a frozen dataclass."""

    characters: Mapping[str, int] = field(default_factory=dict)
    turn: int = 0


def test_changed_of_a_dataclass_state_is_dataclasses_replace() -> None:
    state = DataclassState({"Linda": 3})
    copy = changed(state, turn=2)
    assert copy == dataclasses.replace(state, turn=2) == DataclassState({"Linda": 3}, 2)
    assert state.turn == 0 and type(copy) is DataclassState
    assert copy.characters is state.characters
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.turn = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        changed(state, round=3)


@dataclass(frozen=True)
class Checked:
    value: int
    double: int = field(default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.value)


def test_changed_runs_init_where_a_copy_would_not_be_exact() -> None:
    assert changed(Checked(1), value=5).double == 10
    assert changed(NoteTaken("a"), text="b") == NoteTaken("b")


def test_same_but_seq_sees_a_state_that_moved_only_its_seq() -> None:
    """The status a recap or an arc read at one state holds at another the fold reached by
    copying it with a new seq alone: every other field the very same object."""
    state = CampaignState(slug="night", characters=("Linda",), rules=DataclassState({"L": 1}))
    assert same_but_seq(state, changed(state, seq=5))
    assert not same_but_seq(state, changed(state, seq=5, characters=tuple(["Linda"])))
    assert not same_but_seq(state, changed(state, rules=DataclassState({"L": 1})))
    assert not same_but_seq(state, changed(state, options={}))
