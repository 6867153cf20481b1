"""RFC 9162's Merkle tree (Certificate Transparency 2.0, section 2.1): the tree hash, the
inclusion and consistency proofs, and their verification. Pure: no journal, no store.

A tree is given by `Subtrees`, what answers MTH(D[lo:hi]) for any range of its leaves; a
proof asks it for O(log n) ranges. `Leaves` answers it from a list of leaf hashes (tests,
the verifier's own checks); the campaign's tree (`journal.proof.tree`) answers it from
stored nodes and the events' chain hashes.

The verification follows RFC 9162 sections 2.1.3.2 and 2.1.4.2 step by step, so that the
HTML verifier (`journal/proof/verifier.html`), written from the same steps, agrees with it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol

LEAF_PREFIX = b"\x00"
NODE_PREFIX = b"\x01"
HASH_SIZE = 32
EMPTY_ROOT = hashlib.sha256(b"").digest()


class ProofError(ValueError):
    """A proof that does not verify; the message says why, in a few words."""


def leaf_hash(data: bytes) -> bytes:
    return hashlib.sha256(LEAF_PREFIX + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(NODE_PREFIX + left + right).digest()


def split(size: int) -> int:
    """k, the largest power of two smaller than `size` (> 1): where RFC 9162 splits D[n]."""
    return 1 << ((size - 1).bit_length() - 1)


class Subtrees(Protocol):
    def hash(self, lo: int, hi: int) -> bytes:
        """MTH(D[lo:hi]), 0 <= lo < hi <= the tree's size."""


def root_of(hashes: Sequence[bytes]) -> bytes:
    """MTH of the leaves whose leaf hashes are `hashes` (the empty tree's hash for none)."""
    level = list(hashes)
    if not level:
        return EMPTY_ROOT
    # level by level, left to right: a lone last node rises unchanged, which is exactly
    # RFC 9162's split at the largest power of two
    while len(level) > 1:
        paired = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


class Leaves:
    """A whole tree held as its leaf hashes."""

    def __init__(self, hashes: Sequence[bytes]) -> None:
        self.hashes = hashes

    def hash(self, lo: int, hi: int) -> bytes:
        return root_of(self.hashes[lo:hi])


def inclusion_proof(tree: Subtrees, index: int, size: int) -> list[bytes]:
    """PATH(index, D[0:size]) (RFC 9162 section 2.1.3.1)."""
    if not 0 <= index < size:
        raise ValueError(f"leaf {index} is not in a tree of {size}")
    path: list[bytes] = []
    lo, hi = 0, size
    while hi - lo > 1:
        k = split(hi - lo)
        if index < lo + k:
            path.append(tree.hash(lo + k, hi))
            hi = lo + k
        else:
            path.append(tree.hash(lo, lo + k))
            lo += k
    path.reverse()  # the recursion's order: the leaf's sibling first
    return path


def consistency_proof(tree: Subtrees, old: int, new: int) -> list[bytes]:
    """PROOF(old, D[0:new]) (RFC 9162 section 2.1.4.1), 0 < old <= new."""
    if not 0 < old <= new:
        raise ValueError(f"no consistency proof from a tree of {old} to one of {new}")
    proof: list[bytes] = []
    lo, hi, m, whole = 0, new, old, True
    while m != hi - lo:
        k = split(hi - lo)
        if m <= k:
            proof.append(tree.hash(lo + k, hi))
            hi = lo + k
        else:
            proof.append(tree.hash(lo, lo + k))
            lo, m, whole = lo + k, m - k, False
    if not whole:
        proof.append(tree.hash(lo, hi))
    proof.reverse()
    return proof


def _check_sizes(items: Sequence[bytes], what: str) -> None:
    for item in items:
        if len(item) != HASH_SIZE:
            raise ProofError(f"{what} holds a hash of {len(item)} bytes, not {HASH_SIZE}")


def verify_inclusion(
    index: int, size: int, leaf: bytes, path: Sequence[bytes], root: bytes
) -> None:
    """RFC 9162 section 2.1.3.2; `ProofError` says why a proof fails."""
    if not 0 <= index < size:
        raise ProofError(f"leaf {index} cannot be in a tree of {size} leaves")
    _check_sizes([leaf], "the leaf")
    _check_sizes(path, "the proof")
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            raise ProofError("the proof is too long for the tree's size")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while fn and not fn & 1:
                    fn, sn = fn >> 1, sn >> 1
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0:
        raise ProofError("the proof is too short for the tree's size")
    if r != root:
        raise ProofError("the proof does not lead to the head's root")


def verify_consistency(
    old: int, new: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]
) -> None:
    """RFC 9162 section 2.1.4.2; `ProofError` says why a proof fails."""
    if old > new:
        raise ProofError(f"the older head (#{old}) is larger than the newer one (#{new})")
    if old == 0:
        raise ProofError("a consistency proof from the empty tree proves nothing")
    _check_sizes(proof, "the proof")
    if old == new:
        if proof:
            raise ProofError("heads of the same size need an empty proof")
        if old_root != new_root:
            raise ProofError("two heads of the same size with different roots")
        return
    if not proof:
        raise ProofError("the proof is empty")
    path = list(proof)
    if old & (old - 1) == 0:  # an exact power of two
        path.insert(0, old_root)
    fn, sn = old - 1, new - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise ProofError("the proof is too long for the heads' sizes")
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            if not fn & 1:
                while fn and not fn & 1:
                    fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0:
        raise ProofError("the proof is too short for the heads' sizes")
    if fr != old_root:
        raise ProofError("the proof does not lead to the older head's root")
    if sr != new_root:
        raise ProofError("the proof does not lead to the newer head's root")
