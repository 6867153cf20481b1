"""Each part of the core's events that no players' or character's proof discloses
(`journal.proof.parts.HIDDEN`), written once with a marker of its own: a proof of the event
for the players and for a character holds neither the marker nor the part's salt, and
names the part only by its digest. The leak property's stories seldom hold these events
(an X-card's reason, a post's webhook): each is stated here."""

from __future__ import annotations

import json

import pytest

import journal
from journal.api.commands import (
    AddCharacter,
    CutScene,
    EndSession,
    RecordPost,
    RollDice,
    StartSession,
    TakeNote,
    VoidEvent,
)
from journal.api.journal import Journal
from journal.errors import JournalError
from journal.events.disclosure import opened
from journal.handouts.recap import Audience
from journal.proof.check import check

SHEET = {"reaction": 11, "willpower": 10, "hardness": 1, "training": "some",
         "specializations": {"sheet-mark": 2}}  # fmt: skip

#: (seq, type, the part hidden, its marker) as `_night` writes them
HIDDEN = [
    (2, "CharacterAdded", "sheet", "sheet-mark"),
    (4, "SecretNoted", "known_by", "Linda"),
    (5, "VeiledNoteTaken", "text", "VEIL-MARK"),
    (6, "SceneCut", "reason", "XCARD-MARK"),
    (8, "EventVoided", "reason", "VOID-MARK"),
    (10, "RulingAmended", "reason", "AMEND-MARK"),
    (12, "HandoutPosted", "webhook", "HOOK-MARK"),
]

#: the events of `HIDDEN` an audience is not shown at all (a secret it does not know, a
#: correction or a post about nobody of a character's)
NOT_SHOWN = {("SecretNoted", "players"), ("EventVoided", "Linda"), ("HandoutPosted", "Linda")}


@pytest.fixture(scope="module")
def night() -> Journal:
    opened_journal = journal.create(":memory:", "night", "horror-factor")
    opened_journal.run(AddCharacter("Linda", SHEET))  # 2
    opened_journal.run(StartSession("One"))  # 3
    opened_journal.run(TakeNote("A secret of Linda's.", known_by=("Linda",)))  # 4
    opened_journal.run(TakeNote("VEIL-MARK", veil="the cellar"))  # 5
    opened_journal.run(CutScene("XCARD-MARK"))  # 6
    opened_journal.run(TakeNote("The lamps go out."))  # 7
    opened_journal.run(VoidEvent(7, "VOID-MARK"))  # 8
    opened_journal.run(RollDice("3d6", "the nurse"), {"roll": (4, 2, 6)})  # 9
    opened_journal.amend(9, ["roll=1,1,1"], reason="AMEND-MARK")  # 10
    opened_journal.run(EndSession())  # 11
    opened_journal.run(RecordPost("recap", 1, "HOOK-MARK"))  # 12
    return opened_journal


@pytest.mark.parametrize(("seq", "kind", "part", "marker"), HIDDEN)
@pytest.mark.parametrize("reader", ["players", "Linda"])
def test_a_hidden_part_is_in_no_proof(
    night: Journal, reader: str, seq: int, kind: str, part: str, marker: str
) -> None:
    record = night._store.get("night", seq)  # type: ignore[attr-defined]
    assert record is not None and record.type == kind and part in record.data
    assert marker in json.dumps(record.data[part]), record.data  # the marker is there to leak
    audience = Audience.players() if reader == "players" else Audience.character(reader)
    if (kind, reader) in NOT_SHOWN:  # not theirs to see at all: refused
        with pytest.raises(JournalError):
            night.prove(seq, audience)
        return
    document = night.prove(seq, audience)
    assert check(document).proven is not None
    disclosed = document["event"]["disclosed"]
    assert part not in {p["name"] for p in disclosed}
    assert all(opened(p["disclosure"])[1] != part for p in disclosed)
    salt = record.salts[part]
    text = json.dumps(document, ensure_ascii=False)
    assert salt not in text
    if marker != "Linda":  # a character's name is no secret; who else knew it is
        assert marker not in text
    body = json.loads(document["event"]["hashed"])
    assert len(body["data"]["_sd"]) > len(disclosed)  # the hidden part: a digest alone
