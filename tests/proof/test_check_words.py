"""What `check-proof` (`journal.proof.check`) proves of an event, and what it refuses (issue
40; issue 47's T3, T4, T5, T7, T10):

    #1 campaign  #2 Linda  #3 session 1
    #4 note "The lamps go out." --about Linda      salted: its words proven
    #5 note "The priest lies." --gm-only           the players never get it
    #6 roll 3d6 --sealed --for "the nurse"         its faces and total stay digests
    #7 session end                                  the head the players keep: #7
    #8 note "The crypt is open."                    (the record of #8 is another one)
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import journal
from journal.api.commands import AddCharacter, EndSession, RollDice, StartSession, TakeNote
from journal.api.journal import Journal
from journal.audit.verify import Receipt, verify_chain
from journal.events.disclosure import b64url, digest, disclosure, opened
from journal.events.recorded import Recorded
from journal.merkle import ProofError
from journal.proof.check import check
from journal.proof.tree import HeadRef, parse_head

SHEET = {"reaction": 11, "willpower": 10, "hardness": 1, "training": "some"}


@pytest.fixture
def night() -> Journal:
    opened_journal = journal.create(":memory:", "night", "horror-factor")
    opened_journal.run(AddCharacter("Linda", SHEET))
    opened_journal.run(StartSession("One"))
    opened_journal.run(TakeNote("The lamps go out.", False, ("Linda",)))
    opened_journal.run(TakeNote("The priest lies.", True, ()))
    opened_journal.run(RollDice("3d6", "the nurse", True), {"roll": (4, 2, 6)})
    opened_journal.run(EndSession())
    return opened_journal


def _refused(document: Any, kept: HeadRef | None = None) -> str:
    with pytest.raises(ProofError) as caught:
        check(document, kept)
    return str(caught.value)


def _kept(document: dict[str, Any], digits: int = 12) -> HeadRef:
    head = document["head"]
    return parse_head(f"#{head['size']} {head['root'][:digits]}")


def test_the_words_are_proven_and_the_reading_is_not(night: Journal) -> None:
    document = night.prove(4, size=7)
    checked = check(document, _kept(document))
    assert checked.proven == {"text": "The lamps go out.", "gm_only": False, "about": ["Linda"]}
    assert checked.message == (
        "valid: these words were in the record at the end of session 1 (#7), as event #4:"
    )
    assert checked.lines[-1] == (
        "The journal's reading of it (not itself proven): The lamps go out."
    )
    assert any(line.startswith("Checked against the head you kept") for line in checked.lines)
    alone = check(document)  # against the file's own head: it says so
    assert any("this proves nothing" in line for line in alone.lines)


def test_a_changed_word_is_refused_and_named(night: Journal) -> None:
    document = night.prove(4)
    forged = copy.deepcopy(document)
    forged["event"]["disclosed"][-1]["value"] = "Nobody saw anything. The GM made it all up."
    text = next(p for p in document["event"]["disclosed"] if p["name"] == "text")
    forged["event"]["disclosed"] = [
        {**p, "value": "The lamps stay lit."} if p["name"] == "text" else p
        for p in document["event"]["disclosed"]
    ]
    said = _refused(forged)
    assert "the part 'text' reads “The lamps stay lit.” in this file" in said
    assert "the event recorded “The lamps go out.”" in said
    # the words changed inside the disclosure too: its digest is not the event's
    salt, name, _ = opened(text["disclosure"])
    remade = disclosure(salt, name, "The lamps stay lit.")
    forged["event"]["disclosed"] = [
        {"name": "text", "value": "The lamps stay lit.", "disclosure": remade}
        if p["name"] == "text"
        else p
        for p in document["event"]["disclosed"]
    ]
    assert "is not what the event recorded" in _refused(forged)


def test_a_part_the_audience_may_not_see_cannot_be_disclosed(night: Journal) -> None:
    """The sealed roll's faces are a digest in the players' proof: a holder who adds them,
    the true faces included, has no salt for them, and the proof fails."""
    document = night.prove(6)
    shown = {p["name"] for p in document["event"]["disclosed"]}
    assert shown == {"notation", "count", "sides", "modifier", "purpose", "sealed"}
    values = [p["value"] for p in document["event"]["disclosed"]]
    assert 12 not in values and not any(isinstance(v, dict) for v in values)  # no faces
    body = json.loads(document["event"]["hashed"])
    assert len(body["data"]["_sd"]) == 8  # two parts more than disclosed
    for name, value in (
        ("total", 12),
        ("dice", {"roll": {"faces": [4, 2, 6], "source": "entered"}}),
    ):
        made_up = disclosure(b64url(bytes(16)), name, value)
        assert digest(made_up) not in body["data"]["_sd"]
        forged = copy.deepcopy(document)
        forged["event"]["disclosed"].append({"name": name, "value": value, "disclosure": made_up})
        assert "is not what the event recorded: it was changed, or made up" in _refused(forged)


def test_an_altered_hashed_form_is_refused(night: Journal) -> None:
    """T3: the event's hashed form must give its hash, whatever the proof discloses."""
    document = night.prove(4, reveal=True)
    assert check(document).proven is not None
    forged = copy.deepcopy(document)
    forged["event"]["hashed"] = forged["event"]["hashed"].replace('"session":1', '"session":2')
    assert "does not give the event's hash: something in it was changed" in _refused(forged)
    digits = copy.deepcopy(document)  # a digest swapped for another part's
    body = json.loads(digits["event"]["hashed"])
    body["data"]["_sd"][0] = body["data"]["_sd"][1]
    digits["event"]["hashed"] = json.dumps(body, separators=(",", ":"))
    assert "does not give the event's hash" in _refused(digits)


