"""The knowledge fold itself (journal/rules/core/knowledge.py): who knows a secret and
since which seq, read straight from the state every audience filter asks."""

from __future__ import annotations

from journal.frozen import changed
from journal.rules.core.knowledge import PLAYERS, knows, noted, revealed, since
from journal.rules.core.state import CampaignState

MARA, REYES = 3, 4


def test_a_secret_noted_twice_for_one_character_holds_one_knower() -> None:
    state = noted(CampaignState(), 10, (MARA, MARA, REYES))
    assert state.secrets[10] == ((MARA, 10), (REYES, 10))


def test_a_reveal_adds_new_knowers_once_and_keeps_the_earliest_seq() -> None:
    state = noted(CampaignState(), 10, (MARA,))
    state = revealed(state, 10, 12, (MARA, REYES, REYES))
    assert state.secrets[10] == ((MARA, 10), (REYES, 12))
    assert since(state, 10, MARA) == 10
    assert since(state, 10, REYES) == 12
    assert since(state, 10, None) is None


def test_a_reveal_of_no_secret_changes_nothing() -> None:
    state = noted(CampaignState(), 10, (MARA,))
    assert revealed(state, 11, 12, (REYES,)) is state


def test_who_knows_a_secret() -> None:
    state = noted(CampaignState(), 10, (MARA,))
    assert knows(state, 10, True, None)
    assert knows(state, 10, False, MARA)
    assert not knows(state, 10, False, REYES)
    assert not knows(state, 10, False, None)
    state = revealed(state, 10, 15, (PLAYERS,))
    assert knows(state, 10, False, None)
    assert knows(state, 10, False, REYES)


def test_since_is_the_earliest_of_a_characters_and_the_players_reveal() -> None:
    state = noted(CampaignState(), 10, (PLAYERS,))
    state = revealed(state, 10, 14, (MARA,))
    assert since(state, 10, MARA) == 10
    assert since(state, 10, None) == 10
    state = noted(CampaignState(), 20, (MARA,))
    state = revealed(state, 20, 25, (PLAYERS,))
    assert since(state, 20, MARA) == 20
    assert since(state, 20, None) == 25
    assert since(state, 20, REYES) == 25
    assert since(state, 99, MARA) is None


def test_a_seq_that_is_no_secret_is_known_to_all_unless_voided() -> None:
    state = CampaignState()
    assert knows(state, 7, False, None)
    assert knows(state, 7, False, MARA)
    voided = changed(state, voided=frozenset({7}))
    assert not knows(voided, 7, False, None)
    assert not knows(voided, 7, False, MARA)
    assert knows(voided, 7, True, None)
