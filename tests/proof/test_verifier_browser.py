"""The HTML verifier (`journal verifier -o check.html`) in a real browser, offline
(Playwright on Debian's Chromium): it agrees with `journal check-proof` on the reference
vectors and on the tree property (random logs, random M <= N: every proof valid, every
altered event, reordered event, removed event or altered proof refused), and its page is
the README's screenshot (`docs/verifier.png`, written with JOURNAL_UPDATE_SCREENSHOT=1)."""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import ROOT

from journal.merkle import Leaves, ProofError, consistency_proof, inclusion_proof, leaf_hash
from journal.proof.check import CONSISTENCY, INCLUSION, check

pytest.importorskip("playwright")

VECTORS = Path(__file__).parent / "vectors"


@pytest.fixture(scope="module")
def page(verifier_page: Any) -> Any:
    """The verifier in Chromium, offline, as `conftest.verifier_page` opens it."""
    return verifier_page


def _browser_says(page: Any, document: object, kept: str = "") -> str:
    return str(page.evaluate("([t, k]) => journalCheck(t, k)", [json.dumps(document), kept]))


def _log(count: int, salt: int) -> list[str]:
    return [hashlib.sha256(f"{salt}:{i}".encode()).hexdigest() for i in range(count)]


def _tree(chain: list[str]) -> Leaves:
    return Leaves([leaf_hash(bytes.fromhex(h)) for h in chain])


def _inclusion(chain: list[str], seq: int, size: int) -> dict[str, Any]:
    tree = _tree(chain[:size])
    return {
        "proof": INCLUSION,
        "head": {"size": size, "root": tree.hash(0, size).hex()},
        "event": {"seq": seq, "told": []},
        "chain_hash": chain[seq - 1],
        "path": [h.hex() for h in inclusion_proof(tree, seq - 1, size)],
    }


def _consistency(chain: list[str], old: int, new: int) -> dict[str, Any]:
    tree = _tree(chain[:new])
    return {
        "proof": CONSISTENCY,
        "old": {"size": old, "root": tree.hash(0, old).hex()},
        "new": {"size": new, "root": tree.hash(0, new).hex()},
        "path": [h.hex() for h in consistency_proof(tree, old, new)],
    }


def _python_says(document: dict[str, Any]) -> bool:
    try:
        check(document)
    except ProofError:
        return False
    return True


def test_the_reference_vectors_in_the_browser(page: Any) -> None:
    """Every transparency-dev/merkle probe: the browser's RFC 9162 steps accept exactly the
    good ones (hashes given as bytes, so a probe of a leaf of the wrong length runs too)."""
    cases = []
    for probe in sorted(VECTORS.rglob("*.json")):
        case = json.loads(probe.read_text())

        def hx(v: str | None) -> str:
            return base64.b64decode(v or "").hex()

        case = {k: ([hx(p) for p in v or []] if k == "proof" else v) for k, v in case.items()}
        for key in ("root", "leafHash", "root1", "root2"):
            if key in case:
                case[key] = hx(case[key])
        cases.append({"kind": probe.parent.parent.name, "name": str(probe), **case})
    failures = page.evaluate(
        """async (cases) => {
          const b = (h) => Uint8Array.from(h.match(/../g) || [], (x) => parseInt(x, 16));
          const wrong = [];
          for (const c of cases) {
            let ok = true;
            try {
              if (c.kind === "inclusion")
                await verifyInclusion(
                  c.leafIdx, c.treeSize, b(c.leafHash), c.proof.map(b), b(c.root));
              else
                await verifyConsistency(c.size1, c.size2, b(c.root1), b(c.root2), c.proof.map(b));
            } catch (e) { ok = false; }
            if (ok === c.wantErr) wrong.push(c.name);
          }
          return wrong;
        }""",
        cases,
    )
    assert len(cases) > 150 and failures == []


@st.composite
def _cases(draw: st.DrawFn) -> tuple[list[str], int, int, int]:
    n = draw(st.integers(1, 80))
    m = draw(st.integers(1, n))
    return _log(n, draw(st.integers(0, 10**6))), m, n, draw(st.integers(1, m))


