"""The campaign's tree on each backend: its head is RFC 9162's root of the events' chain
hashes whatever the stored nodes (a cache bound to the chain); proofs made from them
verify; `verify` recomputes them and finds one edited; a node of another history is set
aside. The chunk is made 4 leaves here so a few events cross many of its boundaries."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from support.cli import Cli

from journal.merkle import (
    EMPTY_ROOT,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    root_of,
    verify_consistency,
    verify_inclusion,
)
from journal.proof import tree as tree_module
from journal.proof.tree import CampaignTree, Growing, Head
from journal.store import Store


@pytest.fixture(autouse=True)
def _small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tree_module, "CHUNK_LEVEL", 2)
    monkeypatch.setattr(tree_module, "CHUNK", 4)


@pytest.fixture
def night(db_url: str) -> Iterator[Cli]:
    cli = Cli(CliRunner(), db_url)
    cli("campaign", "new", "night", "--ruleset", "horror-factor")
    cli("session", "start", "Arrival")
    yield cli


def _leaves(store: Store) -> list[bytes]:
    return [leaf_hash(bytes.fromhex(r.hash)) for r in store.read("night")]


def test_the_head_is_the_root_of_the_chain_at_every_size(night: Cli) -> None:
    with Store.open(night.db) as store:
        for count in range(30):
            leaves = _leaves(store)
            tree = CampaignTree(store, "night")
            assert tree.size == len(leaves)
            for size in range(1, len(leaves) + 1):
                assert tree.head(size).root == root_of(leaves[:size])
            night("note", f"Note {count}.")
        tree = CampaignTree(store, "night")
        leaves = _leaves(store)
        for size in (1, 5, 16, 17, len(leaves)):
            root = root_of(leaves[:size])
            for index in range(size):
                path = inclusion_proof(tree, index, size)
                verify_inclusion(index, size, leaves[index], path, root)
            for old in range(1, size + 1):
                proof = consistency_proof(tree, old, size)
                verify_consistency(old, size, root_of(leaves[:old]), root, proof)
        stored = store.tree_nodes.nodes("night")
        assert {level for level, *_ in stored} >= {2, 3, 4}  # chunks and their parents kept
        assert CampaignTree(store, "night").stored_node_problems() == []


def test_verify_finds_an_edited_node_and_the_drop_mends_it(night: Cli) -> None:
    for count in range(9):
        night("note", f"Note {count}.")
    night("heads")  # keeps the nodes
    with Store.open(night.db) as store:
        assert store.tree_nodes.nodes("night")
        with store.engine.begin() as conn:
            from sqlalchemy import text

            conn.execute(text("UPDATE tree_nodes SET hash = :h WHERE level = 2"), {"h": "00" * 32})
    result = night("verify", ok=False)
    assert result.exit_code == 1
    assert "BAD tree node 2/0 (events 1-4) does not match the chain" in result.stderr
    night("db", "snapshots", "--drop")
    assert "Tree: Record #11 · " in night("verify").stdout


def test_the_tree_grown_one_leaf_at_a_time_is_the_campaigns(night: Cli) -> None:
    """What `verify` grows from its walk: at every size, the head RFC 9162 gives and the
    very nodes (hash and bound) the campaign keeps."""
    for count in range(21):
        night("note", f"Note {count}.")
    with Store.open(night.db) as store:
        CampaignTree(store, "night")  # keeps the nodes
        kept = {
            (level, at): (value, bound)
            for level, at, value, bound in store.tree_nodes.nodes("night")
        }
        hashes = [r.hash for r in store.read("night")]
    leaves = [leaf_hash(bytes.fromhex(h)) for h in hashes]
    grown = Growing()
    assert grown.head() == Head(0, EMPTY_ROOT)
    for size, chain_hash in enumerate(hashes, 1):
        grown.add(chain_hash)
        assert grown.head() == Head(size, root_of(leaves[:size])), size
    assert grown.nodes == kept and {level for level, _ in kept} == {2, 3, 4}
    grown.add("not a hash")
    assert grown.damaged and grown.size == len(hashes)


def test_nodes_of_another_history_are_set_aside(night: Cli) -> None:
    for count in range(9):
        night("note", f"Note {count}.")
    with Store.open(night.db) as store:
        good = CampaignTree(store, "night").head()
        with store.engine.begin() as conn:
            from sqlalchemy import text

            conn.execute(text("UPDATE tree_nodes SET bound = :h, hash = :h"), {"h": "ab" * 32})
        assert CampaignTree(store, "night").head() == good  # not bound: computed again
        assert all(n[3] != "ab" * 32 for n in store.tree_nodes.nodes("night"))
