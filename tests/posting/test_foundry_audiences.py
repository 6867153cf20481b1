"""Every Foundry export for its audience only (issue 39, G1), and readable by that audience
in each way Foundry takes it in (issue 44, C2).

Each audience's export is taken into a world of three users (the GM, Linda's player and
Prof's player) each way Foundry offers, as its published document model says
(foundry-vtt-types): a macro's `JournalEntry.createDocuments(list, {keepId: true})` keeps
the documents' `ownership`; a compendium keeps it in the pack (read back from a pack the
official CLI made), and importing from the compendium clears it (`clearOwnership`, default
true: the importing GM owns it); "Import Data" keeps the destination entry's `_id`, `sort`,
`folder` and `ownership` (`Document.metadata.preserveOnImport`). For every entry holding
a secret, who may read it is checked: never anyone the secret is not for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.cli import Cli
from support.foundry import NONE, OBSERVER, OWNER, User, pack, readers
from support.long_session import SECRET, build_once, copied, with_secrets
from support.readme import section

GM = User("GM", "gmUser0000000001", gm=True)
LINDA = User("Linda", "lindaUser0000001")
PROF = User("Prof", "pr0fUser00000001")
USERS = [GM, LINDA, PROF]
#: each secret, and whose it is (the GM knows them all)
SECRETS = {"LINDA-ALONE": {"GM", "Linda"}, "PROF-ALONE": {"GM", "Prof"}, SECRET: {"GM"}}
#: preserveOnImport (foundry-vtt-types `common/abstract/document.d.mts`)
PRESERVED = ("_id", "sort", "ownership", "folder")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_once(tmp_path_factory.mktemp("campaign"), with_secrets)


#: export arguments -> who may read each entry, as exported
EXPORTS: dict[str, tuple[tuple[str, ...], set[str]]] = {
    "players": ((), {"GM", "Linda", "Prof"}),
    "gm": (("--for", "gm"), {"GM"}),
    "Linda": (("--for", "Linda"), {"GM"}),  # until the GM gives it to her player
    "Linda, given": (("--for", "Linda", "--foundry-user", LINDA.id), {"GM", "Linda"}),
    "Prof, given": (("--for", "Prof", "--foundry-user", PROF.id), {"GM", "Prof"}),
}


def _import_data(entry: dict[str, Any], destination: dict[str, Any]) -> dict[str, Any]:
    """What "Import Data" makes of `entry` over the entry the GM created."""
    return {**entry, **{k: destination[k] for k in PRESERVED if k in destination}}


def _from_compendium(entry: dict[str, Any]) -> dict[str, Any]:
    """What importing from a compendium makes of it: ownership cleared, the importing GM
    its owner."""
    return {**entry, "ownership": {"default": NONE, GM.id: OWNER}}


def _secrets(entry: dict[str, Any]) -> list[str]:
    return [s for s in SECRETS if s in json.dumps(entry, ensure_ascii=False)]


@pytest.mark.parametrize("kind", EXPORTS)
def test_every_entry_holding_a_secret_is_read_by_its_audience_alone(
    built: Path, runner: Cli, tmp_path: Path, kind: str
) -> None:
    """G1: by every way in, no one reads an entry holding a secret that is not theirs;
    each audience's export is read by exactly its audience (a character's by the GM
    alone until given, then by that character's player too)."""
    copied(built, runner)
    args, audience = EXPORTS[kind]
    (tmp_path / "export").mkdir()
    runner("export", "--foundry", "export/night.json", *args)
    exported = json.loads((tmp_path / "export" / "night.json").read_text())
    packed = pack(tmp_path / "export", tmp_path).documents
    created = {"_id": "dest000000000001", "sort": 0, "folder": None,
               "ownership": {"default": NONE, GM.id: OWNER}}  # fmt: skip
    ways = {
        "macro": exported,
        "compendium": packed,
        "imported from the compendium": [_from_compendium(e) for e in packed],
        "Import Data": [_import_data(e, created) for e in exported],
    }
    held = 0
    for way, entries in ways.items():
        for entry in entries:
            who = readers(entry, USERS)
            if way in ("macro", "compendium"):
                assert who == audience, (way, entry["name"], who)
            for secret in _secrets(entry):
                assert who <= SECRETS[secret], (way, entry["name"], secret, who)
                held += 1
    if kind == "players":
        assert held == 0  # the players' export holds no secret at all
    else:
        assert held >= 4  # each way saw the audience's secret


