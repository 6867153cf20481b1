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
    """The tree-node cache of one database (raw SQL: four plain statements)."""

    def __init__(self, access: Access) -> None:
        self._access = access
        self._mark = "?" if access.dialect == "sqlite" else "%s"

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    def chain_hashes(self, campaign: str, after: int, upto: int) -> list[str]:
        """The chain hashes of the campaign's events after..upto, in order."""
        statement = self._sql(
            "SELECT hash FROM events WHERE campaign = ? AND seq > ? AND seq <= ? ORDER BY seq"
        )
        with self._access.reading() as conn:
            return [str(row[0]) for row in conn.sql(statement, (campaign, after, upto))]

    def session_ends(self, campaign: str) -> list[tuple[int, int | None]]:
        """(seq, session) of each SessionEnded event of the campaign, in order."""
        statement = self._sql(
            "SELECT seq, session FROM events WHERE campaign = ? AND type = 'SessionEnded' "
            "ORDER BY seq"
        )
        with self._access.reading() as conn:
            rows = conn.sql(statement, (campaign,))
        return [(int(r[0]), None if r[1] is None else int(r[1])) for r in rows]

    def node(self, campaign: str, level: int, position: int) -> str | None:
        """One stored node's hash (None: not stored, or no SQL table to read)."""
        statement = self._sql(
            "SELECT hash FROM tree_nodes WHERE campaign = ? AND level = ? AND position = ?"
        )
        try:
            with self._access.reading() as conn:
                rows = conn.sql(statement, (campaign, level, position))
        except (DriverError, StoreError):
            return None
        return str(rows[0][0]) if rows else None

    def newest(self, campaign: str, level: int) -> tuple[int, str] | None:
        """(position, bound) of the campaign's newest stored node at `level`."""
        statement = self._sql(
            "SELECT position, bound FROM tree_nodes WHERE campaign = ? AND level = ? "
            "ORDER BY position DESC LIMIT 1"
        )
        try:
            with self._access.reading() as conn:
                rows = conn.sql(statement, (campaign, level))
        except (DriverError, StoreError):
            return None
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    def nodes(self, campaign: str) -> list[Node]:
        statement = self._sql(
            "SELECT level, position, hash, bound FROM tree_nodes WHERE campaign = ?"
        )
        try:
            with self._access.reading() as conn:
                rows = conn.sql(statement, (campaign,))
        except (DriverError, StoreError):
            return []  # a cache: without it the tree is computed from the chain
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    def keep(self, campaign: str, nodes: Sequence[Node]) -> bool:
        """Keep new nodes; a cache: nothing is kept when the database cannot be written
        (a read-only file or role, a lost race). Whether they were kept."""
        if not nodes:
            return True
        statement = self._sql(
            "INSERT INTO tree_nodes (campaign, level, position, hash, bound) VALUES (?, ?, ?, ?, ?)"
        )
        try:
            with self._access.writing() as conn:
                for node in nodes:
                    conn.sql(statement, (campaign, *node))
        except (DriverError, StoreError):
            return False
        return True

    def drop(self, campaign: str | None) -> None:
        """Delete the stored nodes of `campaign` (of every campaign when None)."""
        try:
            with self._access.writing() as conn:
                if campaign is None:
                    conn.sql("DELETE FROM tree_nodes")
                else:
                    conn.sql(self._sql("DELETE FROM tree_nodes WHERE campaign = ?"), (campaign,))
        except (DriverError, StoreError):
            pass
