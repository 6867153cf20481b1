"""`journal export --vault DIR --for players|gm|NAME`: an Obsidian vault (a note per
session, character and threat) whose notes parse as Markdown with YAML front matter
(python-frontmatter) and whose [[wikilinks]] all resolve, the sessions' rulings as
callouts; the GM's vault a folder of its own; a re-export rewrites only what changed and
never a note the GM edited by hand (it says which it left alone)."""

from __future__ import annotations

import re
from pathlib import Path

import frontmatter
from support import CAMPAIGNS, WORKED_EXAMPLE
from support.cli import Cli
from support.long_session import SECRET, forty_turns

LINK = re.compile(r"\[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]")


def _vault(folder: Path) -> dict[str, frontmatter.Post]:
    return {str(p.relative_to(folder)): frontmatter.load(p) for p in folder.rglob("*.md")}


def _links_resolve(folder: Path, notes: dict[str, frontmatter.Post]) -> int:
    """Every link of the notes names a file of `folder` from the vault's root (`folder`'s
    parent here), through `folder`."""
    count = 0
    for name, post in notes.items():
        for target in LINK.findall(post.content):
            file = folder.parent / (target if target.endswith(".svg") else f"{target}.md")
            assert file.is_file() and file.is_relative_to(folder), (name, target)
            count += 1
    return count


def test_a_players_and_a_gm_vault(runner: Cli, tmp_path: Path) -> None:
    forty_turns(runner)
    runner("session", "start", "Morning")
    runner("note", "Dawn comes.")
    runner("session", "end")
    said = runner("export", "--vault", "vault").stdout
    # 5 notes (2 sessions, 2 characters, the threat) and 4 charts
    assert said.startswith("Vault vault/The Ward (players): 9 note(s) written")
    players = tmp_path / "vault" / "The Ward (players)"
    notes = _vault(players)
    charts = sorted(str(p.relative_to(players)) for p in players.rglob("*.svg"))
    assert charts and all(
        c.startswith(("Characters/Linda - ", "Characters/Prof - ")) for c in charts
    )
    assert all((players / c).read_text().startswith("<svg xmlns=") for c in charts)
    assert set(notes) == {
        "Sessions/Session 1 - The long night.md", "Sessions/Session 2 - Morning.md",
        "Characters/Linda.md", "Characters/Prof.md", "Threats/Ward.md",
    }  # fmt: skip
    first = notes["Sessions/Session 1 - The long night.md"]
    assert first["session"] == 1 and first["date"] and isinstance(first["seq"], int)
    assert re.fullmatch(r"#\d+ [0-9a-f]{64}", first["head"])
    assert _links_resolve(players, notes) >= 12
    threat = notes["Threats/Ward.md"]
    assert threat["threat"] == "Ward" and threat["sessions"] == [1]
    assert re.fullmatch(r"#\d+ [0-9a-f]{64}", threat["head"])
    base = "The Ward (players)"
    assert f"- [[{base}/Sessions/Session 1 - The long night|Session 1]]: " \
        f"[[{base}/Characters/Linda|Linda]], [[{base}/Characters/Prof|Prof]]\n" \
        "    - Horror Factor " in threat.content  # fmt: skip
    assert f"Threats: [[{base}/Threats/Ward|Ward]]" in first.content
    assert f"## Threats faced\n\n- [[{base}/Threats/Ward|Ward]]" in (
        notes["Characters/Linda.md"].content
    )
    assert "Threats" not in notes["Sessions/Session 2 - Morning.md"].content

    assert all(SECRET not in p.content for p in notes.values())
    runner("export", "--vault", "vault", "--for", "gm")
    gm = tmp_path / "vault" / "The Ward (GM)"
    gm_notes = _vault(gm)
    assert "".join(p.content for p in gm_notes.values()).count(SECRET) == 4
    assert set(gm_notes) == set(notes)
    assert _links_resolve(gm, gm_notes) >= 12
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


def test_a_fright_check_campaigns_threats_each_have_a_note(runner: Cli, tmp_path: Path) -> None:
    """The morgue (GURPS Fright Checks): a note per threat checked against, in the players'
    words, linked from the sessions and characters that faced it, and back."""
    runner("import", str(CAMPAIGNS / "morgue" / "log.jsonl"))
    runner("export", "--vault", "vault")
    folder = tmp_path / "vault" / "A Night in the Morgue (players)"
    notes = _vault(folder)
    threats = {n: p for n, p in notes.items() if n.startswith("Threats/")}
    assert {"Threats/drawer 9.md", "Threats/ghoul pack.md", "Threats/matriarch.md"} <= set(threats)
    drawer = threats["Threats/drawer 9.md"]
    assert drawer["threat"] == "drawer 9" and drawer["sessions"] == [1, 2]
    assert "    - Marsh's Fright Check: " in drawer.content
    assert _links_resolve(folder, notes) >= 3 * len(threats)
    for name, post in threats.items():
        link = f"[[{folder.name}/{name[:-3]}|{post['threat']}]]"
        sessions = [n for n, p in notes.items() if n.startswith("Sessions/") and link in p.content]
        assert len(sessions) == len(post["sessions"]), (name, sessions)
        assert any(n.startswith("Characters/") and link in p.content for n, p in notes.items())


def test_the_rulings_are_callouts(runner: Cli, tmp_path: Path) -> None:
    """The worked example's session note: each ruling (a soak, a drop) an Obsidian callout
    of its own, the fight's results one more; the notes stay plain list items."""
    runner("import", str(WORKED_EXAMPLE))
    for audience in ("players", "gm"):
        runner("export", "--vault", "vault", "--for", audience)
    for folder, terms in (("players", False), ("GM", True)):
        session = frontmatter.load(
            tmp_path / "vault" / f"Jackson Zombies ({folder})" / "Sessions"
            / "Session 1 - The horde.md"
        ).content  # fmt: skip
        # a blank line between two callouts, or Obsidian reads them as one
        rulings = re.findall(r"\n\n> \[!note\] Ruling\n> ([^\n]+)(?=\n\n)", session)
        assert len(rulings) == session.count("[!note]") - 1 >= 2, session
        assert any(r.startswith("Linda spends 2 Willpower to hold steady") for r in rulings)
        assert any(r.startswith("Linda drops the first enemy") for r in rulings)
        assert all(("[GM #" in r) is terms for r in rulings)
        assert "\n\n> [!note] After the fight\n> - Freddie: hardened: Hardness 0 to 1\n" in session
        assert not re.search(r"^- \*(?!\*)", session, re.M)  # no ruling left a list item
        assert "\n- Ariella drops the shotgun and screams." in session  # a note stays one


def test_the_readme_transcript_is_real(runner: Cli, tmp_path: Path) -> None:
    """The manual's Obsidian transcript (docs/sharing.md), typed after `journal demo`: every
    command prints what it shows (the head's hash aside: each demo records its own)."""
    import shlex

    from support.readme import page_text

    runner("demo")
    rest = page_text("docs/sharing.md").split("## Obsidian", 1)[1]
    transcript = rest.split("```text\n", 1)[1].split("```", 1)[0]
    steps = re.split(r"^\$ ", transcript, flags=re.M)[1:]
    assert len(steps) == 4

    def unhashed(text: str) -> str:
        return re.sub(r"#(\d+) [0-9a-f]{64}", r"#\1 HASH", text).strip()

    for step in steps:
        command, _, expected = step.partition("\n")
        args = shlex.split(command)
        cat = args[0] == "cat"
        printed = (tmp_path / args[1]).read_text() if cat else runner(*args[1:]).stdout
        assert unhashed(printed) == unhashed(expected), command