def test_an_older_events_revealed_body_is_checked_too(night: Journal) -> None:
    """T3 for an event an older journal wrote (no salts), proved with --reveal, and for a
    proof of format 1 (the release before): its revealed body, altered, fails."""
    from support.api import store_of

    from journal.store import Draft

    store = store_of(night)
    note = {"text": "An older note.", "gm_only": False, "about": []}
    store.append("night", night.head(), [Draft("NoteTaken", 1, note, salts=False)])
    presence = night.prove(8)
    checked = check(presence)
    assert checked.proven is None and "Its words are not proven" in checked.message
    assert "hashed" not in presence["event"]
    revealed = night.prove(8, reveal=True)
    assert check(revealed).proven == note
    altered = copy.deepcopy(revealed)
    altered["event"]["hashed"] = altered["event"]["hashed"].replace("older", "newer")
    assert "does not give the event's hash" in _refused(altered)
    document = revealed
    old: dict[str, Any] = {
        "proof": document["proof"],
        "format": 1,
        "head": document["head"],
        "event": {"seq": 8, "told": ["An older note."]},
        "chain_hash": document["chain_hash"],
        "path": document["path"],
        "revealed": {
            "prev_hash": document["event"]["prev_hash"],
            "body": document["event"]["hashed"],
        },
    }
    assert check(old).message.startswith("valid: these words were in the record")
    old["revealed"]["body"] = old["revealed"]["body"].replace("older", "newer")
    assert "does not give the event's hash" in _refused(old)


def test_a_kept_head_of_the_same_size_and_another_record_is_refused(night: Journal) -> None:
    """T4: a kept head is compared by its root as well as its size."""
    document = night.prove(4, size=7)
    other = journal.create(":memory:", "night", "horror-factor")  # another record of 7
    for command in (AddCharacter("Linda", SHEET), StartSession("One"), TakeNote("x", False, ())):
        other.run(command)
    other.run(TakeNote("y", False, ()))
    other.run(TakeNote("z", False, ()))
    other.run(EndSession())
    theirs = other.heads()[0]
    assert theirs["size"] == 7 and theirs["root"] != document["head"]["root"]
    said = _refused(document, parse_head(f"#7 {theirs['root'][:12]}"))
    assert "not the same record of 7 events" in said
    assert check(document, _kept(document)).head.size == 7


def test_a_consistency_proof_is_checked_against_the_older_head_kept(night: Journal) -> None:
    """T5: the head a player kept is the older one a consistency proof starts from."""
    night.run(TakeNote("The crypt is open.", False, ()))
    document = night.prove_since(7)
    older = parse_head(f"#7 {document['old']['root'][:12]}")
    newer = parse_head(f"#8 {document['new']['root'][:12]}")
    checked = check(document, older)
    assert checked.message.startswith(
        "valid: the record of #8 extends the record at the end of session 1 (#7)"
    )
    assert checked.lines == (
        "Checked against the head you kept: #7 "
        + document["old"]["root"][:12]
        + "… is this proof's head.",
    )
    assert "this proof starts from the record of #7, and the head you kept is of #8" in _refused(
        document, newer
    )


def test_a_head_is_given_by_its_size_and_12_hex_digits_at_least() -> None:
    """T7: 12 digits, never fewer; the receipt `session end` prints reads back too."""
    root = "1daa87f0ab12" + "0" * 52
    assert parse_head("#30 1daa87f0ab12") == HeadRef(30, "1daa87f0ab12")
    assert parse_head(f"Receipt: Record #30 · {root[:16]}…  (#30 {root})") == HeadRef(30, root)
    with pytest.raises(ValueError, match="two different heads"):
        parse_head(f"Receipt: Record #30 · 1daa87f0ab12cd34…  (#30 {root})")
    for digits in range(8, 12):
        with pytest.raises(ValueError, match="at least 12"):
            parse_head(f"#30 {root[:digits]}")
    assert Receipt.parse("#30 1daa87f0ab12").digits == "1daa87f0ab12"
    for digits in range(8, 12):
        with pytest.raises(ValueError):
            Receipt.parse(f"#30 {root[:digits]}")


def test_an_ambiguous_receipt_is_refused(night: Journal) -> None:
    """T10: two hashes sharing the receipt's digits: it names neither."""
    records = list(night._store.read("night"))  # type: ignore[attr-defined]

    def clone(record: Recorded, hash: str) -> Recorded:
        return Recorded(
            record.campaign, record.seq, record.event_id, record.type, record.schema,
            record.data, record.recorded_at, record.game_time, record.session,
            record.prev_hash, hash, writer=record.writer, salts=record.salts,
        )  # fmt: skip

    prefix = "ab" * 6
    shared = [clone(r, prefix + r.hash[12:]) if r.seq in (3, 5) else r for r in records]
    report = verify_chain(shared, Receipt(None, prefix), "night")
    assert report.receipt_seq is None
    assert any(f.kind == "receipt" and "match events #3, #5" in f.problem for f in report.findings)
    # a tree head and an event's hash of the same size both beginning so: neither taken
    seq = 7
    report = verify_chain(
        records,
        Receipt(seq, records[seq - 1].hash[:12]),
        "night",
        lambda: records[seq - 1].hash[:12] + "0" * 52,
    )
    assert report.receipt_seq is None
    assert any("cannot say which it is" in f.problem for f in report.findings)
