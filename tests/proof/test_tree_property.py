"""The tree's property: for random logs and random pairs M <= N, every inclusion and
consistency proof verifies, and an altered, reordered or removed event, or an altered
proof, fails (journal/merkle.py; the HTML verifier runs the same cases in
test_verifier_browser.py)."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from journal.merkle import (
    Leaves,
    ProofError,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    root_of,
    verify_consistency,
    verify_inclusion,
)


def _log(count: int, salt: int) -> list[bytes]:
    """`count` chain hashes, as a campaign's events would have."""
    return [hashlib.sha256(f"{salt}:{i}".encode()).digest() for i in range(count)]


@st.composite
def logs(draw: st.DrawFn) -> tuple[list[bytes], int, int, int]:
    """A log of N events, M <= N, an index < M."""
    n = draw(st.integers(1, 300))
    m = draw(st.integers(1, n))
    index = draw(st.integers(0, m - 1))
    return _log(n, draw(st.integers(0, 10**6))), m, n, index


def _fails(check: object, *args: object) -> None:
    with pytest.raises(ProofError):
        check(*args)  # type: ignore[operator]


@settings(max_examples=150, deadline=None)
@given(logs(), st.data())
def test_every_proof_verifies_and_every_change_fails(
    case: tuple[list[bytes], int, int, int], data: st.DataObject
) -> None:
    events, m, n, index = case
    leaves = [leaf_hash(e) for e in events]
    tree = Leaves(leaves)
    old_root, new_root = root_of(leaves[:m]), root_of(leaves)
    path = inclusion_proof(tree, index, n)
    verify_inclusion(index, n, leaves[index], path, new_root)
    verify_inclusion(index, m, leaves[index], inclusion_proof(tree, index, m), old_root)
    proof = consistency_proof(tree, m, n)
    verify_consistency(m, n, old_root, new_root, proof)

    # an altered event: its leaf no longer leads to the root
    altered = hashlib.sha256(events[index] + b"!").digest()
    _fails(verify_inclusion, index, n, leaf_hash(altered), path, new_root)
    if n > 1:
        # a reordered log: another event's leaf at this index, or this one at another
        other = data.draw(st.integers(0, n - 1).filter(lambda i: events[i] != events[index]))
        _fails(verify_inclusion, index, n, leaves[other], path, new_root)
        swapped = list(leaves)
        swapped[index], swapped[other] = swapped[other], swapped[index]
        assert root_of(swapped) != new_root
        # a removed event: the tree without it has another root at every size after it
        removed = leaves[:index] + leaves[index + 1 :]
        assert root_of(removed) != new_root
        _fails(verify_inclusion, index, n, leaves[index], path, root_of([*removed, leaves[0]]))
    if m < n:
        # the older head rewritten (one event of it changed): no consistency proof holds
        rewritten = list(leaves)
        rewritten[index] = leaf_hash(altered)
        _fails(verify_consistency, m, n, root_of(rewritten[:m]), new_root, proof)
        _fails(verify_consistency, m, n, old_root, root_of(rewritten), proof)
    # an altered proof: one bit of one hash, a hash dropped, a hash added, a wrong size
    for check, args, at in (
        (verify_inclusion, (index, n, leaves[index]), path),
        (verify_consistency, (m, n, old_root), proof),
    ):
        if not at:
            continue
        which = data.draw(st.integers(0, len(at) - 1))
        bit = data.draw(st.integers(0, 255))
        flipped = list(at)
        flipped[which] = bytes(
            b ^ (1 << (bit % 8)) if i == bit // 8 else b for i, b in enumerate(at[which])
        )
        root = new_root
        if check is verify_inclusion:
            _fails(check, *args, flipped, root)
            _fails(check, *args, at[:-1], root)
            _fails(check, *args, [*at, at[0]], root)
        else:
            _fails(check, *args, root, flipped)
            _fails(check, *args, root, at[:-1])
            _fails(check, *args, root, [*at, at[0]])
