"""The GURPS character sheet: Will, HT, IQ, the traits that modify Fright Checks, and the
quirks and mental disadvantages the character already has.

`build_sheet` validates what `character add` gives and returns the canonical sheet:
`{"will", "ht", "iq", "traits": {name: level | True}, "quirks": [...],
"disadvantages": [{"name", "points", "self_control"}]}`, with `"hp"` and `"fp"` when
given (without them FP is HT and HP is 10, an average ST: the fold's defaults). The
folds of the core's character events read it: a character added (`character_from_sheet`),
renamed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from journal.plugin.rules import (
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    JSONObject,
    Meta,
    RuleError,
    changed,
    renamed_in,
    signed,
)
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.state import Character, Disadvantage, FrightState, Quirk
from journal.rulesets.fright_check.rules.tables import EVOLVE

SELF_CONTROL = (15, 12, 9, 6)
MAX_SHEET_QUIRKS = 5
ATTRIBUTE_RANGE = (1, 30)
#: HP and FP (a typo guard: a giant has more HP than any attribute's range)
POOL_RANGE = (1, 99)
DEFAULT_HP = 10


@dataclass(frozen=True)
class TraitSpec:
    name: str
    #: allowed levels (inclusive); None for a trait without levels
    levels: tuple[int, int] | None = None


# Fearlessness and Fearfulness have no maximum in the text; 10 levels is the journal's
# sanity bound (a typo guard), far past what any Fright Check can use.
TRAITS: dict[str, TraitSpec] = {
    spec.name.casefold(): spec
    for spec in (
        TraitSpec("Fearlessness", (1, 10)),
        TraitSpec("Fearfulness", (1, 10)),
        TraitSpec("Combat Reflexes"),
        TraitSpec("Combat Paralysis"),
        TraitSpec("Cowardice", (1, 4)),
        TraitSpec("Daredevil"),
        TraitSpec("Higher Purpose"),
        TraitSpec("Xenophilia", (1, 4)),
        TraitSpec("Unfazeable"),
    )
}

CONTRADICTIONS = (("Fearlessness", "Fearfulness"), ("Combat Reflexes", "Combat Paralysis"))


def _normal(name: str) -> str:
    return " ".join(name.replace("_", " ").replace("-", " ").split()).casefold()


def _integer(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise RuleError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    number = signed(value) if isinstance(value, str) else None
    if number is not None:
        return number
    raise RuleError(f"{what} must be a whole number, not {value!r}")


def _attribute(sheet: Mapping[str, object], key: str) -> int:
    label = key.upper() if key != "will" else "Will"
    if sheet.get(key) is None:
        raise RuleError(f"a GURPS character needs {label}: add --{key} N")
    value = _integer(sheet[key], label)
    low, high = ATTRIBUTE_RANGE
    if not low <= value <= high:
        raise RuleError(f"{label} {value} is out of range: give {low} to {high}")
    return value


def _trait_items(raw: object) -> list[tuple[str, object]]:
    """Traits as (name, level) pairs, from a mapping or from CLI strings `Name=N` / `Name`."""
    if raw is None:
        return []
    if isinstance(raw, Mapping):
        return [(str(k), v) for k, v in raw.items()]
    items: list[tuple[str, object]] = []
    for text in _texts(raw, "traits"):
        name, sep, level = str(text).partition("=")
        items.append((name, level if sep else True))
    return items


def parse_traits(raw: object) -> dict[str, int | bool]:
    traits: dict[str, int | bool] = {}
    for given, level in _trait_items(raw):
        spec = TRAITS.get(_normal(given))
        if spec is None:
            known = ", ".join(s.name for s in TRAITS.values())
            raise RuleError(
                f"{given.strip()!r} is not a trait that modifies Fright Checks (known: {known}); "
                "record other traits as quirks or disadvantages"
            )
        if spec.name in traits:
            raise RuleError(f"{spec.name} is given twice: give it once")
        traits[spec.name] = _level(spec, level)
    for first, second in CONTRADICTIONS:
        if first in traits and second in traits:
            raise RuleError(f"a character cannot have both {first} and {second}: keep one")
    return traits


def _level(spec: TraitSpec, level: object) -> int | bool:
    if spec.levels is None:
        if level is True or (isinstance(level, str) and level.strip() == ""):
            return True
        raise RuleError(f'{spec.name} has no levels: write it as "{spec.name}" alone')
    low, high = spec.levels
    if level is True:
        raise RuleError(f'{spec.name} needs a level: write it as "{spec.name}={low}"')
    value = _integer(level, f"the level of {spec.name}")
    if not low <= value <= high:
        raise RuleError(f"{spec.name} {value} is out of range: give a level from {low} to {high}")
    return value


def _texts(raw: object, what: str) -> Iterable[object]:
    """One text, or several (a list of them)."""
    if isinstance(raw, str):
        return [raw]
    if not isinstance(raw, Iterable):
        raise RuleError(f"{what} must be a list of names, not {raw!r}")
    return raw


def _names(raw: object, what: str) -> list[str]:
    if raw is None:
        return []
    return [" ".join(str(n).split()) for n in _texts(raw, f"{what}s")]


def parse_quirks(raw: object) -> list[str]:
    quirks = _names(raw, "quirk")
    if any(not q for q in quirks):
        raise RuleError("a quirk needs a name")
    _no_duplicates(quirks, "quirk")
    if len(quirks) > MAX_SHEET_QUIRKS:
        raise RuleError(
            f"a sheet holds at most {MAX_SHEET_QUIRKS} quirks, not {len(quirks)}: "
            "more only come from failed Fright Checks (row 13)"
        )
    return quirks


def _no_duplicates(names: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RuleError(f"the {what} {name!r} is given twice: give it once")
        seen.add(name.casefold())


def check_self_control(value: object, what: str) -> int | None:
    if value is None:
        return None
    number = _integer(value, f"the self-control number of {what}")
    if number not in SELF_CONTROL:
        raise RuleError(f"{what} has self-control number {number}: use 6, 9, 12 or 15 (or none)")
    return number


def check_points(value: object, what: str) -> int:
    points = _integer(value, f"the points of {what}")
    if points >= 0:
        raise RuleError(f"{what} is a disadvantage: its points must be negative, not {points}")
    return points


class SheetDisadvantage(TypedDict):
    """A disadvantage as the sheet records it (plain JSON; the state's `Disadvantage` is
    what the fold makes of it)."""

    name: str
    points: int
    self_control: int | None


def parse_disadvantages(raw: object) -> list[SheetDisadvantage]:
    result: list[SheetDisadvantage] = []
    if not raw:
        return result
    if not isinstance(raw, Iterable):
        raise RuleError(f"disadvantages must be a list, not {raw!r}")
    for item in raw:
        if not isinstance(item, Mapping):
            raise RuleError(f"a disadvantage needs a name, points and self-control, not {item!r}")
        name = " ".join(str(item.get("name") or "").split())
        if not name:
            raise RuleError("a disadvantage needs a name")
        if item.get("points") is None:
            raise RuleError(f"the disadvantage {name!r} needs its points (e.g. -10)")
        result.append(
            {
                "name": name,
                "points": check_points(item["points"], name),
                "self_control": check_self_control(item.get("self_control"), name),
            }
        )
    _no_duplicates([d["name"] for d in result], "disadvantage")
    return result


KNOWN_KEYS = {"will", "ht", "iq", "traits", "quirks", "disadvantages", "hp", "fp"}


def _pool(sheet: Mapping[str, object], key: str) -> dict[str, int]:
    if sheet.get(key) is None:
        return {}
    value = _integer(sheet[key], key.upper())
    low, high = POOL_RANGE
    if not low <= value <= high:
        raise RuleError(f"{key.upper()} {value} is out of range: give {low} to {high}")
    return {key: value}


def build_sheet(sheet: Mapping[str, object]) -> dict[str, object]:
    unknown = sorted(k for k in sheet if k not in KNOWN_KEYS and sheet[k] is not None)
    if unknown:
        raise RuleError(
            f"a GURPS sheet has no {', '.join(unknown)}: give will, ht, iq, hp, fp, traits, "
            "quirks and disadvantages"
        )
    return {
        "will": _attribute(sheet, "will"),
        "ht": _attribute(sheet, "ht"),
        "iq": _attribute(sheet, "iq"),
        **_pool(sheet, "hp"),
        **_pool(sheet, "fp"),
        "traits": parse_traits(sheet.get("traits")),
        "quirks": parse_quirks(sheet.get("quirks")),
        "disadvantages": parse_disadvantages(sheet.get("disadvantages")),
    }


@EVOLVE.on(CharacterAdded)
def _added(state: CampaignState, payload: CharacterAdded, meta: Meta) -> FrightState:
    return rules_of(state).with_character(character_from_sheet(payload.name, payload.sheet))


@EVOLVE.on(CharacterRenamed)
def _renamed(state: CampaignState, payload: CharacterRenamed, meta: Meta) -> FrightState:
    rules = rules_of(state)
    old, new = payload.old, payload.new
    characters = renamed_in(rules.characters, old, new, lambda c: changed(c, name=new))
    combat = rules.combat
    if combat is not None:
        combat = changed(combat, cast=tuple(new if n == old else n for n in combat.cast))
    return changed(rules, characters=characters, combat=combat)


def _number(sheet: JSONObject, key: str) -> int:
    value = sheet.get(key, 10)
    return value if isinstance(value, int) else 10


def _items(sheet: JSONObject, key: str) -> list[object]:
    value = sheet.get(key)
    return list(value) if isinstance(value, list | tuple) else []


def _disadvantage(item: object) -> Disadvantage | None:
    if not isinstance(item, Mapping):
        return None
    points, scn = item.get("points"), item.get("self_control")
    return Disadvantage(
        str(item.get("name")),
        points if isinstance(points, int) else 0,
        scn if isinstance(scn, int) else None,
    )


def character_from_sheet(name: str, sheet: JSONObject) -> Character:
    """The character a recorded sheet describes (checked when it was recorded or imported)."""
    traits = sheet.get("traits")
    disadvantages = [_disadvantage(d) for d in _items(sheet, "disadvantages")]
    ht = _number(sheet, "ht")
    hp_max = sheet.get("hp")
    hp_max = hp_max if isinstance(hp_max, int) else DEFAULT_HP
    fp_max = sheet.get("fp")
    fp_max = fp_max if isinstance(fp_max, int) else ht
    return Character(
        name=name,
        will=_number(sheet, "will"),
        ht=ht,
        iq=_number(sheet, "iq"),
        hp_max=hp_max,
        hp=hp_max,
        fp_max=fp_max,
        fp=fp_max,
        traits={
            str(k): v
            for k, v in (traits if isinstance(traits, Mapping) else {}).items()
            if isinstance(v, int)
        },
        quirks=tuple(Quirk(str(q)) for q in _items(sheet, "quirks")),
        disadvantages=tuple(d for d in disadvantages if d is not None),
    )
