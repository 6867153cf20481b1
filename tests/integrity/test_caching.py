"""One way to cache (`journal.caching`): a sealed entry is refused when anything about it does
not hold (not JSON, not one, another format, another key, another record, edited), and a
cache file is written privately and whole, never through a link. Every cache of the
journal is sealed by it and writes through it, and none seals or writes a file on its
own (the tampering tests of each cache: tests/store/snapshots, tests/audit, tests/proof,
tests/handouts/test_book_chapters.py, tests/install/test_ruleset_cache.py)."""

from __future__ import annotations

import ast
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli

from journal import caching
from journal.caching import CacheFile, Rejected, Seal, Stale

ROOT = Path(__file__).parents[2]
SEAL = Seal("a test's", 1, {"campaign": str, "seq": int, "head_hash": str}, body="state")
FIELDS: dict[str, str | int] = {"campaign": "night", "seq": 27, "head_hash": "ab" * 32}
#: every cache the journal keeps, by the module that seals its entries
CACHES = {
    "snapshots": "journal/store/snapshots.py",
    "audit checkpoint": "journal/audit/checkpoint.py",
    "book chapters": "journal/handouts/chapters.py",
    "installed entry points": "journal/installed.py",
    "tree nodes": "journal/store/tree_cache.py",
}
#: the modules of the caches (their sealing, their tables, their readers)
CACHE_CODE = (
    *CACHES.values(),
    "journal/cache.py",
    "journal/store/snapshot_cache.py",
    "journal/store/tree_cache.py",
    "journal/audit/snapshots.py",
)


def _sealed(**change: object) -> str:
    found = json.loads(SEAL.text(FIELDS, '{"x": 1}'))
    return json.dumps({**found, **change})


def test_a_sealed_entry_reads_back() -> None:
    entry = SEAL.entry(
        SEAL.text(FIELDS, '{"x": 1}'), {"campaign": "night"}, {"head_hash": "ab" * 32}
    )
    assert entry.fields == FIELDS and entry.body == '{"x": 1}'
    assert SEAL.entry(json.loads(SEAL.text(FIELDS, "b"))).body == "b"  # as a driver decodes it
    assert SEAL.entry(SEAL.text(FIELDS).encode()).body == ""


@pytest.mark.parametrize(
    ("stored", "why"),
    [
        ("not json", "it is not JSON"),
        ("[" * 100_000 + "]" * 100_000, None),  # nested too deep, or not one
        (None, "it is not a cache entry this journal keeps"),
        (7, "it is not a cache entry this journal keeps"),
        ("[]", "it is not a cache entry this journal keeps"),
        (_sealed(seq="27"), "it is not a cache entry this journal keeps"),
        (_sealed(head_hash=None), "it is not a cache entry this journal keeps"),
        (_sealed(state=None), "it is not a cache entry this journal keeps"),
        (_sealed(digest=None), "it is not a cache entry this journal keeps"),
        (_sealed(format="1"), "it is not a cache entry this journal keeps"),
        (_sealed(campaign="another"), "its key does not match its document"),
        (_sealed(head_hash="cd" * 32), "it does not match the events"),
        (_sealed(state='{"x": 2}'), "its state was edited"),
        (_sealed(seq=28), "its state was edited"),
    ],
)
def test_anything_that_does_not_hold_is_refused(stored: object, why: str | None) -> None:
    with pytest.raises(Rejected) as refused:
        SEAL.entry(stored, {"campaign": "night"}, {"head_hash": "ab" * 32})
    assert not isinstance(refused.value, Stale)
    assert why is None or str(refused.value) == why


def test_another_format_is_stale_not_tampered() -> None:
    with pytest.raises(Stale, match=r"another format \(2, this journal keeps 1\)"):
        SEAL.entry(_sealed(format=2))
    assert SEAL.stale(_sealed(format=2)) and not SEAL.stale(SEAL.text(FIELDS))
    assert not SEAL.stale("not json") and not SEAL.stale(_sealed(format="2"))


def test_an_entry_of_one_cache_is_no_entry_of_another() -> None:
    """The kind is in the digest: the same fields sealed by another cache do not hold."""
    other = Seal("another's", 1, SEAL.fields, body="state")
    with pytest.raises(Rejected, match="its state was edited"):
        SEAL.entry(other.text(FIELDS, "s"))


def test_a_record_that_holds_nothing_there_refuses_the_entry() -> None:
    entry = SEAL.entry(SEAL.text(FIELDS))
    with pytest.raises(Rejected, match="no event"):
        entry.bound({"head_hash": None}, "there is no event 27")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "journal"


