"""The Foundry export as Foundry ships content (issue 44, C1): every export kind (the
players', the GM's, a character's with and without their player's user id) packs into a
compendium with the official CLI (`@foundryvtt/foundryvtt-cli`, `compilePack`), and the
pack read back (`extractPack`, and its raw LevelDB keys) holds every entry and its page,
their ids, contents and ownership; the ids are Foundry's (16 letters and digits) and the
same for the same session at every export, so a re-import updates."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from support.cli import Cli
from support.foundry import pack
from support.long_session import build_once, copied, with_secrets

ID = re.compile(r"[A-Za-z0-9]{16}")
PROF_USER = "pr0fUser00000001"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_once(tmp_path_factory.mktemp("campaign"), with_secrets)


def _campaign(runner: Cli) -> None:
    with_secrets(runner)


def _export(runner: Cli, folder: Path, *args: str) -> list[dict[str, Any]]:
    """`export --foundry folder/night.json ARGS`: the entries, and every file in `folder`."""
    folder.mkdir()
    runner("export", "--foundry", str(folder / "night.json"), *args)
    return list(json.loads((folder / "night.json").read_text()))


EXPORTS = {
    "players": (),
    "gm": ("--for", "gm"),
    "Linda": ("--for", "Linda"),
    "Prof, given": ("--for", "Prof", "--foundry-user", PROF_USER),
}


@pytest.mark.parametrize("kind", EXPORTS)
def test_every_export_kind_packs_into_a_compendium(
    built: Path, runner: Cli, tmp_path: Path, kind: str
) -> None:
    """C1: the export's folder (FILE.json, the array, beside each entry alone) packed by
    `compilePack`: the array is no document (the CLI skips it), each entry alone is one,
    its page stored under its own key; read back, each is the entry as exported."""
    copied(built, runner)
    exported = _export(runner, tmp_path / "export", *EXPORTS[kind])
    packed = pack(tmp_path / "export", tmp_path)
    assert len(exported) == 2 and len(packed.documents) == 2
    keys = set()
    for entry in exported:
        assert ID.fullmatch(entry["_id"]) and ID.fullmatch(entry["pages"][0]["_id"])
        keys |= {entry["_key"], entry["pages"][0]["_key"]}
        assert entry["_key"] == f"!journal!{entry['_id']}"
        page_key = f"!journal.pages!{entry['_id']}.{entry['pages'][0]['_id']}"
        assert entry["pages"][0]["_key"] == page_key
        stored = packed.held[entry["_key"]]
        assert stored["pages"] == [entry["pages"][0]["_id"]]  # a page is a key of its own
        assert stored["ownership"] == entry["ownership"]
        page = packed.held[entry["pages"][0]["_key"]]
        assert page["text"]["content"] == entry["pages"][0]["text"]["content"]
        assert page["ownership"] == {"default": -1}
    assert set(packed.held) == keys
    back = {d["_id"]: _keyless(d) for d in packed.documents}
    assert back == {e["_id"]: _keyless(e) for e in exported}  # all of it, as exported


def _keyless(document: Any) -> Any:
    """A document without the CLI's `_key`s (the pack's keys, not the document's)."""
    if isinstance(document, dict):
        return {k: _keyless(v) for k, v in document.items() if k != "_key"}
    if isinstance(document, list):
        return [_keyless(v) for v in document]
    return document


def test_the_ids_are_the_same_at_every_export(built: Path, runner: Cli, tmp_path: Path) -> None:
    """C1: the same session, audience and campaign give the same `_id`s (a re-import with
    keepId updates rather than duplicates), a character's after a rename too; another
    audience's differ, and another campaign's of the same name."""
    copied(built, runner)
    first = _export(runner, tmp_path / "a", "--for", "Linda")
    runner("session", "start", "Evening")
    runner("session", "end")
    runner("character", "rename", "Linda", "Lindy")
    again = _export(runner, tmp_path / "b", "--for", "Lindy")
    assert [e["_id"] for e in again[:2]] == [e["_id"] for e in first]
    assert [e["pages"][0]["_id"] for e in again[:2]] == [e["pages"][0]["_id"] for e in first]
    players = _export(runner, tmp_path / "c")
    assert not {e["_id"] for e in players} & {e["_id"] for e in again}
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    _campaign(other)
    theirs = _export(other, tmp_path / "d")
    assert not {e["_id"] for e in theirs} & {e["_id"] for e in players}


def test_a_pack_of_an_older_export_holds_nothing(built: Path, runner: Cli, tmp_path: Path) -> None:
    """What the report found: without `_key`, `compilePack` skips every document, and the
    pack is empty. (The CLI itself, as used above, is what the journal's export meets.)"""
    copied(built, runner)
    exported = _export(runner, tmp_path / "export")
    for file in (tmp_path / "export").glob("night.session-*.json"):
        entry = json.loads(file.read_text())
        entry.pop("_key")
        file.write_text(json.dumps(entry))
    assert exported and pack(tmp_path / "export", tmp_path).held == {}
    shutil.rmtree(tmp_path / "export")


def test_the_manuals_pack_command_makes_the_compendium(
    built: Path, runner: Cli, tmp_path: Path
) -> None:
    """C1, as docs/sharing.md says it: the entries alone in `recaps/`, packed by the CLI's
    own command (`package pack -n recaps --in recaps --out ...`), unpacked again by its
    `package unpack`: every entry, its page and its ownership."""
    from support.foundry import cli_folder
    from support.readme import section

    text = " ".join(section("## Foundry VTT", "docs/sharing.md").split())
    assert "npx @foundryvtt/foundryvtt-cli package pack -n recaps --in recaps --out" in text
    folder = cli_folder()
    copied(built, runner)
    exported = _export(runner, tmp_path / "export")
    (tmp_path / "recaps").mkdir()
    for file in (tmp_path / "export").glob("night.session-*.json"):
        shutil.copy(file, tmp_path / "recaps")
    packs = tmp_path / "Data" / "modules" / "the-ward-recaps" / "packs"
    for action, given, made in (("pack", "recaps", packs), ("unpack", packs, "out")):
        done = subprocess.run(
            ["node", str(folder / "fvtt.mjs"), "package", action, "-n", "recaps",
             "--in", str(given), "--out", str(made)],
            cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
    back = [json.loads(p.read_text()) for p in (tmp_path / "out").glob("*.json")]
    assert {_keyless(d)["_id"]: _keyless(d) for d in back} == {
        e["_id"]: _keyless(e) for e in exported
    }
