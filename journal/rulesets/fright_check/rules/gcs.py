"""A GURPS Character Sheet file (GCS, format version 5, `.gcs`) read as the journal's sheet:
its name, Will, HT, IQ, HP and FP (`attributes[].calc`), and every trait, each read by the
one reader (`traits.read`) so a GCS `Cowardice` is the Cowardice the modifiers look for.

Traits nest through `children` (containers: a meta-trait, an ancestry, a group); a disabled
trait or container is not the character's. A trait's name may carry GCS placeholders
(`@Mental Quirk@`) that its `replacements` fill. Where it sits on the sheet:
- a trait the journal knows (GCS's names): by its `levels` or its `cr` (Cowardice);
- a `Quirk`: a quirk;
- a `Disadvantage` with a self-control number (`cr`) or tagged `Mental`: a mental one;
- a `Disadvantage` tagged `Physical`: a physical one;
- any other: a named trait with its `calc.points` (and level), and the Fright Check bonus
  its `attribute_bonus` features on `fright_check` give.
What the journal does not read (skills, equipment, a disabled trait...) is listed, never
dropped in silence. Traits the journal wrote into a file (`export-gcs`, tagged
`JOURNAL_TAG`) are read back like any other; an IQ or HT loss it wrote is already in the
attribute's value.

Pure: the command line reads the file and hands its parsed JSON here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from journal.plugin.rules import RuleError
from journal.rulesets.fright_check.rules.traits import (
    MENTAL,
    OTHERS,
    PHYSICAL,
    QUIRKS,
    TraitEntry,
    Typed,
    known,
    normal,
    read,
)

FORMAT = 5
#: the tag of every trait `export-gcs` writes
JOURNAL_TAG = "Fright Check"
ATTRIBUTES = ("will", "ht", "iq")
POOLS = ("hp", "fp")
#: what a GCS character holds that is not a Fright Check's
ELSEWHERE = ("skills", "spells", "equipment", "other_equipment", "notes")
_PLACEHOLDER = re.compile(r"@([^@]+)@")


def refuse_document(document: object, file: str) -> Mapping[str, object]:
    """`document` as a GCS 5 character, or a refusal saying what it is."""
    if not isinstance(document, Mapping):
        raise RuleError(f"{file} is not a GCS character: its JSON is not an object")
    version = document.get("version")
    if "rows" in document:
        raise RuleError(
            f"{file} is a GCS library file (a list of traits, skills or equipment), not a "
            "character: import a .gcs character sheet"
        )
    if version != FORMAT:
        older = isinstance(version, int) and version < FORMAT
        hint = "open it in GCS 5 and save it again" if older else "the journal reads version 5"
        raise RuleError(f"{file} is GCS format version {version}: {hint}")
    ident = document.get("id")
    if isinstance(ident, str) and ident.startswith("B"):
        raise RuleError(
            f"{file} is a GCS template (a set of traits to apply), not a character: apply it "
            "to a character in GCS and import that .gcs"
        )
    if not isinstance(document.get("attributes"), list):
        raise RuleError(f"{file} is not a GCS character: it has no attributes")
    return document


def name_of(document: Mapping[str, object]) -> str:
    profile = document.get("profile")
    name = profile.get("name") if isinstance(profile, Mapping) else None
    return " ".join(str(name or "").split())


def attributes(document: Mapping[str, object], file: str) -> dict[str, int]:
    """Will, HT, IQ, HP and FP as GCS computed them, current HP and FP when below."""
    found: dict[str, int] = {}
    for item in _list(document.get("attributes")):
        if not isinstance(item, Mapping):
            continue
        key, calc = item.get("attr_id"), item.get("calc")
        if key not in (*ATTRIBUTES, *POOLS) or not isinstance(calc, Mapping):
            continue
        found[str(key)] = _whole(calc.get("value"), f"{file}: {str(key).upper()}")
        current = calc.get("current")
        if key in POOLS and current is not None:
            now = _whole(current, f"{file}: current {str(key).upper()}")
            if now < found[str(key)]:
                found[f"{key}_current"] = now
    missing = [k.upper() if k != "will" else "Will" for k in ATTRIBUTES if k not in found]
    if missing:
        raise RuleError(f"{file} has no {' or '.join(missing)}: it is not a GURPS character")
    return found


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise RuleError(f"{what} is {value!r}, not a whole number")
    return int(value)


def _list(value: object) -> Sequence[object]:
    return value if isinstance(value, list) else ()


def _strings(value: object) -> list[str]:
    return [str(v) for v in _list(value)]


def trait_name(trait: Mapping[str, object]) -> str:
    """Its name with GCS's placeholders filled (`@Mental Quirk@` by its replacement)."""
    raw = str(trait.get("name") or "")
    given = trait.get("replacements")
    fills = given if isinstance(given, Mapping) else {}
    return " ".join(_PLACEHOLDER.sub(lambda m: str(fills.get(m[1], m[1])), raw).split())


def walk(traits: object, unread: list[str]) -> Iterator[Mapping[str, object]]:
    """Every trait that is the character's, containers opened, disabled ones listed."""
    for trait in _list(traits):
        if not isinstance(trait, Mapping):
            continue
        name = trait_name(trait)
        if trait.get("disabled"):
            unread.append(f"{name}: disabled in GCS")
            continue
        children = trait.get("children")
        if isinstance(children, list) or str(trait.get("id", "")).startswith("T"):
            yield from walk(children, unread)
            continue
        yield trait


