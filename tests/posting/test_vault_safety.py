"""What the vault export does with a hostile folder or hostile text (issue 39): a link
anywhere inside DIR refuses the export with one `Error:` line and nothing written (V1);
a title of any length gives note names of at most 255 bytes, each unique (V2); a title
holding link syntax adds no link to any note (V3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.cli import Cli
from support.obsidian import read, source_links, targets

from journal.posting.vault import folder_name, notes, vault_base

FOLDER = "The Ward (players)"


def _tree(root: Path) -> dict[str, bytes | str]:
    """Every path under `root`: a file's bytes, a link's target, a folder's `/`."""
    found: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            found[key] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            found[key] = "/"
        else:
            found[key] = path.read_bytes()
    return found


def _campaign(runner: Cli) -> None:
    runner("campaign", "new", "ward", "--ruleset", "horror-factor", "--title", "The Ward")
    runner("character", "add", "Ann", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some")  # fmt: skip
    runner("session", "start", "The long night")
    runner("note", "The lights fail.", "--about", "Ann")
    runner("session", "end")


@pytest.mark.parametrize(
    "planted",
    [
        "Sessions",  # a folder of the vault, a link to another folder
        "Characters/Ann.md",  # a note, a dangling link
        ".journal-vault.json",  # the manifest
        "",  # the audience's folder itself
    ],
)
def test_a_link_inside_the_vault_is_refused(runner: Cli, tmp_path: Path, planted: str) -> None:
    """V1: `export --vault` never writes through a link inside DIR, wherever it is: one
    `Error:` line naming it, nothing written, nothing made where the link points."""
    _campaign(runner)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "vault" / FOLDER / planted if planted else tmp_path / "vault" / FOLDER
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(elsewhere / "target" if planted.endswith((".md", ".json")) else elsewhere)
    before = _tree(tmp_path)
    said = runner.refused("export", "--vault", "vault").stderr
    assert said.startswith(f"Error: not exported: {link.relative_to(tmp_path)} is a link")
    assert "never through a link" in said
    assert _tree(tmp_path) == before


def test_a_link_planted_after_an_export_stops_the_next(runner: Cli, tmp_path: Path) -> None:
    """V1 in a vault already written: every note stays as it was, the link's folder
    empty, until the link is gone; then the export goes on."""
    _campaign(runner)
    runner("export", "--vault", "vault")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    threats = tmp_path / "vault" / FOLDER / "Characters"
    (threats / "Ann.md").unlink()
    (threats / "Ann.md").symlink_to(elsewhere / "Ann.md")
    runner("session", "start", "Morning")
    before = _tree(tmp_path)
    runner.refused("export", "--vault", "vault")
    assert _tree(tmp_path) == before and not any(elsewhere.iterdir())
    (threats / "Ann.md").unlink()
    said = runner("export", "--vault", "vault").stdout
    assert "0 left alone" in said and (threats / "Ann.md").is_file()


def test_the_folder_named_may_be_a_link(runner: Cli, tmp_path: Path) -> None:
    """DIR itself is the GM's to choose (a vault kept elsewhere, linked from home)."""
    _campaign(runner)
    (tmp_path / "real").mkdir()
    (tmp_path / "vault").symlink_to(tmp_path / "real")
    runner("export", "--vault", "vault")
    assert (tmp_path / "real" / FOLDER / "Characters" / "Ann.md").is_file()


@pytest.mark.parametrize("title", ["恐" * 120, "a" * 300, "ü" * 200 + " end"])
def test_a_long_title_fits_a_file_name(runner: Cli, tmp_path: Path, title: str) -> None:
    """V2: a session title of 120 CJK characters (360 bytes) or 300 ASCII ones exports,
    every note's name cut to 255 bytes in UTF-8 (never inside a character), every one
    unique, every link to it resolving."""
    _campaign(runner)
    runner("session", "start", title)
    runner("note", "A second night.")
    runner("session", "end")
    runner("session", "start", title)  # the same long title again
    runner("session", "end")
    for audience in ("players", "gm"):
        runner("export", "--vault", "vault", "--for", audience)
    files = [p for p in (tmp_path / "vault").rglob("*") if p.is_file()]
    assert all(len(p.name.encode("utf-8")) <= 255 for p in files)
    sessions = sorted(p.name for p in (tmp_path / "vault" / FOLDER / "Sessions").iterdir())
    assert len(sessions) == 3 and len(set(sessions)) == 3
    assert any(len(name.encode("utf-8")) > 240 for name in sessions)
    for note in (tmp_path / "vault" / FOLDER).rglob("*.md"):
        for link in source_links(note.read_text())[0]:
            assert len(targets(tmp_path / "vault", link)) == 1, (note, link)


def test_names_cut_to_the_same_are_kept_apart(runner: Cli, tmp_path: Path) -> None:
    """V2: two characters whose names make one file name (`A/B`, `A:B`), and long names
    whose charts' names cut to the same bytes, each get a file of their own."""
    runner("campaign", "new", "ward", "--ruleset", "horror-factor", "--title", "The Ward")
    names = ["A/B", "A:B", "漢" * 59 + "x", "漢" * 59 + "y"]
    for name in names:
        runner("character", "add", name, "--reaction", "12", "--willpower", "10",
               "--hardness", "2", "--training", "some")  # fmt: skip
    runner("session", "start", "Night")
    runner("encounter", "start", "Horde", "--hf", "horde", "--cast", ",".join(names))
    runner("turn")
    runner("encounter", "end")
    runner("session", "end")
    runner("export", "--vault", "vault")
    folder = tmp_path / "vault" / FOLDER / "Characters"
    made = sorted(p.name for p in folder.iterdir())
    assert {"A-B.md", "A-B (2).md"} <= set(made)
    assert len([m for m in made if m.endswith(".md")]) == 4
    assert all(len(m.encode("utf-8")) <= 255 for m in made)
    session = next((tmp_path / "vault" / FOLDER / "Sessions").iterdir())
    links = source_links(session.read_text())[0]
    assert (
        len({targets(tmp_path / "vault", link)[0] for link in links if "Characters" in link}) == 4
    )


def test_a_title_holding_link_syntax_adds_no_link(runner: Cli, tmp_path: Path) -> None:
    """V3, as reported: a session title `x]] [[../../secret|y` (and the same in a note and
    a threat's name) leaves every note with exactly the journal's links, as obsidiantools
    and Obsidian's editor read them; the text still reads as typed, its brackets the
    full-width look-alikes."""
    hostile = "x]] [[../../secret|y"
    _campaign(runner)
    runner("session", "start", hostile)
    runner("note", f"{hostile} and ![[secret.png]] and [a](../../b.md) %% hidden", "--about",
           "Ann")  # fmt: skip
    runner("encounter", "start", hostile, "--hf", "horde", "--cast", "Ann")
    runner("encounter", "end")
    runner("session", "end")
    runner("export", "--vault", "vault")
    import journal

    night = journal.open(runner.db)
    root = tmp_path / "vault"
    made = notes(night, "players", vault_base(root, folder_name(night, "players")))
    assert any("secret" in path for path in made)  # the hostile names became file names
    for relative, note in made.items():
        if not relative.endswith(".md"):
            continue
        file = root / FOLDER / relative
        assert read(file) == {"links": list(note.links), "embeds": list(note.embeds),
                              "md_links": []}, relative  # fmt: skip
        assert source_links(file.read_text()) == (list(note.links), list(note.embeds))
        assert "[[../../secret" not in file.read_text()  # nor in a property (a link there)
    session = (root / FOLDER / "Sessions" / "Session 2 - x-- --..-..-secret-y.md").read_text()
    assert "x\uff3d\uff3d \uff3b\uff3b../../secret" in session  # the look-alike brackets


def test_a_characters_vault_is_as_private_as_the_gms(runner: Cli, tmp_path: Path) -> None:
    """A character's vault holds their secrets: its notes 0600, its folders 0700, as the
    GM's; the players' readable by all."""
    _campaign(runner)
    runner("note", "ANN-ALONE", "--for", "Ann")
    for audience in ("Ann", "gm", "players"):
        runner("export", "--vault", "vault", "--for", audience)
    for label, private in (("Ann", True), ("GM", True), ("players", False)):
        folder = tmp_path / "vault" / f"The Ward ({label})"
        for path in (folder, *folder.rglob("*")):
            assert (path.stat().st_mode & 0o077 == 0) is private, path