def test_a_cache_file_is_private_and_whole(home: Path) -> None:
    file = CacheFile("things", "one.json")
    assert file.path == home / "things" / "one.json" and file.read() is None
    assert file.write("kept")
    assert file.read() == "kept"
    assert stat.S_IMODE(file.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(file.path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert sorted(p.name for p in file.path.parent.iterdir()) == ["one.json"]


def test_a_link_at_a_cache_file_is_neither_read_nor_written_through(
    home: Path, tmp_path: Path
) -> None:
    planted = tmp_path / "planted"
    planted.write_text("planted")
    file = CacheFile("one.json")
    home.mkdir(parents=True)
    file.path.symlink_to(planted)
    assert file.read() is None
    assert file.write("kept") and file.read() == "kept"
    assert planted.read_text() == "planted" and not file.path.is_symlink()


def test_a_fifo_or_a_huge_file_is_not_read(home: Path) -> None:
    home.mkdir(parents=True)
    os.mkfifo(home / "fifo.json")
    assert CacheFile("fifo.json").read() is None  # never waits on it
    (home / "huge.json").write_text("x" * 100)
    assert CacheFile("huge.json").read(limit=99) is None


def test_a_cache_that_cannot_be_written_says_so_and_leaves_nothing(home: Path) -> None:
    home.parent.mkdir(parents=True)
    home.write_text("a file where the folder would be")
    assert CacheFile("one.json").write("kept") is False
    assert home.read_text() == "a file where the folder would be"


@pytest.mark.parametrize("kind", list(CACHES))
def test_every_cache_is_sealed_by_the_one_helper(kind: str) -> None:
    module = CACHES[kind].removesuffix(".py").replace("/", ".")
    found = __import__(module, fromlist=["SEAL"]).SEAL
    assert isinstance(found, caching.Seal)
    assert len({Path(p).stem for p in CACHES.values()}) == len(CACHES)


#: what writes a file, or seals a document by hand
WRITES = frozenset({"write_text", "write_bytes", "write_private", "replace_file", "mkdir"})
OS_WRITES = frozenset({"open", "replace", "rename", "fdopen", "makedirs"})


def own_sealing_or_writing(text: str) -> list[str]:
    """A cache module's own file writes and digests: the calls that write a file, and a
    `"digest"` key written by hand."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            owner = getattr(getattr(func, "value", None), "id", "")
            if name in WRITES or (owner == "os" and name in OS_WRITES):
                found.append(f"line {node.lineno}: {name}()")
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if "digest" in keys:
                found.append(f"line {node.lineno}: a digest sealed by hand")
    return found


@pytest.mark.parametrize("path", CACHE_CODE)
def test_no_cache_seals_or_writes_on_its_own(path: str) -> None:
    assert own_sealing_or_writing((ROOT / path).read_text()) == []


def test_a_cache_writing_on_its_own_is_caught() -> None:
    planted = (
        "def keep(path, data):\n"
        "    path.write_bytes(data)\n"
        "    doc = {'format': 1, 'digest': sha(data)}\n"
        "    os.replace(a, b)\n"
    )
    assert len(own_sealing_or_writing(planted)) == 3


@pytest.fixture
def night(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cli]:
    """A campaign of 11 events, its tree kept in chunks of 4 leaves."""
    from journal.proof import tree

    monkeypatch.setattr(tree, "CHUNK_LEVEL", 2)
    monkeypatch.setattr(tree, "CHUNK", 4)
    cli = Cli(CliRunner(), db_url)
    cli("campaign", "new", "night", "--ruleset", "horror-factor")
    cli("session", "start", "Arrival")
    for count in range(9):
        cli("note", f"Note {count}.")
    cli("heads")  # keeps the nodes
    yield cli


def _edit_nodes(db: str, sql: str, **params: object) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    with engine.begin() as conn:
        conn.execute(text(sql), params)
    engine.dispose()


def test_a_tree_node_is_sealed_to_its_place_its_hash_and_its_event(night: Cli) -> None:
    from journal.proof.tree import CampaignTree
    from journal.store import Store

    with Store.open(night.db) as store:
        good = CampaignTree(store, "night", keep=False).head()
        stored = {
            (level, at): (value, bound)
            for level, at, value, bound in store.tree_nodes.nodes("night")
        }
        events = {r.seq: r.hash for r in store.read("night")}
    assert stored and all(
        bound == events[(at + 1) << level] for (level, at), (_, bound) in stored.items()
    )
    # the node's hash edited, its seal left: never used, the head computed from the chain
    _edit_nodes(night.db, "UPDATE tree_nodes SET hash = :h WHERE level = 3", h="00" * 32)
    with Store.open(night.db) as store:
        assert store.tree_nodes.node("night", 3, 0) is None
        assert CampaignTree(store, "night", keep=False).head() == good
    result = night("verify", ok=False)
    assert "BAD tree node 3/0 (events 1-8) does not match the chain" in result.stderr


def test_a_tree_node_an_older_journal_kept_is_stale_and_made_again(night: Cli) -> None:
    """Before the seal, `bound` held the chain hash of the node's last event itself: such
    a node is never used, `verify` does not count it against the database, and the next
    tree made seals the nodes again."""
    from journal.proof.tree import CampaignTree
    from journal.store import Store

    with Store.open(night.db) as store:
        events = {r.seq: r.hash for r in store.read("night")}
        good = CampaignTree(store, "night", keep=False).head()
    for level, position in ((2, 0), (2, 1), (3, 0)):
        bare = events[(position + 1) << level]
        _edit_nodes(
            night.db,
            "UPDATE tree_nodes SET bound = :b WHERE level = :l AND position = :p",
            b=bare, l=level, p=position,
        )  # fmt: skip
    with Store.open(night.db) as store:
        assert (
            store.tree_nodes.nodes("night") == [] and store.tree_nodes.node("night", 2, 0) is None
        )
    assert night("verify").exit_code == 0
    with Store.open(night.db) as store:
        assert CampaignTree(store, "night").head() == good
        assert len(store.tree_nodes.nodes("night")) == 3  # sealed again
