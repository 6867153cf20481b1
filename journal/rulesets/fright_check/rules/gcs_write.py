"""`character export-gcs`: a copy of the player's GCS file with what the journal recorded
added as GCS traits, each tagged `Fright Check` and noted with the campaign, the session
and the event that gave it; nothing else of the file changed but the attribute values an
IQ or HT loss lowers (its `calc.value`, as GCS computes it on opening).

What is written: each quirk, mental disadvantage (a Phobia, a Delusion...) and physical one
the journal recorded (by a Fright Check, or `character trait add` during play), with its
points and self-control number; and each check's IQ or HT loss, a trait lowering the
attribute by an `attribute_bonus` feature. A trait an earlier export wrote (its note names
the campaign and the event) is not written twice. A disadvantage a check gave but the GM
has not named yet cannot be written: it is listed.

Ids are as GCS makes them: a kind letter (`t` a trait) and 16 characters of URL-safe
base64 (12 random bytes). Pure but for them: the ids come from `secrets`."""

from __future__ import annotations

import base64
import copy
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from journal.plugin.rules import CampaignState
from journal.rulesets.fright_check.rules.effects import Losses, losses
from journal.rulesets.fright_check.rules.gcs import JOURNAL_TAG, refuse_document, trait_name
from journal.rulesets.fright_check.rules.lookup import character_of
from journal.rulesets.fright_check.rules.state import Character
from journal.rulesets.fright_check.rules.traits import normal

#: GURPS's cost of a level of IQ and of HT
COST = {"iq": 20, "ht": 10}
#: the note of a trait the journal wrote: `journal: CAMPAIGN event #SEQ`
_NOTE = re.compile(r"journal: (\S+) event #(\d+)")


def new_id(kind: str = "t") -> str:
    """An id as GCS makes one: its kind's letter and 12 random bytes, URL-safe base64."""
    return kind + base64.urlsafe_b64encode(secrets.token_bytes(12)).decode("ascii")


@dataclass
class Exported:
    """The new file's document, what was written into it and what was not."""

    document: dict[str, object]
    written: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    not_written: list[str] = field(default_factory=list)


def written_before(document: Mapping[str, object]) -> set[tuple[str, int, str]]:
    """(campaign, event, name) of every trait an earlier export wrote."""
    found: set[tuple[str, int, str]] = set()

    def visit(traits: object) -> None:
        for trait in traits if isinstance(traits, list) else ():
            if not isinstance(trait, Mapping):
                continue
            visit(trait.get("children"))
            note = _NOTE.search(str(trait.get("local_notes") or ""))
            if note is not None:
                found.add((note[1], int(note[2]), normal(trait_name(trait))))

    visit(document.get("traits"))
    return found


def _note(campaign: str, session: int | None, seq: int, why: str) -> str:
    when = f"session {session}" if session is not None else "between sessions"
    return f"{why}, {when} (journal: {campaign} event #{seq})"


def _trait(name: str, tags: list[str], points: int, note: str) -> dict[str, object]:
    return {
        "id": new_id(),
        "name": name,
        "local_notes": note,
        "tags": [*tags, JOURNAL_TAG],
        "base_points": points,
        "calc": {"points": points},
    }


def _acquired(character: Character) -> list[tuple[int, str, dict[str, object]]]:
    """(seq, name, GCS trait without its note) of every trait the journal recorded."""
    found: list[tuple[int, str, dict[str, object]]] = []
    for quirk in character.quirks:
        if quirk.seq is not None:
            found.append((quirk.seq, quirk.name, _trait(quirk.name, ["Mental", "Quirk"], -1, "")))
    for item in (*character.disadvantages, *character.physical):
        if item.seq is None:
            continue
        tags = ["Disadvantage", "Physical" if item.kind == "physical" else "Mental"]
        trait = _trait(item.name, tags, item.points, "")
        if item.self_control is not None:
            trait["cr"] = item.self_control
        found.append((item.seq, item.name, trait))
    for other in character.others:
        if other.seq is not None and other.points is not None:
            tags = ["Disadvantage" if other.points < 0 else "Advantage"]
            trait = _trait(other.name, tags, other.points, "")
            if other.level is not None:
                trait.update(can_level=True, levels=other.level)
            found.append((other.seq, other.name, trait))
    return found


def _loss(attribute: str, amount: int) -> dict[str, object]:
    label = attribute.upper()
    trait = _trait(
        f"{label} lost to fright", ["Attribute", "Disadvantage"], -COST[attribute] * amount, ""
    )
    trait["features"] = [{"type": "attribute_bonus", "attribute": attribute, "amount": -amount}]
    return trait


def _lower(document: dict[str, object], attribute: str, amount: int) -> None:
    """The attribute's value as GCS computes it after the loss (FP's maximum too, as HT's
    loss lowers it in the journal)."""
    listed = document.get("attributes")
    for item in listed if isinstance(listed, list) else ():
        if not isinstance(item, dict) or not isinstance(item.get("calc"), dict):
            continue
        if item.get("attr_id") == attribute or (attribute == "ht" and item["attr_id"] == "fp"):
            calc = item["calc"]
            for key in ("value", "current"):
                if isinstance(calc.get(key), int | float):
                    calc[key] = calc[key] - amount


def exported(
    state: CampaignState,
    name: str,
    document: object,
    file: str,
    sessions: Mapping[int, int | None],
) -> Exported:
    """`document` (the player's file) with what the journal recorded of `name` added."""
    refuse_document(document, file)
    character = character_of(state, name)
    assert isinstance(document, dict)
    new = copy.deepcopy(document)
    campaign = state.slug
    before = written_before(new)
    out = Exported(new)
    added: list[dict[str, object]] = []
    items = _acquired(character)
    for record in character.history:
        lost = losses(record.effects)
        items += [(record.seq, f"{a.upper()} -{n}", _loss(a, n)) for a, n in lost_of(lost) if n]
    for seq, label, trait in sorted(items, key=lambda item: item[0]):
        key = (campaign, seq, normal(str(trait["name"])))
        if key in before:
            out.already.append(f"{label} (#{seq})")
            continue
        session = sessions.get(seq)
        trait["local_notes"] = _note(campaign, session, seq, f"{name}'s Fright Checks")
        added.append(trait)
        out.written.append(f"{label} (#{seq})")
        for attribute, amount in _bonuses(trait):
            _lower(new, attribute, -amount)
    for pending in character.pending:
        out.not_written.append(
            f"a {pending.kind} disadvantage of {pending.points} points (#{pending.seq}) not "
            f"named yet: name it first (journal trait {character.name} --for {pending.seq} "
            '--name "...")'
        )
    traits = new.get("traits")
    new["traits"] = [*(traits if isinstance(traits, list) else []), *added]
    return out


def lost_of(lost: Losses) -> list[tuple[str, int]]:
    return [("iq", lost.iq), ("ht", lost.ht)]


def _bonuses(trait: Mapping[str, object]) -> list[tuple[str, int]]:
    features = trait.get("features")
    return [
        (str(f["attribute"]), int(f["amount"]))
        for f in (features if isinstance(features, list) else ())
        if isinstance(f, Mapping) and f.get("attribute") in COST
    ]
