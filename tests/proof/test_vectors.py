"""The RFC 9162 tree against a reference implementation's published test vectors:
transparency-dev/merkle's RFC 6962 reference tree (tree.json) and its inclusion and
consistency probes (inclusion/, consistency/), vendored as data (see vectors/SOURCE.md)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

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

VECTORS = Path(__file__).parent / "vectors"
TREE = json.loads((VECTORS / "tree.json").read_text())
LEAVES = [leaf_hash(bytes.fromhex(leaf)) for leaf in TREE["leaves"]]


def _b64(value: str | None) -> bytes:
    return base64.b64decode(value or "")


def _probes(kind: str) -> list[Path]:
    return sorted((VECTORS / kind).rglob("*.json"))


@pytest.mark.parametrize("size", range(9))
def test_the_tree_hash_of_each_prefix_is_the_reference_root(size: int) -> None:
    assert root_of(LEAVES[:size]).hex() == TREE["roots"][size]


def test_every_proof_the_tree_makes_of_the_reference_tree_verifies() -> None:
    tree = Leaves(LEAVES)
    for size in range(1, 9):
        root = bytes.fromhex(TREE["roots"][size])
        for index in range(size):
            verify_inclusion(index, size, LEAVES[index], inclusion_proof(tree, index, size), root)
        for old in range(1, size + 1):
            old_root = bytes.fromhex(TREE["roots"][old])
            verify_consistency(old, size, old_root, root, consistency_proof(tree, old, size))


@pytest.mark.parametrize("probe", _probes("inclusion"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_inclusion_probe(probe: Path) -> None:
    case = json.loads(probe.read_text())
    proof = [_b64(p) for p in case["proof"] or []]
    args = (case["leafIdx"], case["treeSize"], _b64(case["leafHash"]), proof, _b64(case["root"]))
    if case["wantErr"]:
        with pytest.raises(ProofError):
            verify_inclusion(*args)
    else:
        verify_inclusion(*args)
        # and the happy path's proof is the one this code makes of the reference tree
        if (
            case["treeSize"] <= 8
            and case["leafHash"] == base64.b64encode(LEAVES[case["leafIdx"]]).decode()
        ):
            assert inclusion_proof(Leaves(LEAVES), case["leafIdx"], case["treeSize"]) == proof


@pytest.mark.parametrize("probe", _probes("consistency"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_consistency_probe(probe: Path) -> None:
    case = json.loads(probe.read_text())
    proof = [_b64(p) for p in case["proof"] or []]
    args = (case["size1"], case["size2"], _b64(case["root1"]), _b64(case["root2"]), proof)
    if case["wantErr"]:
        with pytest.raises(ProofError):
            verify_consistency(*args)
    else:
        verify_consistency(*args)
        if (
            0 < case["size1"] < case["size2"] <= 8
            and case["root2"]
            == base64.b64encode(bytes.fromhex(TREE["roots"][case["size2"]])).decode()
        ):
            assert consistency_proof(Leaves(LEAVES), case["size1"], case["size2"]) == proof