@settings(max_examples=int(os.environ.get("JOURNAL_VERIFIER_EXAMPLES", "30")), deadline=None)
@given(_cases(), st.data())
def test_the_browser_agrees_with_check_proof(
    page: Any, case: tuple[list[str], int, int, int], data: st.DataObject
) -> None:
    chain, m, n, seq = case
    good = [_inclusion(chain, seq, n), _inclusion(chain, seq, m), _consistency(chain, m, n)]
    bad = []
    altered = copy.deepcopy(good[0])  # an altered event
    altered["chain_hash"] = hashlib.sha256(b"x" + chain[seq - 1].encode()).hexdigest()
    bad.append(altered)
    if n > 1:  # a reordered event: another event's hash at this place
        other = data.draw(st.integers(1, n).filter(lambda s: s != seq))
        moved = copy.deepcopy(good[0])
        moved["chain_hash"] = chain[other - 1]
        bad.append(moved)
        removed = chain[: seq - 1] + chain[seq:] + [chain[0]]  # an event removed
        gone = copy.deepcopy(good[0])
        gone["head"]["root"] = _tree(removed).hash(0, n).hex()
        bad.append(gone)
    for document in good:
        if document["path"]:  # an altered proof: one hash changed, one dropped
            flipped = copy.deepcopy(document)
            at = data.draw(st.integers(0, len(document["path"]) - 1))
            digit = "0" if flipped["path"][at][0] != "0" else "1"
            flipped["path"][at] = digit + flipped["path"][at][1:]
            dropped = copy.deepcopy(document)
            dropped["path"].pop()
            bad += [flipped, dropped]
    if m < n:  # the older record rewritten
        rewritten = copy.deepcopy(good[2])
        changed = list(chain)
        changed[seq - 1] = "00" * 32
        rewritten["old"]["root"] = _tree(changed).hash(0, m).hex()
        bad.append(rewritten)
    for document in good:
        assert _python_says(document)
        assert _browser_says(page, document).startswith("valid: "), document
    for document in bad:
        assert not _python_says(document)
        assert _browser_says(page, document).startswith("NOT valid: "), document


def test_a_kept_head_and_what_is_not_a_proof(page: Any) -> None:
    chain = _log(9, 1)
    document = _inclusion(chain, 4, 9)
    head = f"#9 {document['head']['root']}"
    assert _browser_says(page, document, head) == (
        "valid: event #4 was in the record of #9. Its words are not proven: it was written "
        "before the journal proved words (ask your GM for its proof with --reveal)"
    )
    assert page.text_content("#against").startswith("Checked against the head you kept: #9 ")
    other = _inclusion(chain, 4, 8)
    assert "and the head you kept is of #9" in _browser_says(page, other, head)
    assert _browser_says(page, document, "#9 abc").startswith("NOT valid: ")
    since = _consistency(chain, 4, 9)  # T5: checked against the older head, the one kept
    older, newer = f"#4 {since['old']['root'][:12]}", f"#9 {since['new']['root'][:12]}"
    assert _browser_says(page, since, older).startswith("valid: the record of #9 extends")
    assert "starts from the record of #4, and the head you kept is of #9" in _browser_says(
        page, since, newer
    )
    short = f"#9 {document['head']['root'][:11]}"  # T7: the head's own digits, too few
    assert "give at least 12" in _browser_says(page, document, short)
    another = "#9 " + ("0" if document["head"]["root"][0] != "0" else "1") * 12  # T4
    assert "not the same record of 9 events" in _browser_says(page, document, another)
    assert page.evaluate("(t) => journalCheck(t, '')", "not json") == (
        "NOT valid: this is not JSON: paste the whole proof file."
    )
    assert _browser_says(page, {"proof": "something else"}).startswith("NOT valid: this is not")


def test_the_screenshot(page: Any, tmp_path: Path) -> None:
    """What the manual shows: a player's proof of a note, checked against the head kept."""
    import journal
    from journal.api.commands import AddCharacter, EndSession, StartSession, TakeNote

    night = journal.create(":memory:", "night", "horror-factor")
    night.run(AddCharacter("Linda", {"reaction": 11, "willpower": 10, "hardness": 1,
                                     "training": "some"}))  # fmt: skip
    night.run(StartSession("The second night", "2010-11-06 21:00"))
    night.run(TakeNote("Linda finds a key under the altar.", False, ("Linda",)))
    night.run(EndSession())
    document = night.prove(4, "Linda")
    said = _browser_says(page, document, f"#5 {document['head']['root'][:12]}")
    assert said.startswith("valid: these words were in the record at the end of session 1")
    shot = tmp_path / "verifier.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    if os.environ.get("JOURNAL_UPDATE_SCREENSHOT"):
        (ROOT / "docs" / "verifier.png").write_bytes(shot.read_bytes())