def level_of(trait: Mapping[str, object]) -> int | None:
    calc = trait.get("calc")
    level = calc.get("current_level") if isinstance(calc, Mapping) else None
    if level is None:
        level = trait.get("levels")
    if level is None or not trait.get("can_level", level is not None):
        return None
    return int(level) if isinstance(level, int | float) and not isinstance(level, bool) else None


def points_of(trait: Mapping[str, object]) -> int | None:
    calc = trait.get("calc")
    points = calc.get("points") if isinstance(calc, Mapping) else None
    if isinstance(points, int | float) and not isinstance(points, bool):
        return int(points)
    return None


def fright_bonus(trait: Mapping[str, object], level: int | None) -> int:
    """What its `attribute_bonus` features on `fright_check` add (per level when so)."""
    bonus = 0
    for feature in _list(trait.get("features")):
        if not isinstance(feature, Mapping) or feature.get("type") != "attribute_bonus":
            continue
        if feature.get("attribute") != "fright_check":
            continue
        amount = feature.get("amount")
        if isinstance(amount, int | float) and not isinstance(amount, bool):
            bonus += int(amount) * (level or 1 if feature.get("per_level") else 1)
    return bonus


def entry_of(trait: Mapping[str, object]) -> tuple[TraitEntry, int]:
    """The trait as the journal's sheet holds it, and its Fright Check bonus (a trait the
    journal does not know)."""
    name = trait_name(trait)
    tags = set(_strings(trait.get("tags")))
    level, points = level_of(trait), points_of(trait)
    cr = trait.get("cr")
    control = int(cr) if isinstance(cr, int) and not isinstance(cr, bool) and cr else None
    found = known(name)
    if found is not None:
        if found.controlled and control is not None:
            return read(Typed(name, points=points, self_control=control)), 0
        steps = (level or found.levels[0]) if found.levels else None
        return read(Typed(name, level=steps)), 0
    if "Quirk" in tags and (points or -1) == -1:
        return read(Typed(name), QUIRKS, near_miss=False), 0
    if "Disadvantage" in tags and points is not None and points < 0 and level is None:
        if control is not None or "Mental" in tags:
            return read(Typed(name, points=points, self_control=control), MENTAL, False), 0
        if "Physical" in tags:
            return read(Typed(name, points=points), PHYSICAL, near_miss=False), 0
    typed = Typed(name, level=level, points=points or 0)
    return read(typed, OTHERS, near_miss=False), fright_bonus(trait, level)


def _held(entry: TraitEntry, fright: int) -> object:
    if entry.place == QUIRKS:
        return entry.name
    if entry.place == OTHERS:
        item: dict[str, object] = {"name": entry.name, "points": entry.points}
        if isinstance(entry.level, int) and not isinstance(entry.level, bool):
            item["level"] = entry.level
        if fright:
            item["fright"] = fright
        return item
    if entry.place in (MENTAL, PHYSICAL):
        item = {"name": entry.name, "points": entry.points}
        if entry.place == MENTAL:
            item["self_control"] = entry.self_control
        return item
    return entry.level if entry.level is not None else True


def sheet_of(document: object, file: str, digest: str) -> tuple[str, dict[str, object]]:
    """The name and the sheet (as `character add` takes it) a GCS file describes, with the
    file's name and digest as its source and what the journal did not read."""
    doc = refuse_document(document, file)
    unread: list[str] = []
    sheet: dict[str, object] = dict(attributes(doc, file))
    places: dict[str, object] = {"traits": {}, "quirks": [], MENTAL: [], PHYSICAL: [], OTHERS: []}
    seen: set[str] = set()
    for trait in walk(doc.get("traits"), unread):
        entry, fright = entry_of(trait)
        if _is_loss(trait):
            unread.append(f"{entry.name}: already in the attribute's value")
            continue
        if normal(entry.name) in seen:
            unread.append(f"{entry.name}: given twice in the file, read once")
            continue
        seen.add(normal(entry.name))
        held = _held(entry, fright)
        if entry.place == "traits":
            traits = places["traits"]
            assert isinstance(traits, dict)
            traits[entry.name] = held
        else:
            listed = places[entry.place]
            assert isinstance(listed, list)
            listed.append(held)
    sheet.update({k: v for k, v in places.items() if v})
    there = [k for k in ELSEWHERE if _list(doc.get(k))]
    if there:
        unread.append(f"{', '.join(there)}: not a Fright Check's")
    ident = doc.get("id")
    sheet["source"] = {
        "file": file,
        "sha256": digest,
        "format": f"GCS {FORMAT}",
        **({"gcs_id": ident} if isinstance(ident, str) else {}),
    }
    if unread:
        sheet["unread"] = unread
    return name_of(doc), sheet


def _is_loss(trait: Mapping[str, object]) -> bool:
    """An IQ or HT loss the journal wrote (its value is already the attribute's)."""
    return JOURNAL_TAG in _strings(trait.get("tags")) and any(
        isinstance(f, Mapping)
        and f.get("type") == "attribute_bonus"
        and f.get("attribute") in ("iq", "ht")
        for f in _list(trait.get("features"))
    )
