"""Reading a vault as Obsidian's readers do: obsidiantools (PyPI, the test extra) for the
links a note holds, and Obsidian's own resolution of a link path, for where it leads.

Obsidian resolves `[[PATH]]` from the vault's root first (`PATH.md`, or `PATH` when it has
an extension), case-insensitively; when no file is there, it takes a file whose path ends
with `/PATH.md` (a bare name: any file of that name), the one nearest the root. `targets`
returns every file that could be taken, so a test can ask for exactly one."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

#: a wikilink or an embed in a note's source, as Obsidian's editor finds them
SOURCE_LINK = re.compile(r"(!?)\[\[([^\[\]]+?)\]\]")


def obsidiantools() -> Any:
    """The obsidiantools module (skipped with the reason when it is not installed)."""
    return pytest.importorskip(
        "obsidiantools.api",
        reason="obsidiantools is not installed: pip install -e '.[test]' installs it",
    )


def md_utils() -> Any:
    obsidiantools()
    import obsidiantools.md_utils as utils

    return utils


def read(note: Path) -> dict[str, list[str]]:
    """What obsidiantools finds in one note: its wikilinks (aliases and headings taken
    off), its embeds and its Markdown links (`[text](path)`)."""
    utils = md_utils()
    return {
        "links": list(utils.get_wikilinks(note)),
        "embeds": list(utils.get_embedded_files(note)),
        "md_links": list(utils.get_md_links(note)),
    }


def source_links(text: str) -> tuple[list[str], list[str]]:
    """The wikilinks and the embeds of a note's own text (its front matter off), as
    Obsidian's editor reads them: paths, aliases off."""
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    links: list[str] = []
    embeds: list[str] = []
    for bang, inside in SOURCE_LINK.findall(body):
        (embeds if bang else links).append(inside.split("|", 1)[0].split("#", 1)[0])
    return links, embeds


def targets(vault: Path, path: str) -> list[Path]:
    """Every file of `vault` the link path `path` can lead to, as Obsidian resolves it."""
    wanted = path if Path(path).suffix.lower() in (".svg", ".png", ".md") else f"{path}.md"
    files = [f for f in vault.rglob("*") if f.is_file()]
    exact = [f for f in files if str(f.relative_to(vault)).casefold() == wanted.casefold()]
    if exact:
        return exact
    tail = f"/{wanted}".casefold()
    return [f for f in files if f"/{f.relative_to(vault)}".casefold().endswith(tail)]
