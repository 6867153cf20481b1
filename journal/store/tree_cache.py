"""The tree_nodes SQL table, a disposable cache of a campaign's Merkle tree (schema 0005):
read the leaves' chain hashes and the stored nodes, keep new nodes, drop them. What the
nodes are and how they are checked is `journal.proof.tree`."""

from __future__ import annotations

from collections.abc import Sequence

from journal.errors import StoreError
from journal.store.access import Access
from journal.store.recorder import DriverError

#: a stored node: (level, position, hash, bound), hashes as hex
Node = tuple[int, int, str, str]


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
        """One stored node's hash (None: not stored, or no SQL table to read)."""
        key = {"campaign": campaign, "level": level, "position": position}
        try:
            with self._access.reading() as conn:
                row = conn.first("tree_node", key)
        except (DriverError, StoreError):
            return None
        return None if row is None else str(row[0])

    def newest(self, campaign: str, level: int) -> tuple[int, str] | None:
        """(position, bound) of the campaign's newest stored node at `level`."""
        try:
            with self._access.reading() as conn:
                row = conn.first("newest_tree_node", {"campaign": campaign, "level": level})
        except (DriverError, StoreError):
            return None
        return None if row is None else (int(row[0]), str(row[1]))

    def nodes(self, campaign: str) -> list[Node]:
        try:
            with self._access.reading() as conn:
                rows = list(conn.rows("tree_nodes", {"campaign": campaign}))
        except (DriverError, StoreError):
            return []  # a cache: without it the tree is computed from the chain
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    def keep(self, campaign: str, nodes: Sequence[Node]) -> bool:
        """Keep new nodes; a cache: nothing is kept when the database cannot be written
        (a read-only file or role, a lost race). Whether they were kept."""
        if not nodes:
            return True
        rows = [
            {"campaign": campaign, "level": level, "position": at, "hash": value, "bound": bound}
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