def test_the_readme_gives_players_their_entries_each_way(
    built: Path, runner: Cli, tmp_path: Path
) -> None:
    """C2: "Import Data" keeps the destination entry's ownership, so the README has the GM
    give the entry to the players (Configure Ownership, Observer) with the import; done as
    it says, every player reads the recap. The macro and the compendium keep the file's."""
    text = section("## Foundry VTT", "docs/sharing.md")
    assert "Import Data" in text and "Configure Ownership" in text and "Observer" in text
    assert "createDocuments" in text and "keepId" in text and "compilePack" in text
    copied(built, runner)
    runner("export", "--foundry", "night.json")
    entry = json.loads((tmp_path / "night.session-1.json").read_text())
    created = {"_id": "dest000000000001", "sort": 0, "folder": None,
               "ownership": {"default": NONE, GM.id: OWNER}}  # fmt: skip
    assert readers(_import_data(entry, created), USERS) == {"GM"}  # as the report found
    given = {**created, "ownership": {"default": OBSERVER, GM.id: OWNER}}
    assert readers(_import_data(entry, given), USERS) == {"GM", "Linda", "Prof"}


def test_foundry_user_refusals(built: Path, runner: Cli, tmp_path: Path) -> None:
    copied(built, runner)
    said = runner.refused("export", "--foundry", "x.json", "--for", "Linda", "--foundry-user",
                          "not an id").stderr  # fmt: skip
    assert "is not a Foundry user id: it is 16 letters and digits" in said
    for audience in ("players", "gm"):
        said = runner.refused("export", "--foundry", "x.json", "--for", audience,
                              "--foundry-user", LINDA.id).stderr  # fmt: skip
        assert "--foundry-user goes with --for NAME" in said
    said = runner.refused("export", "--vault", "v", "--foundry-user", LINDA.id).stderr
    assert "--foundry-user goes with --foundry FILE.json --for NAME" in said
    assert not list(tmp_path.glob("x*.json")) and not (tmp_path / "v").exists()


def test_a_characters_export_says_how_to_give_it(built: Path, runner: Cli, tmp_path: Path) -> None:
    copied(built, runner)
    said = runner("export", "--foundry", "linda.json", "--for", "Linda").stderr
    assert "Note: only the GM may read these entries in Foundry until you give them to " \
        "Linda's player" in said  # fmt: skip
    for file in tmp_path.glob("linda*.json"):  # her secrets: as private as the GM's copy
        assert file.stat().st_mode & 0o077 == 0
    given = runner("export", "--foundry", "linda.json", "--for", "Linda", "--foundry-user",
                   LINDA.id).stderr  # fmt: skip
    assert "Note:" not in given


def test_a_link_beside_the_export_is_refused(built: Path, runner: Cli, tmp_path: Path) -> None:
    """V1 for the Foundry export: an entry's own file (`FILE.session-N.json`, a name the
    journal makes) that is a link refuses the export, nothing written."""
    copied(built, runner)
    (tmp_path / "night.session-2.json").symlink_to(tmp_path / "elsewhere.json")
    said = runner.refused("export", "--foundry", "night.json").stderr
    assert said.startswith("Error: not exported: ") and "night.session-2.json is a link" in said
    assert not (tmp_path / "night.json").exists() and not (tmp_path / "elsewhere.json").exists()
    assert not (tmp_path / "night.session-1.json").exists()
