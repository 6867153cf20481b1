"""The vault property (issue 39, V3): for random campaigns whose title, session titles,
character names, threats and notes hold links, brackets, pipes, front-matter fences, `%%`,
any Unicode and any length, every note of the players' and the GM's vault holds exactly
the links and embeds the journal wrote (as obsidiantools reads them through Markdown, and
as Obsidian's editor reads the source), no Markdown link, and each leads to exactly one
file of its own audience's folder; every property reads back as the journal wrote it; and
every file lies inside the vault folder, its name at most 255 bytes. (A property reads
back as typed, its brackets as their full-width twins: Obsidian reads a link there too.)"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import frontmatter
from hypothesis import given
from hypothesis import strategies as st
from support.api import random_logs, recorded, state_of
from support.obsidian import read, source_links, targets

import journal
from journal.api.journal import Journal
from journal.posting.obsidian import property_text
from journal.posting.vault import folder_name, notes, vault_base
from journal.posting.vault_files import MANIFEST, write_vault
from journal.rules.core.commands import AddCharacter, EndSession, StartSession, TakeNote
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter

EXAMPLES = int(os.environ.get("JOURNAL_VAULT_EXAMPLES", "20"))
SHEET = {"reaction": 11, "willpower": 10, "hardness": 1, "training": "some"}
#: what a GM might type that is syntax somewhere in a vault
TRICKY = (
    "x]] [[../../secret|y", "[[Sessions/Session 1|x]]", "![[secret.png]]", "[a](../b.md)",
    "---\ntitle: x\n---", "%%", "%% hidden %%", "$$x$$", "$5 and $6", "#tag", "a|b", "]]",
    "[[", "\\[\\[x\\]\\]", "`[[c]]`", "<a href='x'>y</a>", "^block", "==hl==", "[^1]",
    "\u2028", "\x85", "\ufeff", "\t", "é", "漢字" * 70, "a" * 300, "> [!note] x", "- [ ] y",
)  # fmt: skip
TEXTS = st.lists(
    st.one_of(st.sampled_from(TRICKY), st.text(max_size=30)), min_size=1, max_size=4
).map("".join)
NAMES = st.one_of(st.sampled_from(TRICKY), st.text(min_size=1, max_size=20))


@st.composite
def campaigns(draw: st.DrawFn) -> dict[str, object]:
    return {
        "title": draw(TEXTS),
        "names": draw(st.lists(NAMES, min_size=1, max_size=3)),
        "sessions": draw(st.lists(st.tuples(TEXTS, TEXTS, TEXTS), min_size=1, max_size=3)),
    }


def write(story: dict[str, object]) -> Journal:
    title = str(story["title"]).replace("\0", "")[:200]  # (the journal refuses a NUL)
    night = journal.create(":memory:", "night", "horror-factor", title)
    for name in story["names"]:  # type: ignore[attr-defined]
        recorded(night, AddCharacter(name, SHEET))  # a name the rules refuse adds nobody
    cast = tuple(state_of(night).characters)
    for title, threat, note in story["sessions"]:  # type: ignore[attr-defined]
        recorded(night, StartSession(title))
        recorded(night, TakeNote(note, False, cast[:1]))
        if cast and recorded(night, StartEncounter(threat, "horde", cast)) is not None:
            recorded(night, TakeNote(f"{note} (in the fight)", False, cast))
            recorded(night, EndEncounter())
        recorded(night, EndSession())
    return night


def _check_audience(night: Journal, root: Path, audience: str) -> None:
    name = folder_name(night, audience)
    folder = root / name
    expected = notes(night, audience, vault_base(root, name))
    on_disk = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    assert on_disk == {*expected, MANIFEST}
    for relative, note in expected.items():
        file = folder / relative
        assert file.read_text(encoding="utf-8") == note.text
        if not relative.endswith(".md"):
            continue
        found = read(file)
        assert found["links"] == list(note.links), relative
        assert found["embeds"] == list(note.embeds), relative
        assert found["md_links"] == [], relative
        assert source_links(note.text) == (list(note.links), list(note.embeds)), relative
        for path in (*note.links, *note.embeds):
            [target] = targets(root, path)
            assert target.is_relative_to(folder), (relative, path)
        assert "[[" not in note.text.split("\n---\n", 1)[0]  # no link in a property
        meta = frontmatter.loads(note.text).metadata
        assert all(isinstance(meta[k], int) for k in ("seq", "session") if k in meta)


def _check_titles(night: Journal, root: Path, audience: str) -> None:
    """Each property holding what the GM typed reads back exactly."""
    folder = root / folder_name(night, audience)
    sessions = [s.title for s in night.sessions()]
    shown = [
        frontmatter.load(p).metadata["title"]
        for p in sorted(folder.glob("Sessions/*.md"), key=lambda p: frontmatter.load(p)["session"])
    ]
    assert shown == [property_text(t or f"Session {n}") for n, t in enumerate(sessions, 1)]
    names = {frontmatter.load(p)["character"] for p in folder.glob("Characters/*.md")}
    assert names == {property_text(n) for n in night.overview().characters}


@given(campaigns())
@random_logs(EXAMPLES)
def test_a_vaults_links_are_the_journals_own(story: dict[str, object]) -> None:
    night = write(story)
    with tempfile.TemporaryDirectory() as made:
        root = Path(made) / "vault"
        for audience in ("players", "gm"):
            write_vault(night, audience, root)
        for audience in ("players", "gm"):
            _check_audience(night, root, audience)
            _check_titles(night, root, audience)
        for path in root.rglob("*"):
            assert not path.is_symlink()
            assert path.resolve().is_relative_to(root.resolve())
            assert len(path.name.encode("utf-8")) <= 255, path.name
