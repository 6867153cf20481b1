"""GURPS Character Sheet files for the tests (issue 45): the files made for the project
(tests/rulesets/fright_check/fixtures/gcs/) and a player's edits of one."""

from __future__ import annotations

import json
from pathlib import Path

from support import ROOT

FILES = ROOT / "tests" / "rulesets" / "fright_check" / "fixtures" / "gcs"


def levelled(folder: Path) -> Path:
    """Mara's file after the player's evening in GCS: Will +1, Fearlessness 3, the
    disabled Daredevil enabled, the Chronic Pain bought off."""
    document = json.loads((FILES / "mara.gcs").read_text(encoding="utf-8"))
    for attribute in document["attributes"]:
        if attribute["attr_id"] == "will":
            attribute["adj"] += 1
            attribute["calc"]["value"] += 1

    def edit(traits: list[dict[str, object]]) -> list[dict[str, object]]:
        kept = []
        for trait in traits:
            if trait["name"] == "Chronic Pain":
                continue
            if trait["name"] == "Fearlessness":
                trait.update(levels=3, calc={"points": 6, "current_level": 3})
            trait.pop("disabled", None)
            if "children" in trait:
                trait["children"] = edit(trait["children"])  # type: ignore[arg-type]
            kept.append(trait)
        return kept

    document["traits"] = edit(document["traits"])
    path = folder / "mara-levelled.gcs"
    path.write_text(json.dumps(document, indent="\t"), encoding="utf-8")
    return path
