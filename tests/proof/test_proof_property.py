"""The proof property (issue 40), over random logs of both rulesets (the stories of the
handout leak property: notes of every kind, GM-only ones, voids, sessions, fights with
dice and terms, names that collide) with rolls of `journal roll` added, open, sealed and
unsealed: for every event and every audience (the players, each character), the proof
`prove` makes verifies; and each of these makes it fail, in Python (`check-proof`) and in
the HTML verifier (Chromium):

- a disclosed word or number changed (the file's words, or the disclosure itself),
- a disclosed part's salt changed,
- one of the event's digests changed (in its hashed form),
- an element of the inclusion path changed,
- a part the audience may not see disclosed (its name and true value, a salt made up:
  the holder of a proof has no other).
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from typing import Any

import pytest
from handouts.test_handout_leak_property import SHEETS, Story, stories, write
from hypothesis import given
from hypothesis import strategies as st
from support.api import random_logs, recorded, state_of
from support.verifier import browser_verdicts

from journal.api.commands import RollDice, UnsealRoll
from journal.api.journal import Journal
from journal.errors import JournalError
from journal.events.disclosure import b64url, disclosure, opened
from journal.handouts.recap import Audience
from journal.merkle import ProofError
from journal.proof.check import check

EXAMPLES = max(3, int(os.environ.get("JOURNAL_LEAK_EXAMPLES", "25")) // 4)


@pytest.fixture(scope="module", autouse=True)
def _seeded() -> Any:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("JOURNAL_DICE_SEED", "40")
        yield


def _rolls(night: Journal) -> None:
    """An open roll, a sealed one unsealed later, and one still sealed."""
    recorded(night, RollDice("3d6", "the door"))
    sealed = recorded(night, RollDice("2d10+1", "the nurse's stealth", True))
    recorded(night, RollDice("d20", "what the priest knows", True))
    if sealed is not None:
        recorded(night, UnsealRoll(sealed.records[0].seq))


def _changed(value: Any) -> Any:
    """Another value of the same kind (a word, a number, a flag, a list, an object)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + " (or not)"
    if isinstance(value, list):
        return [*value, "more"]
    if isinstance(value, dict):
        return {**value, "more": 1}
    return "something"


def _forgeries(document: dict[str, Any], pick: int) -> list[tuple[str, dict[str, Any]]]:
    """Each way of altering `document` that must fail (the part or path element altered
    chosen by `pick`)."""
    found = []
    event = document["event"]
    parts = event.get("disclosed") or []
    if parts:
        at = pick % len(parts)
        part = parts[at]
        word = copy.deepcopy(document)
        word["event"]["disclosed"][at]["value"] = _changed(part["value"])
        found.append(("a disclosed word or number, in the file", word))
        salt, name, value = opened(part["disclosure"])
        both = copy.deepcopy(document)
        both["event"]["disclosed"][at] = {
            "name": name,
            "value": _changed(value),
            "disclosure": disclosure(salt, name, _changed(value)),
        }
        found.append(("a disclosed word or number, in its disclosure", both))
        salted = copy.deepcopy(document)
        other = b64url(bytes(16)) if salt != b64url(bytes(16)) else b64url(bytes([1] * 16))
        salted["event"]["disclosed"][at]["disclosure"] = disclosure(other, name, value)
        found.append(("a disclosed part's salt", salted))
    if "hashed" in event:
        body = json.loads(event["hashed"])
        digests = body["data"].get("_sd")
        if digests:
            moved = copy.deepcopy(document)
            flipped = list(digests)
            d = flipped[pick % len(flipped)]
            flipped[pick % len(flipped)] = ("A" if d[0] != "A" else "B") + d[1:]
            body["data"]["_sd"] = flipped
            moved["event"]["hashed"] = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
            found.append(("one of the event's digests", moved))
            hidden = len(digests) - len(parts)
            if hidden:  # a part it may not see: its name is not in the proof, guess a field
                shown = {p["name"] for p in parts}
                name = next(
                    n
                    for n in ("dice", "terms", "text", "sheet", "reason", "total", "x")
                    if n not in shown
                )
                extra = copy.deepcopy(document)
                made = disclosure(b64url(os.urandom(16)), name, "the GM's secret")
                extra["event"]["disclosed"] = [
                    *parts,
                    {"name": name, "value": "the GM's secret", "disclosure": made},
                ]
                found.append(("a part the audience may not see", extra))
    if document["path"]:
        path = copy.deepcopy(document)
        h = path["path"][pick % len(path["path"])]
        path["path"][pick % len(path["path"])] = ("0" if h[0] != "0" else "1") + h[1:]
        found.append(("an element of the path", path))
    return found


def _fails(document: dict[str, Any]) -> bool:
    try:
        check(document)
    except ProofError:
        return True
    return False


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_every_proof_verifies_and_every_forgery_fails(ruleset: str, verifier_page: Any) -> None:
    seen: Counter[str] = Counter()
    good: list[dict[str, Any]] = []
    bad: list[tuple[str, dict[str, Any]]] = []

    @random_logs(EXAMPLES)
    @given(stories(ruleset), st.integers(0, 1000))
    def property_holds(case: tuple[Story, list[tuple[str, int, int]]], pick: int) -> None:
        story, actions = case
        with write(story, actions) as night:
            _rolls(night)
            state = state_of(night)
            readers = [Audience.players()] + [Audience.character(n) for n in state.characters]
            for reader in readers:
                for seq in range(1, night.head() + 1):
                    try:
                        document = night.prove(seq, reader)
                    except JournalError:
                        seen["refused"] += 1
                        continue
                    assert check(document).message.startswith("valid: "), (reader, seq)
                    good.append(document)
                    seen["proofs"] += 1
                    seen["with words"] += "disclosed" in document["event"]
                    for what, forged in _forgeries(document, pick + seq):
                        assert _fails(forged), (what, reader, seq)
                        bad.append((what, forged))
                        seen[what] += 1
        seen["logs"] += 1

    property_holds()
    assert seen["logs"] == EXAMPLES, seen
    for what in (
        "proofs",
        "with words",
        "a disclosed word or number, in the file",
        "a disclosed word or number, in its disclosure",
        "a disclosed part's salt",
        "one of the event's digests",
        "a part the audience may not see",
        "an element of the path",
    ):
        assert seen[what] >= 1, (what, seen)
    # the same in the browser: every proof valid, every forgery NOT valid
    said = browser_verdicts(verifier_page, good)
    wrong = [
        d["event"]["seq"] for d, s in zip(good, said, strict=True) if not s.startswith("valid: ")
    ]
    assert wrong == [], said[:3]
    said = browser_verdicts(verifier_page, [d for _, d in bad])
    wrong = [w for (w, _), s in zip(bad, said, strict=True) if not s.startswith("NOT valid: ")]
    assert wrong == []
    print(f"{ruleset}: {dict(seen)}")
