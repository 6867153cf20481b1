"""The leak property over proofs and heads: for random logs of either ruleset (the
stories of the handout leak property: GM-only notes with unique markers, voided notes,
fights with dice and terms, audience-named characters), no proof `prove --for` makes for
the players or a character, and no answer of a link's `/TOKEN/proof/SEQ` and
`/TOKEN/since/SIZE`, holds a GM-only note, a voided event, a die, a term or a GM-only
mark; a GM-only note and a voided event are refused. The GM's copy of each session shows
every marker: the property can fail.

And over time (the logs of the secrets-over-time property: `--for` and GM-only notes,
reveals to the players or to characters, voids of reveals, veils, renames): a proof holds
a secret exactly when its audience knows it now (by the model written from the commands,
apart from the journal's fold), a secret it does not know is refused and in no proof, and
a secret it knows is proved, in the tree of the size it was noted at too; each link's
`/TOKEN/proof/SEQ` the same."""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from handouts.test_handout_leak_property import SHEETS, Story, assert_clean, stories, write
from handouts.test_secrets_over_time import Model
from handouts.test_secrets_over_time import logs as secret_logs
from handouts.test_secrets_over_time import write as write_secrets
from hypothesis import given
from support.accepted import Accepted
from support.api import random_logs, state_of, store_of

from journal.api.database_level import Database
from journal.api.journal import Journal
from journal.errors import JournalError
from journal.events.disclosure import opened
from journal.handouts.recap import Audience
from journal.merkle import ProofError
from journal.proof.check import check
from journal.rules.core.events import NoteTaken

if TYPE_CHECKING:
    from journal.web.site import Site

