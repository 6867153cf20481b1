"""`journal export --vault DIR --for players|gm|NAME`: an Obsidian vault whose notes parse
as Markdown with YAML front matter (python-frontmatter) and whose [[wikilinks]] all
resolve; the GM's vault a folder of its own; a re-export rewrites only what changed and
never a note the GM edited by hand (it says which it left alone)."""

from __future__ import annotations

import re
from pathlib import Path

import frontmatter
from support.cli import Cli
from support.long_session import SECRET, forty_turns

LINK = re.compile(r"\[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]")


def _vault(folder: Path) -> dict[str, frontmatter.Post]:
    return {str(p.relative_to(folder)): frontmatter.load(p) for p in folder.rglob("*.md")}


def _links_resolve(folder: Path, notes: dict[str, frontmatter.Post]) -> int:
    count = 0
    for name, post in notes.items():
        for target in LINK.findall(post.content):
            file = folder / (target if target.endswith(".svg") else f"{target}.md")
            assert file.is_file(), (name, target)
            count += 1
    return count


def test_a_players_and_a_gm_vault(runner: Cli, tmp_path: Path) -> None:
    forty_turns(runner)
    runner("session", "start", "Morning")
    runner("note", "Dawn comes.")
    runner("session", "end")
    said = runner("export", "--vault", "vault").stdout
    assert said.startswith("Vault vault/The Ward (players): 8 note(s) written")  # 4 notes, 4 charts
    players = tmp_path / "vault" / "The Ward (players)"
    notes = _vault(players)
    charts = sorted(str(p.relative_to(players)) for p in players.rglob("*.svg"))
    assert charts and all(
        c.startswith(("Characters/Linda - ", "Characters/Prof - ")) for c in charts
    )
    assert all((players / c).read_text().startswith("<svg xmlns=") for c in charts)
    assert set(notes) == {
        "Sessions/Session 1 - The long night.md", "Sessions/Session 2 - Morning.md",
        "Characters/Linda.md", "Characters/Prof.md",
    }  # fmt: skip
    first = notes["Sessions/Session 1 - The long night.md"]
    assert first["session"] == 1 and first["date"] and isinstance(first["seq"], int)
    assert re.fullmatch(r"#\d+ [0-9a-f]{64}", first["head"])
    assert _links_resolve(players, notes) >= 6
    assert all(SECRET not in p.content for p in notes.values())
    runner("export", "--vault", "vault", "--for", "gm")
    gm = tmp_path / "vault" / "The Ward (GM)"
    gm_notes = _vault(gm)
    assert "".join(p.content for p in gm_notes.values()).count(SECRET) == 4
    _links_resolve(gm, gm_notes)
    assert (gm / "Sessions" / "Session 1 - The long night.md").stat().st_mode & 0o077 == 0


def test_a_re_export_rewrites_what_changed_and_leaves_a_hand_edit_alone(
    runner: Cli, tmp_path: Path
) -> None:
    forty_turns(runner)
    runner("export", "--vault", "vault")
    folder = tmp_path / "vault" / "The Ward (players)"
    again = runner("export", "--vault", "vault")
    assert "0 note(s) written, " in again.stdout and " 0 left alone" in again.stdout
    edited = folder / "Characters" / "Linda.md"
    edited.write_text(edited.read_text() + "\nMy own notes about Linda.\n")
    runner("session", "start", "Morning")
    runner("note", "Dawn comes.")
    runner("session", "end")
    third = runner("export", "--vault", "vault")
    # session 2 is new; session 1 (its seq and head), Prof's note rewritten; Linda's kept
    assert ", 1 left alone" in third.stdout and "0 note(s) written" not in third.stdout
    assert "Notice: left Characters/Linda.md alone: edited since the journal wrote it" in (
        third.stderr
    )
    assert "My own notes about Linda." in edited.read_text()
    assert frontmatter.load(folder / "Sessions" / "Session 2 - Morning.md")["session"] == 2
