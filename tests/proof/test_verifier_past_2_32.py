"""The verifier at any size (issue 44, C6): a consistency proof from 2^32+4 to 2^32+8 events,
and an inclusion proof past 2^32, check in Chromium as in Python. Before, the page tested
"the older size is a power of two" with JavaScript's 32-bit `&`: 2^32+4 read as 4, and a
valid proof was called too long while `check-proof` took it.

The trees are of identical leaves, so a subtree's hash depends on its width alone and a
proof of a tree of 4 billion leaves is made in a moment (`Uniform`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from support.verifier import browser_says

from journal.merkle import (
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    node_hash,
    split,
    verify_consistency,
)
from journal.proof.check import CONSISTENCY, INCLUSION, check

LEAF = leaf_hash(b"\x07" * 32)
OLD, NEW = 2**32 + 4, 2**32 + 8


@cache
def _width(width: int) -> bytes:
    """MTH of `width` identical leaves."""
    if width == 1:
        return LEAF
    k = split(width)
    return node_hash(_width(k), _width(width - k))


class Uniform:
    """A tree of identical leaves, any size (`journal.merkle.Subtrees`)."""

    def hash(self, lo: int, hi: int) -> bytes:
        return _width(hi - lo)


def _consistency(old: int, new: int) -> dict[str, Any]:
    return {
        "proof": CONSISTENCY,
        "format": 2,
        "old": {"size": old, "root": _width(old).hex()},
        "new": {"size": new, "root": _width(new).hex()},
        "path": [h.hex() for h in consistency_proof(Uniform(), old, new)],
    }


def test_a_consistency_proof_past_2_32_checks_in_the_browser(verifier_page: Any) -> None:
    document = _consistency(OLD, NEW)
    verify_consistency(
        OLD, NEW, _width(OLD), _width(NEW), [bytes.fromhex(h) for h in document["path"]]
    )
    assert check(document).message.startswith(f"valid: the record of #{NEW} extends")
    assert browser_says(verifier_page, document).startswith(
        f"valid: the record of #{NEW} extends the record of #{OLD}: nothing written"
    )
    kept = f"#{OLD} {_width(OLD).hex()[:12]}"
    assert browser_says(verifier_page, document, kept).startswith("valid: ")
    for old, new in ((2**32, 2**32 + 3), (2**33 + 1, 2**33 + 9), (2**52 + 4, 2**52 + 8)):
        assert browser_says(verifier_page, _consistency(old, new)).startswith("valid: "), old
    tampered = _consistency(OLD, NEW)
    tampered["path"][0] = "00" * 32
    assert browser_says(verifier_page, tampered).startswith("NOT valid: ")


def test_an_inclusion_proof_past_2_32_checks_in_the_browser(verifier_page: Any) -> None:
    chain = "07" * 32  # the leaf is SHA-256(0x00 || these 32 bytes)
    for index in (2**32 + 5, NEW - 1, 3):
        document = {
            "proof": INCLUSION,
            "format": 2,
            "head": {"size": NEW, "root": _width(NEW).hex()},
            "event": {"seq": index + 1},
            "chain_hash": chain,
            "path": [h.hex() for h in inclusion_proof(Uniform(), index, NEW)],
        }
        assert check(document).message.startswith(f"valid: event #{index + 1} was in")
        assert browser_says(verifier_page, document).startswith(
            f"valid: event #{index + 1} was in the record of #{NEW}"
        ), index