EXAMPLES = max(4, int(os.environ.get("JOURNAL_LEAK_EXAMPLES", "25")) // 3)
_numbers = itertools.count()


#: the commands of the random logs the journal recorded (`support.accepted`)
TALLY = Accepted(commands=0.01)
_tallied = TALLY.fixture()


@pytest.fixture(scope="module", autouse=True)
def _seeded() -> Any:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("JOURNAL_DICE_SEED", "14")
        yield


#: what no players' or character's proof discloses of any event (dice, terms, the GM's reason
#: for a changed row), and of the core's events (issue 40)
GM_KEYS = ("dice", "terms", "modifiers", "change_reason")
NEVER = {
    "CharacterAdded": {"sheet"},
    "SecretNoted": {"known_by"},
    "VeiledNoteTaken": {"text"},
    "SceneCut": {"reason"},
    "EventVoided": {"reason", "what"},
    "RulingAmended": {"reason"},
    "HandoutPosted": {"webhook"},
}


def _gmish(value: object) -> bool:
    if isinstance(value, dict):
        return any(k in GM_KEYS or k.endswith("_terms") or _gmish(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_gmish(v) for v in value)
    return False


def _may_see(kind: str, name: str, value: object, data: dict[str, Any], sealed: bool) -> bool:
    """Whether a players' or character's proof may disclose part `name` of an event."""
    if kind == "DiceRolled":
        return not (sealed and name in ("dice", "total"))
    if name in NEVER.get(kind, ()):
        return False
    if kind == "RulingAmended" and data.get("ruling") == "DiceRolled":
        return name != "data" or not sealed
    return name not in GM_KEYS and not name.endswith("_terms") and not _gmish(value)


def _no_gm_details(document: dict[str, Any], what: str, night: Journal | None = None) -> None:
    for row in document["reading"]["rows"]:
        assert row.get("dice") is None and row.get("terms") is None, (what, row)
    assert "revealed" not in document, what
    if night is None:
        return
    seq = document["event"]["seq"]
    record = store_of(night).get(night.campaign, seq)
    assert record is not None and record.salts is not None, what
    shown = {p["name"]: p["value"] for p in document["event"].get("disclosed", [])}
    target = record.data.get("seq") if record.type == "RulingAmended" else seq
    roll = state_of(night).sealed.get(target if isinstance(target, int) else seq)
    sealed = roll is not None and roll[4] is None  # (a roll behind the screen: still sealed)
    for name, value in shown.items():
        assert _may_see(record.type, name, value, dict(record.data), sealed), (what, name)
    opened_parts = [opened(p["disclosure"]) for p in document["event"].get("disclosed", [])]
    text = json.dumps([document, opened_parts], ensure_ascii=False)
    for name, salt in record.salts.items():  # a hidden part's salt never leaves the journal
        assert (salt in text) is (name in shown), (what, name)


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_no_proof_for_the_players_or_a_character_holds_gm_only_content(
    ruleset: str, tmp_path: Path
) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from journal.web.app import create_app

    seen: Counter[str] = Counter()

    @random_logs(EXAMPLES)
    @given(stories(ruleset))
    def property_holds(case: tuple[Story, list[tuple[str, int, int]]]) -> None:
        story, actions = case
        with write(story, actions) as night:
            state = state_of(night)
            hidden = {
                r.seq
                for r in night.records()
                if (isinstance(r.payload, NoteTaken) and r.payload.gm_only) or r.seq in state.voided
            }
            readers = [Audience.players()] + [Audience.character(n) for n in state.characters]
            for reader in readers:
                for seq in range(1, night.head() + 1):
                    what = f"{reader.label}: prove {seq}"
                    try:
                        document = night.prove(seq, reader)
                    except JournalError:
                        seen["refused"] += 1
                        continue
                    assert seq not in hidden, what  # a GM-only note or a voided event
                    assert_clean(json.dumps(document, ensure_ascii=False), story, what)
                    _no_gm_details(document, what, night)
                    seen["parts hidden"] += len(
                        json.loads(document["event"]["hashed"])["data"]["_sd"]
                    ) - len(document["event"]["disclosed"])
                    assert check(document).message.startswith("valid: ")
                    seen["proofs"] += 1
            for size in range(1, night.head() + 1):
                document = night.prove_since(size)
                assert_clean(json.dumps(document, ensure_ascii=False), story, f"since {size}")
            heads = night.heads()
            assert_clean(json.dumps(heads, ensure_ascii=False), story, "heads")
            seen["secret seqs"] += len(hidden)
            for number in range(1, state.sessions + 1):  # the markers are real
                copy = night.recap_text(number, Audience.gm_copy(), "md")
                for marker in story.secrets.get(number, []):
                    assert marker in copy, (number, marker)

            # the served routes, for every link
            site = _served_copy(night, tmp_path / f"story-{next(_numbers)}.db")
            client = TestClient(create_app(site))
            for token, audience in site.links(create=True)[night.campaign].items():
                for seq in range(1, night.head() + 1):
                    answer = client.get(f"/{token}/proof/{seq}")
                    what = f"{audience.label}: /proof/{seq}"
                    assert answer.status_code in (200, 404), what
                    assert_clean(answer.text, story, what)
                    if audience.gm or seq in hidden:
                        assert answer.status_code == 404, what
                    if answer.status_code == 200:
                        _no_gm_details(answer.json(), what, night)
                        seen["served proofs"] += 1
                answer = client.get(f"/{token}/since/1")
                assert_clean(answer.text, story, f"{audience.label}: /since/1")
            site.database.close()
            seen["logs"] += 1
            seen["secrets"] += sum(map(len, story.secrets.values()))

    property_holds()
    assert seen["logs"] == EXAMPLES, seen
    for what in ("proofs", "served proofs", "refused", "secrets", "secret seqs", "parts hidden"):
        assert seen[what] >= 1, seen
    print(f"{ruleset}: {dict(seen)}")


def test_an_altered_proof_does_not_check() -> None:
    """check() is no rubber stamp: a proof with an event hash altered fails."""
    import journal

    night = journal.create(":memory:", "night", "horror-factor")
    from journal.rules.core.commands import StartSession, TakeNote

    night.run(StartSession("One"))
    night.run(TakeNote("The lights go out.", False, ()))
    document = night.prove(3)
    document["chain_hash"] = "0" * 64
    with pytest.raises(ProofError):
        check(document)


def _served_copy(night: Journal, target: Path) -> Site:
    """A Site over a copy of the in-memory journal's database, in a file."""
    from journal.web.site import Site

    with store_of(night)._recorder.reading() as conn, sqlite3.connect(target) as kept:
        conn._raw.backup(kept)  # type: ignore[attr-defined]
    return Site(Database.open(str(target), create=False))


def _check_secret_proofs(night: Journal, model: Model, seen: Counter[str]) -> None:
    """Every event proved for every audience: exactly the secrets it knows now."""
    head, state = night.head(), state_of(night)
    noted = {s.seq: s for s in model.secrets}
    readers: list[tuple[Audience, int | None]] = [(Audience.players(), None)]
    readers += [(Audience.character(n), state.ids[n]) for n in state.characters]
    for reader, who in readers:
        known = {s.seq for s in model.secrets if model.knows(s, who, head, head)}
        for seq in range(1, head + 1):
            what = f"{reader.label}: prove {seq}"
            try:
                document = night.prove(seq, reader)
            except JournalError:
                assert seq not in known, what  # a secret it knows is proved
                seen["refused secrets"] += seq in noted
                continue
            shown = json.dumps(document, ensure_ascii=False)
            for secret in model.secrets:
                assert (secret.marker in shown) is (secret.seq == seq), (what, secret.marker)
            for marker in model.veiled:
                assert marker not in shown, (what, marker)
            _no_gm_details(document, what, night)
            assert check(document).message.startswith("valid: "), what
            if seq in noted:
                assert seq in known, what
                assert document["reading"]["told"] == [noted[seq].marker], what
                proven = check(document).proven
                assert proven is not None and proven["text"] == noted[seq].marker, what
                seen["secrets proved"] += 1
                seen["revealed to the players"] += who is None
                oldest = night.prove(seq, reader, size=seq)  # the head kept when it was noted
                assert oldest["head"]["size"] == seq and check(oldest), what


def _check_served_secrets(night: Journal, model: Model, target: Path) -> None:
    from starlette.testclient import TestClient

    from journal.web.app import create_app

    head, state = night.head(), state_of(night)
    site = _served_copy(night, target)
    try:
        client = TestClient(create_app(site))
        for token, audience in site.links(create=True)[night.campaign].items():
            who = None if audience.character is None else state.ids[audience.character]
            for secret in model.secrets:
                answer = client.get(f"/{token}/proof/{secret.seq}")
                what = f"{audience.label}: /proof/{secret.seq}"
                knows = not audience.gm and model.knows(secret, who, head, head)
                assert answer.status_code == (200 if knows else 404), what
                for other in model.secrets:
                    shown = other.marker in answer.text
                    assert shown is (knows and other is secret), (what, other.marker)
    finally:
        site.database.close()


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_a_proof_holds_a_secret_exactly_when_its_audience_knows_it_now(
    ruleset: str, tmp_path: Path
) -> None:
    pytest.importorskip("starlette")
    seen: Counter[str] = Counter()

    @random_logs(EXAMPLES)
    @given(secret_logs())
    def property_holds(case: tuple[list[str], list[tuple[str, int]]]) -> None:
        names, actions = case
        night, model = write_secrets(ruleset, names, actions)
        with night:
            _check_secret_proofs(night, model, seen)
            _check_served_secrets(night, model, tmp_path / f"secrets-{next(_numbers)}.db")
        seen["logs"] += 1
        seen["reveals"] += sum(r is not None for s in model.secrets for _, _, r in s.knowers)
        seen["voided reveals"] += len(model.voided)

    property_holds()
    assert seen["logs"] == EXAMPLES, seen
    for what in ("secrets proved", "refused secrets", "revealed to the players", "reveals"):
        assert seen[what] >= 1, seen
    print(f"{ruleset}: {dict(seen)}")
