"""The fast paths give exactly what the plain ones gave: the canonical JSON that every hash
covers, the copies the folds make, and the payloads read back from the store."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from journal.events.canonical import canonical_json
from journal.events.registry import from_data, from_json, to_data
from journal.frozen import changed
from journal.rules.core.state import CampaignState
from journal.rulesets.horror_factor.rules.events import TrackChange, TurnAdvanced

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


def test_changed_is_dataclasses_replace() -> None:
    state = CampaignState(slug="night", characters=("Linda",))
    copy = changed(state, seq=3, characters=("Linda", "Ariella"))
    assert copy == dataclasses.replace(state, seq=3, characters=("Linda", "Ariella"))
    assert state.seq == 0 and type(copy) is CampaignState
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.seq = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        changed(state, sequence=3)


@dataclass(frozen=True)
class Checked:
    value: int
    double: int = field(default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.value)


@dataclass(frozen=True, slots=True)
class Slotted:
    text: str


def test_changed_runs_init_where_a_copy_would_not_be_exact() -> None:
    assert changed(Checked(1), value=5).double == 10
    assert changed(Slotted("a"), text="b") == Slotted("b")
