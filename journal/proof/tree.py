"""A campaign's Merkle tree (RFC 9162) over its events' chain hashes: leaf i is
SHA-256(0x00 || the raw 32 bytes of event i+1's chain hash).

The tree is kept as stored nodes, a cache bound to the chain like the snapshots: the hash
of every complete, aligned subtree of 2^8 = 256 leaves and more, each row naming the chain
hash of the last event it covers (`bound`). Before use, the newest stored chunk must be
bound to the events SQL table (a chain hash covers every event before it, so that one check
ties every node to the log this database holds); a row from another history makes the
campaign's nodes go and be computed again. `verify` recomputes every node from the chain
hashes of its own walk of the log (`Growing`, `node_problems`): the real guarantee, as for
snapshots.

So a proof at a million events reads at most a few hundred chain hashes (the chunk of its
leaf and the chunk the log ends in) and O(log n) stored nodes; an append adds a row per
256 events and a few parents (amortised O(1); a head after it combines O(log n) nodes).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from journal.merkle import (
    EMPTY_ROOT,
    LEAF_PREFIX,
    NODE_PREFIX,
    leaf_hash,
    node_hash,
    root_of,
    split,
)

if TYPE_CHECKING:
    from journal.store import Store
    from journal.store.tree_cache import Node

CHUNK_LEVEL = 8
CHUNK = 1 << CHUNK_LEVEL


@dataclass(frozen=True)
class Head:
    """A tree head: its size (the number of events) and root."""

    size: int
    root: bytes

    @property
    def hex(self) -> str:
        return self.root.hex()

    def short(self) -> str:
        """What every handout shows: `Record #412 · 3f2a9c41d07be5a2…`."""
        return f"Record #{self.size} · {self.hex[:16]}…"

    def text(self) -> str:
        """What `check-proof --head` reads back: `#412 3f2a…` (the whole root)."""
        return f"#{self.size} {self.hex}"


#: the fewest hex digits of a root a head may be given by (what `verify --head` takes of a
#: hash): 48 bits, so a head given so names one record
DIGITS = 12


@dataclass(frozen=True)
class HeadRef:
    """A head as a player gives it: its size and at least `DIGITS` hex digits of its root
    (`#30 1daa87f0ab12`, or all 64)."""

    size: int
    digits: str

    def text(self) -> str:
        return f"#{self.size} {self.digits}"


def parse_head(text: str) -> HeadRef:
    """A head as `#N ROOT` (or `N ROOT`, `Record #N · ROOT…`, or the whole line `session end`
    printed: `Receipt: Record #N · ROOT…  (#N ROOT)`), ROOT at least 12 hex digits;
    ValueError says why not."""
    words = text
    for mark in ("Receipt:", "Record", "·", "…", "(", ")"):
        words = words.replace(mark, " ")
    found = words.split()
    if len(found) not in (2, 4) or (len(found) == 4 and found[0] != found[2]):
        raise ValueError(f'{text!r} is not a head: give it as "#SIZE ROOT"')
    heads = [_head_ref(found[i], found[i + 1]) for i in range(0, len(found), 2)]
    longest = max(heads, key=lambda h: len(h.digits))
    if any(not longest.digits.startswith(h.digits) for h in heads):
        raise ValueError(f"{text!r} names two different heads: give one")
    return longest


def _head_ref(size_word: str, root_word: str) -> HeadRef:
    size_text, root_text = size_word.lstrip("#"), root_word.lower()
    if not size_text.isascii() or not size_text.isdigit():
        raise ValueError(f"{size_word!r} is not a record size")
    if not root_text.isascii() or any(c not in "0123456789abcdef" for c in root_text):
        raise ValueError(f"{root_word!r} is not a hexadecimal root")
    if not DIGITS <= len(root_text) <= 64:
        raise ValueError(
            f"the root has {len(root_text)} hex digits: give at least {DIGITS} of them (and "
            "at most 64), as your page, a handout or `session end` shows it"
        )
    return HeadRef(int(size_text), root_text)


#: the events that do not move the head a handout names (issue 41, E7): a post is recorded
#: after the handout it sends was made, so the book and the posted recap name the same head
NOT_TOLD = frozenset({"HandoutPosted"})


def told_size(store: Store, campaign: str, upto: int) -> int:
    """The size of the record a handout made at `upto` names: `upto`, less the posts
    recorded last (`NOT_TOLD`); read backwards, a few events at most."""
    for record in store.read_backwards(campaign, upto=upto):
        if record.type not in NOT_TOLD:
            return record.seq
    return 0


class CampaignTree:
    """The tree of one campaign's log as it is now (`size` events), answering MTH of any
    range from stored nodes and chain hashes (see `journal.merkle.Subtrees`)."""

    def __init__(self, store: Store, campaign: str, *, keep: bool = True) -> None:
        self._cache = store.tree_nodes
        self.campaign = campaign
        self.size = store.head(campaign)[0]  # seqs run 1..n: an index lookup, not a count
        self._chunks: dict[int, list[bytes]] = {}
        #: the stored nodes read so far (a proof reads O(log n) of them, one by one)
        self._nodes: dict[tuple[int, int], bytes] = {}
        newest = self._cache.newest(campaign, CHUNK_LEVEL)
        if newest is not None and not self._bound(*newest):
            self._cache.drop(campaign)
            newest = None
        done = 0 if newest is None else newest[0] + 1
        new = self._build(done, self._nodes)
        if keep:
            self._cache.keep(self.campaign, new)

    def _bound(self, position: int, bound: str) -> bool:
        """Whether the newest stored chunk is bound to this log (and not ahead of it): a
        chain hash covers every event before it, so this one check ties every node."""
        last = (position + 1) * CHUNK
        if last > self.size:
            return False
        return self._cache.chain_hashes(self.campaign, last - 1, last) == [bound]

    def _stored(self, level: int, position: int) -> bytes | None:
        found = self._nodes.get((level, position))
        if found is None:
            text = self._cache.node(self.campaign, level, position)
            if text is not None:
                found = self._nodes[(level, position)] = bytes.fromhex(text)
        return found

    def _build(self, done: int, nodes: dict[tuple[int, int], bytes]) -> list[Node]:
        """Put in `nodes` those of the complete chunks from chunk `done` on, read from the
        chain; the rows to keep."""
        new: list[Node] = []
        for pos in range(done, self.size // CHUNK):
            hashes = self._cache.chain_hashes(self.campaign, pos * CHUNK, (pos + 1) * CHUNK)
            level, at = CHUNK_LEVEL, pos
            value = root_of([leaf_hash(bytes.fromhex(h)) for h in hashes])
            while True:
                nodes[(level, at)] = value
                new.append((level, at, value.hex(), hashes[-1]))
                if at % 2 == 0:
                    break
                left = nodes.get((level, at - 1)) or self._stored(level, at - 1)
                if left is None:  # not kept (a read-only file): from the chain
                    left = self.hash((at - 1) << level, at << level)
                value = node_hash(left, value)
                level, at = level + 1, at // 2
        return new

    def _leaves(self, lo: int, hi: int) -> list[bytes]:
        found: list[bytes] = []
        for pos in range(lo // CHUNK, (hi - 1) // CHUNK + 1):
            if pos not in self._chunks:
                start = pos * CHUNK
                hashes = self._cache.chain_hashes(
                    self.campaign, start, min(start + CHUNK, self.size)
                )
                self._chunks[pos] = [leaf_hash(bytes.fromhex(h)) for h in hashes]
            chunk, start = self._chunks[pos], pos * CHUNK
            found.extend(chunk[max(lo - start, 0) : hi - start])
        return found

    def leaf(self, index: int) -> bytes:
        return self._leaves(index, index + 1)[0]

    def hash(self, lo: int, hi: int) -> bytes:
        width = hi - lo
        if width & (width - 1) == 0 and lo % width == 0 and width >= CHUNK:
            level = width.bit_length() - 1
            found = self._stored(level, lo >> level)
            if found is not None:
                return found
        if width <= CHUNK:
            return root_of(self._leaves(lo, hi))
        k = split(width)
        return node_hash(self.hash(lo, lo + k), self.hash(lo + k, hi))

    def head(self, size: int | None = None) -> Head:
        """The head of the tree of `size` events (the whole log's when None)."""
        size = self.size if size is None else size
        if not 0 <= size <= self.size:
            raise ValueError(f"the record has {self.size} events, not {size}")
        return Head(size, EMPTY_ROOT if size == 0 else self.hash(0, size))

    def stored_node_problems(self) -> list[str]:
        """Every stored node against the tree computed again from the chain hashes, read
        from the log here (`journal verify` grows it from its own walk instead)."""
        grown = Growing()
        for pos in range(0, self.size, CHUNK):
            for value in self._cache.chain_hashes(self.campaign, pos, pos + CHUNK):
                grown.add(value)
        return node_problems(grown, self._cache.nodes(self.campaign))


class Growing:
    """The tree of a log read in seq order, one chain hash at a time (what `verify`'s walk
    feeds it): the leaves of the chunk under way, the stack of the perfect subtrees of
    whole chunks, O(log n), and every node a campaign keeps (level CHUNK_LEVEL and up) as
    it completes, with the chain hash it is bound to. A hash that is not one (a damaged
    row: the chain walk says so) stops it."""

    def __init__(self) -> None:
        self.size = 0
        self.damaged = False
        #: (level, position) -> (hash, bound), as the stored nodes have them (hex)
        self.nodes: dict[tuple[int, int], tuple[str, str]] = {}
        self._stack: list[tuple[int, bytes]] = []
        self._chunk: list[bytes] = []

    def add(self, chain_hash: str) -> None:
        if self.damaged:
            return
        try:
            self._chunk.append(bytes.fromhex(chain_hash))
        except ValueError:
            self.damaged = True
            return
        self.size += 1
        if len(self._chunk) == CHUNK:
            self._close(chain_hash)

    def _close(self, bound: str) -> None:
        """The chunk under way is whole: its root, and the parents it completes."""
        sha = hashlib.sha256
        # a chunk's leaves pair up evenly to its root (a list a level, not a call a node)
        row = [sha(LEAF_PREFIX + raw).digest() for raw in self._chunk]
        while len(row) > 1:
            row = [sha(NODE_PREFIX + row[i] + row[i + 1]).digest() for i in range(0, len(row), 2)]
        self._chunk = []
        value, level, stack = row[0], CHUNK_LEVEL, self._stack
        while True:
            self.nodes[(level, (self.size >> level) - 1)] = (value.hex(), bound)
            if not stack or stack[-1][0] != level:
                break
            value, level = node_hash(stack.pop()[1], value), level + 1
        stack.append((level, value))

    def head(self) -> Head:
        """RFC 9162's root of the leaves so far: the chunk under way's, then the whole
        chunks' perfect subtrees, right to left (the sizes are the bits of `size`)."""
        if not self.size:
            return Head(0, EMPTY_ROOT)
        subtrees = [value for _, value in self._stack]
        if self._chunk:
            subtrees.append(root_of([leaf_hash(raw) for raw in self._chunk]))
        root = subtrees[-1]
        for left in reversed(subtrees[:-1]):
            root = node_hash(left, root)
        return Head(self.size, root)


def node_problems(grown: Growing, stored: list[Node]) -> list[str]:
    """The stored nodes that differ from the tree grown from the chain, are bound to
    another event, or cover events the log does not hold."""
    problems = []
    for level, at, value, bound in stored:
        found = grown.nodes.get((level, at))
        where = f"tree node {level}/{at} (events {(at << level) + 1}-{(at + 1) << level})"
        if found is None:
            problems.append(f"{where} is not in the log")
        elif found[0] != value:
            problems.append(f"{where} does not match the chain")
        elif found[1] != bound:
            problems.append(f"{where} is bound to another event")
    return problems
