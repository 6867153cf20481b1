"""Why a Merkle proof fails, word for word (journal/merkle.py): a player checking a proof
reads the reason, so each refusal names its own cause, and a tree asked for a proof it
cannot give says which."""

from __future__ import annotations

import hashlib
import re

import pytest

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

LEAVES = [leaf_hash(hashlib.sha256(str(i).encode()).digest()) for i in range(8)]
TREE = Leaves(LEAVES)
OTHER = hashlib.sha256(b"other").digest()


def _reason(check: object, *args: object) -> str:
    with pytest.raises(ProofError) as raised:
        check(*args)  # type: ignore[operator]
    return str(raised.value)


def test_an_inclusion_proof_names_why_it_fails() -> None:
    root = root_of(LEAVES[:4])
    path = inclusion_proof(TREE, 0, 4)
    assert _reason(verify_inclusion, 4, 4, LEAVES[0], path, root) == (
        "leaf 4 cannot be in a tree of 4 leaves"
    )
    assert _reason(verify_inclusion, -1, 4, LEAVES[0], path, root) == (
        "leaf -1 cannot be in a tree of 4 leaves"
    )
    assert _reason(verify_inclusion, 0, 4, LEAVES[0][:31], path, root) == (
        "the leaf holds a hash of 31 bytes, not 32"
    )
    assert _reason(verify_inclusion, 0, 4, LEAVES[0], [*path[:1], b"x" * 33], root) == (
        "the proof holds a hash of 33 bytes, not 32"
    )
    assert _reason(verify_inclusion, 0, 4, LEAVES[0], [*path, OTHER], root) == (
        "the proof is too long for the tree's size"
    )
    assert _reason(verify_inclusion, 0, 4, LEAVES[0], path[:1], root) == (
        "the proof is too short for the tree's size"
    )
    assert _reason(verify_inclusion, 0, 4, LEAVES[1], path, root) == (
        "the proof does not lead to the head's root"
    )


def test_the_first_and_last_leaves_verify_and_a_leaf_of_a_one_leaf_tree() -> None:
    for size in (1, 2, 5, 8):
        root = root_of(LEAVES[:size])
        for index in (0, size - 1):
            path = inclusion_proof(TREE, index, size)
            verify_inclusion(index, size, LEAVES[index], path, root)
    assert inclusion_proof(TREE, 0, 1) == []


def test_a_consistency_proof_names_why_it_fails() -> None:
    old, new = root_of(LEAVES[:3]), root_of(LEAVES[:6])
    proof = consistency_proof(TREE, 3, 6)
    assert _reason(verify_consistency, 6, 3, new, old, proof) == (
        "the older head (#6) is larger than the newer one (#3)"
    )
    assert _reason(verify_consistency, 0, 6, root_of([]), new, proof) == (
        "a consistency proof from the empty tree proves nothing"
    )
    assert _reason(verify_consistency, 3, 6, old, new, [b"y" * 3]) == (
        "the proof holds a hash of 3 bytes, not 32"
    )
    assert _reason(verify_consistency, 3, 3, old, old, [OTHER]) == (
        "heads of the same size need an empty proof"
    )
    assert _reason(verify_consistency, 3, 3, old, new, []) == (
        "two heads of the same size with different roots"
    )
    assert _reason(verify_consistency, 3, 6, old, new, []) == "the proof is empty"
    assert _reason(verify_consistency, 3, 6, old, new, [*proof, OTHER]) == (
        "the proof is too long for the heads' sizes"
    )
    assert _reason(verify_consistency, 3, 6, old, new, proof[:2]) == (
        "the proof is too short for the heads' sizes"
    )
    assert _reason(verify_consistency, 3, 6, OTHER, new, proof) == (
        "the proof does not lead to the older head's root"
    )
    assert _reason(verify_consistency, 3, 6, old, OTHER, proof) == (
        "the proof does not lead to the newer head's root"
    )


def test_equal_heads_with_an_empty_proof_are_consistent() -> None:
    root = root_of(LEAVES[:5])
    assert consistency_proof(TREE, 5, 5) == []
    verify_consistency(5, 5, root, root, [])


def test_a_tree_refuses_a_proof_it_cannot_give() -> None:
    with pytest.raises(ValueError, match=re.escape("leaf 5 is not in a tree of 5")):
        inclusion_proof(TREE, 5, 5)
    with pytest.raises(ValueError, match=re.escape("leaf -1 is not in a tree of 5")):
        inclusion_proof(TREE, -1, 5)
    with pytest.raises(
        ValueError, match=re.escape("no consistency proof from a tree of 0 to one of 3")
    ):
        consistency_proof(TREE, 0, 3)
    with pytest.raises(
        ValueError, match=re.escape("no consistency proof from a tree of 4 to one of 3")
    ):
        consistency_proof(TREE, 4, 3)
