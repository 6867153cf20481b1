"""The one safe writer inside a folder (`journal.files.Folder`, issue 39): it writes only
inside the folder it was given, never through a link (a folder on the way, the file, a
dangling one), each file whole; the names it is given are cut to 255 bytes and kept
unique; the chapter cache goes through it too."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from journal.files import Folder, LinkRefused, UniqueNames, fit_name


def test_a_link_on_the_way_or_at_the_name_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    inside = tmp_path / "inside"
    (inside / "a").mkdir(parents=True)
    (inside / "a" / "b").symlink_to(outside)
    (inside / "a" / "dangling.md").symlink_to(outside / "made.md")
    with Folder(inside) as folder:
        for relative in ("a/b/note.md", "a/dangling.md"):
            with pytest.raises(LinkRefused, match="is a link"):
                folder.check(relative)
            with pytest.raises(LinkRefused):
                folder.read(relative)
            with pytest.raises(LinkRefused):
                folder.write(relative, ["x"], mode=0o644)
        with pytest.raises(ValueError):
            folder.write("../escape.md", ["x"], mode=0o644)
        folder.write("a/c/new.md", ["whole"], mode=0o640)
    assert list(outside.iterdir()) == []
    assert (inside / "a" / "c" / "new.md").read_text() == "whole"
    assert (inside / "a" / "c" / "new.md").stat().st_mode & 0o777 == 0o640
    assert not [p for p in inside.rglob("*") if p.name.endswith(".partial")]


def test_a_temporary_file_a_dead_writer_left_is_removed(tmp_path: Path) -> None:
    (tmp_path / "v").mkdir()
    dead = tmp_path / "v" / f".note.md.{2**22 + 7}.0123456789abcdef.partial"
    dead.write_text("half")
    said: list[str] = []
    with Folder(tmp_path / "v") as folder:
        folder.write("note.md", ["whole"], mode=0o644, notice=said.append)
    assert not dead.exists() and said and "interrupted write of note.md" in said[0]


@given(st.text(min_size=1, max_size=400), st.sampled_from(["", ".md", " (2).svg"]))
def test_a_name_is_cut_to_fit(name: str, suffix: str) -> None:
    cut = fit_name(name, suffix)
    assert len((cut + suffix).encode("utf-8")) <= 255
    assert name.startswith(cut.rstrip(" .")) or cut == name[: len(cut)]
    if len((name + suffix).encode("utf-8")) <= 255:
        assert cut == name


def test_names_are_kept_unique_in_any_case() -> None:
    names = UniqueNames()
    long = "漢" * 100
    taken = [names.take(n, ".md") for n in ("Ann", "ANN", "ann", long, long + "x")]
    assert taken[:3] == ["Ann", "ANN (2)", "ann (3)"]
    assert taken[3] != taken[4] and all(len((t + ".md").encode()) <= 255 for t in taken)


def test_the_chapter_cache_never_writes_through_a_link(tmp_path: Path) -> None:
    """A link planted at a chapter's name in the cache folder: nothing is written where the
    link points; the link itself is replaced by the kept chapter (a cache file is private
    state, `files.write_private`: never followed)."""
    from journal.handouts import chapters

    key = "0" * 64
    place = chapters._file(key).path
    place.parent.mkdir(parents=True, exist_ok=True)
    target = tmp_path / "elsewhere.json"
    place.symlink_to(target)
    chapters.keep(key, b"%PDF-1.7 chapter", 1)
    assert not target.exists() and not os.path.islink(place)
    assert chapters.kept(key) == (b"%PDF-1.7 chapter", 1)
