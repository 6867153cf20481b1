"""The tree_nodes SQL table, a disposable cache of a campaign's Merkle tree (schema 0005):
read the leaves' chain hashes and the stored nodes, keep new nodes, drop them. What the
nodes are and how the tree uses them is `journal.proof.tree`.

Each node is sealed as every cache is (`journal.caching`): its `bound` column holds the
digest of its campaign, place (level, position), hash and the chain hash of the last event
it covers. A node is read with the chain hash the events SQL table holds at that event
now, and handed on bound to it only when its seal holds: a node of another history, ahead
of the log, or edited by hand is never used (the tree computes it from the chain again),
and `journal verify` names it. A row an older journal kept (its bound the bare chain hash)
is stale: never used, and made again when the tree is next made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from journal.caching import Seal
from journal.errors import StoreError
from journal.store.access import Access
from journal.store.recorder import DriverError

#: a stored node: (level, position, hash, bound), hashes as hex; `bound` is the chain hash
#: of the last event it covers (as read: "" when its seal does not hold)
Node = tuple[int, int, str, str]
SEAL = Seal(
    "tree node",
    1,
    {"campaign": str, "level": int, "position": int, "hash": str, "head_hash": str},
    what="a tree node",
)


class TreeCache:
    """The tree-node cache of one database."""

    def __init__(self, access: Access) -> None:
        self._access = access

    def chain_hashes(self, campaign: str, after: int, upto: int) -> list[str]:
        """The chain hashes of the campaign's events after..upto, in order."""
        key = {"campaign": campaign, "after": after, "upto": upto}
        with self._access.reading() as conn:
            return [str(row[0]) for row in conn.rows("chain_hashes", key)]

    def session_ends(self, campaign: str) -> list[tuple[int, int | None]]:
        """(seq, session) of each SessionEnded event of the campaign, in order."""
        with self._access.reading() as conn:
            rows = list(conn.rows("session_ends", {"campaign": campaign}))
        return [(int(r[0]), None if r[1] is None else int(r[1])) for r in rows]

    def node(self, campaign: str, level: int, position: int) -> str | None:
        """One stored node's hash (None: not stored, its seal does not hold, or no SQL
        table to read)."""
        key = {"campaign": campaign, "level": level, "position": position}
        found = self._read("tree_node", key)
        return found[0][2] if found and found[0][3] else None

    def newest(self, campaign: str, level: int) -> tuple[int, str] | None:
        """(position, bound) of the campaign's newest stored node at `level` (bound: ""
        when its seal does not hold: the tree then makes the campaign's nodes again)."""
        found = self._read("newest_tree_node", {"campaign": campaign, "level": level}, True)
        return (found[0][1], found[0][3]) if found else None

    def nodes(self, campaign: str) -> list[Node]:
        """Every stored node of the campaign (`verify` compares them with the chain), an
        older journal's left out (never read: made again)."""
        return self._read("tree_nodes", {"campaign": campaign})

    def _read(self, name: str, key: dict[str, Any], older: bool = False) -> list[Node]:
        """The nodes a statement reads; an older journal's only with `older` (unbound)."""
        try:
            with self._access.reading() as conn:
                rows = list(conn.rows(name, key))
        except (DriverError, StoreError):
            return []  # a cache: without it the tree is computed from the chain
        found = []
        for row in rows:
            level, position, value, sealed, head_hash = row
            node = (int(level), int(position), str(value), "")
            if head_hash is not None and sealed == head_hash:  # an older journal's
                if older:
                    found.append(node)
                continue
            if head_hash is not None and sealed == _seal(key["campaign"], *node[:3], head_hash):
                node = (*node[:3], str(head_hash))
            found.append(node)
        return found

    def keep(self, campaign: str, nodes: Sequence[Node]) -> bool:
        """Keep new nodes, each sealed; a cache: nothing is kept when the database cannot
        be written (a read-only file or role, a lost race). Whether they were kept."""
        if not nodes:
            return True
        rows = [
            {
                "campaign": campaign,
                "level": level,
                "position": at,
                "hash": value,
                "bound": _seal(campaign, level, at, value, bound),
            }
            for level, at, value, bound in nodes
        ]
        try:
            with self._access.writing() as conn:
                conn.run("insert_tree_node", rows)
        except (DriverError, StoreError):
            return False
        return True

    def drop(self, campaign: str | None) -> None:
        """Delete the stored nodes of `campaign` (of every campaign when None)."""
        try:
            with self._access.writing() as conn:
                if campaign is None:
                    conn.run("drop_tree_nodes")
                else:
                    conn.run("drop_campaign_tree_nodes", {"campaign": campaign})
        except (DriverError, StoreError):
            pass


def _seal(campaign: str, level: int, position: int, value: str, head_hash: str) -> str:
    fields: dict[str, str | int] = {
        "campaign": campaign,
        "level": level,
        "position": position,
        "hash": value,
        "head_hash": head_hash,
    }
    return SEAL.digest(fields)
