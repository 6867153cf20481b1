"""The vault as Obsidian's readers take it (issue 44): obsidiantools loads the demo's
vault with both audiences' folders in one vault and finds every link and embed of a
players' note resolving inside the players' folder, and no unresolved one (C3); every
link leads to exactly one file as Obsidian resolves a path; every property has the type
Obsidian's property editor gives it, `date` a Date & time of the game's clock and `played`
the real Date (C4)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from support.cli import Cli
from support.obsidian import obsidiantools, source_links, targets

PLAYERS, GM = "Jackson Zombies (players)", "Jackson Zombies (GM)"
#: Obsidian's property types, by the YAML a note holds (help.obsidian.md, Properties:
#: "Date: YYYY-MM-DD", "Date & time: YYYY-MM-DDTHH:mm:ss", a number, a list one item a line)
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
DATE_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?")
#: the type each property of the journal's notes must have
TYPES = {
    "session": "Number", "title": "Text", "date": "Date & time", "played": "Date",
    "seq": "Number", "head": "Text", "campaign": "Text", "audience": "Text",
    "character": "Text", "threat": "Text", "sessions": "List",
}  # fmt: skip


def _demo_vault(runner: Cli) -> Path:
    runner("demo")
    for audience in ("players", "gm"):
        runner("export", "--vault", "Obsidian", "--for", audience)
    return Path(runner.db).parent / "Obsidian"


def test_obsidiantools_finds_every_players_link_in_the_players_folder(runner: Cli) -> None:
    """C3: the demo's players' and GM's folders in one vault. obsidiantools resolves every
    link and embed (no nonexistent note or file), and each of a players' note leads into
    the players' folder; each leads to one file alone as Obsidian resolves a path."""
    vault = _demo_vault(runner)
    api = obsidiantools()
    read = api.Vault(vault).connect(attachments=True).gather()
    assert read.nonexistent_notes == [] and read.nonexistent_media_files == []
    players = [n for n in read.md_file_index if n.startswith(f"{PLAYERS}/")]
    assert len(players) == 11 - 6  # the demo's notes, its six charts apart
    links = 0
    for note in players:
        for link in read.wikilinks_index[note] + read.embedded_files_index[note]:
            assert link.startswith(f"{PLAYERS}/"), (note, link)
            found = read.md_file_index.get(link) or read.media_file_index.get(link)
            assert found is not None and str(found).startswith(f"{PLAYERS}/"), (note, link)
            links += 1
    written = 0
    for note in (vault / PLAYERS).rglob("*.md"):
        wiki, embeds = source_links(note.read_text())
        for link in wiki + embeds:
            [target] = targets(vault, link)
            assert target.is_relative_to(vault / PLAYERS), (note, link)
            written += 1
    assert links == written >= 20


def test_a_vault_inside_an_obsidian_vault_links_from_its_root(runner: Cli, tmp_path: Path) -> None:
    """C3: DIR inside a vault (a folder up holds `.obsidian/`): every link names its note
    from that vault's root, so it resolves there as Obsidian resolves a path."""
    runner("demo")
    (tmp_path / "Notes" / ".obsidian").mkdir(parents=True)
    runner("export", "--vault", "Notes/Games", "--for", "players")
    runner("export", "--vault", "Notes/Games", "--for", "gm")
    session = next((tmp_path / "Notes" / "Games" / PLAYERS / "Sessions").iterdir())
    wiki, _ = source_links(session.read_text())
    assert wiki and all(link.startswith(f"Games/{PLAYERS}/") for link in wiki)
    for link in wiki:
        assert targets(tmp_path / "Notes", link) == [tmp_path / "Notes" / f"{link}.md"]


def _types(text: str) -> dict[str, str]:
    """Each property's type as Obsidian infers it from the note's YAML: a plain number is
    a Number, a list a List, a date a Date, a date with a time a Date & time, else Text."""
    front = text.split("---\n", 2)[1]
    node = yaml.compose(front)
    found = {}
    for key, value in node.value:
        if isinstance(value, yaml.SequenceNode):
            found[key.value] = "List"
        elif DATE_TIME.fullmatch(value.value):
            found[key.value] = "Date & time"
        elif DATE.fullmatch(value.value):
            found[key.value] = "Date"
        elif value.style is None and re.fullmatch(r"-?[0-9]+", value.value):
            found[key.value] = "Number"
        else:
            found[key.value] = "Text"
    return found


def test_every_property_has_obsidians_type(runner: Cli) -> None:
    """C4: `date` is the game's Date & time (the demo's clock: 31 October 2010, 21:00), not
    the words a handout shows; `played` the real Date it was played; numbers are Numbers,
    a list one item a line as Obsidian writes it; every other property Text."""
    vault = _demo_vault(runner)
    seen = set()
    for note in vault.rglob("*.md"):
        text = note.read_text()
        types = _types(text)
        assert types == {k: TYPES[k] for k in types}, (note, types)
        seen.update(types)
        if "sessions" in types:
            assert re.search(r"^sessions:\n  - 1$", text, re.M), text
    assert seen == set(TYPES)
    session = (vault / PLAYERS / "Sessions" / "Session 1 - The horde.md").read_text()
    assert "\ndate: 2010-10-31T21:00:00\n" in session
    played = re.search(r"^played: (.*)$", session, re.M)
    assert played and DATE.fullmatch(played[1])
