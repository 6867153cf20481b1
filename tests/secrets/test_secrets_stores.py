"""Secrets, reveals and the safety tools read the same on every store (SQLite and
PostgreSQL): the knowledge table and a recap's "Learned this session"."""

from __future__ import annotations

import journal
from journal.api.commands import (
    AddCharacter,
    CutScene,
    EndSession,
    RevealSecret,
    SetSafetyTool,
    StartSession,
    TakeNote,
)

SHEET = {"will": 11, "ht": 10, "iq": 11}


def test_the_knowledge_table_on_each_store(db_url: str) -> None:
    with journal.create(db_url, "crypt", "fright-check") as night:
        for name in ("Cole", "Mara"):
            night.run(AddCharacter(name, SHEET))
        night.run(StartSession("One"))
        night.run(TakeNote("the face", known_by=("Cole",)))  # 5
        night.run(SetSafetyTool("veil", "the dog"))
        night.run(EndSession())
        night.run(StartSession("Two"))
        night.run(RevealSecret(5, ("Mara",), "told"))  # 9
        night.run(CutScene())
        assert night.secrets().to_json() == {
            "campaign": "crypt",
            "as_of": 10,
            "of": None,
            "secrets": [
                {
                    "seq": 5,
                    "kind": "for",
                    "text": "the face",
                    "session": 1,
                    "knowers": [
                        {"who": "Cole", "since": 5, "session": 1},
                        {"who": "Mara", "since": 9, "session": 2},
                    ],
                    "not_yet": [],
                }
            ],
        }
        assert [e["text"] for e in night.recap(2, "Mara")["learned"]] == ["the face"]
        assert night.recap(2, "players")["learned"] == []
        assert [t.text for t in night.safety().tools] == ["the dog"]
