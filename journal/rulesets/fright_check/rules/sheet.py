"""The GURPS character sheet: Will, HT, IQ, the traits that modify Fright Checks, and the
quirks, disadvantages and other traits the character already has.

`build_sheet` validates what `character add` (or `character import`) gives and returns the
canonical sheet: `{"will", "ht", "iq", "traits": {name: level | True}, "quirks": [...],
"disadvantages": [{"name", "points", "self_control"}]}`, with `"hp"` and `"fp"` when given
(without them FP is HT and HP is 10, an average ST: the fold's defaults), `"hp_current"`
and `"fp_current"` when below them, `"physical": [{"name", "points"}]` and `"others":
[{"name", "points", "level", "fright"}]` when it has any, and a file's `"source"` and what
of it was `"unread"`. Every trait is read by the one reader (`traits.read`), so a trait
typed any way takes one place and one spelling. The folds of the core's character events
read it: a character added (`character_from_sheet`), renamed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
from journal.rulesets.fright_check.rules.state import (
    Character,
    Disadvantage,
    FrightState,
    Other,
    Quirk,
)
from journal.rulesets.fright_check.rules.tables import EVOLVE
from journal.rulesets.fright_check.rules.traits import (
    MENTAL,
    OTHERS,
    PHYSICAL,
    QUIRKS,
    TRAITS,
    TraitEntry,
    Typed,
    normal,
    refuse_contradictions,
    split,
)
from journal.rulesets.fright_check.rules.traits import read as read_trait

MAX_SHEET_QUIRKS = 5
ATTRIBUTE_RANGE = (1, 30)
#: HP and FP (a typo guard: a giant has more HP than any attribute's range)
POOL_RANGE = (1, 99)
DEFAULT_HP = 10
#: what a sheet may hold; `source` and `unread` come with a file read (`character import`)
KNOWN_KEYS = {"will", "ht", "iq", "hp", "fp", "hp_current", "fp_current", "traits", "quirks",
              "disadvantages", "physical", "others", "source", "unread"}  # fmt: skip


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


def check_points(value: object, what: str) -> int:
    points = _integer(value, f"the points of {what}")
    if points >= 0:
        raise RuleError(f"{what} is a disadvantage: its points must be negative, not {points}")
    return points


def _texts(raw: object, what: str) -> Iterable[object]:
    """One text, or several (a list of them)."""
    if isinstance(raw, str | Mapping):
        return [raw]
    if not isinstance(raw, Iterable):
        raise RuleError(f"{what} must be a list, not {raw!r}")
    return raw


def _optional(item: Mapping[str, object], key: str, what: str) -> int | None:
    value = item.get(key)
    return None if value is None else _integer(value, what)


def _typed(item: object, what: str) -> Typed:
    """A trait as a sheet gives it: a text (`Phobia (dark)=-15/12`) or a mapping (`{"name",
    "points", "self_control", "level"}`, as a recorded sheet holds it)."""
    if isinstance(item, str):
        return split(item)
    if not isinstance(item, Mapping):
        raise RuleError(f"a {what} needs a name and points, not {item!r}")
    name = " ".join(str(item.get("name") or "").split())
    if not name:
        raise RuleError(f"a {what} needs a name")
    return Typed(
        name,
        level=_optional(item, "level", f"the level of {name}"),
        points=_optional(item, "points", f"the points of {name}"),
        self_control=_optional(item, "self_control", f"the self-control number of {name}"),
    )


def _trait_items(raw: object) -> list[Typed]:
    """Traits from a mapping (`{name: level | True}`, a recorded sheet's) or texts."""
    if raw is None:
        return []
    if isinstance(raw, Mapping):
        items = []
        for name, level in raw.items():
            if level is True or (isinstance(level, str) and not level.strip()):
                items.append(Typed(str(name)))
            else:
                items.append(Typed(str(name), level=_integer(level, f"the level of {name}")))
        return items
    return [split(str(text)) for text in _texts(raw, "traits")]


class SheetRead:
    """The entries of a sheet as they are read, each in its place, each name once."""

    def __init__(self) -> None:
        self.traits: dict[str, int | bool] = {}
        self.lists: dict[str, list[dict[str, object]]] = {MENTAL: [], PHYSICAL: [], OTHERS: []}
        self.quirks: list[str] = []
        self._names: dict[str, str] = {}

    def add(self, entry: TraitEntry, fright: int = 0) -> None:
        key = normal(entry.name)
        if key in self._names:
            raise RuleError(f"{entry.name} is given twice: give it once")
        self._names[key] = entry.name
        if entry.place == TRAITS:
            self.traits[entry.name] = True if entry.level is None else entry.level
        elif entry.place == QUIRKS:
            self.quirks.append(entry.name)
        elif entry.place == MENTAL:
            self.lists[MENTAL].append(
                {"name": entry.name, "points": entry.points, "self_control": entry.self_control}
            )
        elif entry.place == PHYSICAL:
            self.lists[PHYSICAL].append({"name": entry.name, "points": entry.points})
        else:
            found: dict[str, object] = {"name": entry.name, "points": entry.points}
            if isinstance(entry.level, int) and not isinstance(entry.level, bool):
                found["level"] = entry.level
            if fright:
                found["fright"] = fright
            self.lists[OTHERS].append(found)

    def canonical(self) -> dict[str, object]:
        if len(self.quirks) > MAX_SHEET_QUIRKS:
            raise RuleError(
                f"a sheet holds at most {MAX_SHEET_QUIRKS} quirks, not {len(self.quirks)}: "
                "more only come from failed Fright Checks (row 13)"
            )
        refuse_contradictions(self._names.values())
        found: dict[str, object] = {
            "traits": self.traits,
            "quirks": self.quirks,
            "disadvantages": self.lists[MENTAL],
        }
        # (a sheet without them keeps the shape older journals recorded)
        found.update({key: self.lists[key] for key in (PHYSICAL, OTHERS) if self.lists[key]})
        return found


def read_traits(sheet: Mapping[str, object]) -> dict[str, object]:
    """Every trait of a sheet read by the one reader (`traits.read`), in its place (a
    file's names as the file spells them: no near miss of a known one is a typo)."""
    read = SheetRead()
    typo = sheet.get("source") is None
    for typed in _trait_items(sheet.get("traits")):
        read.add(read_trait(typed))
    for place, key in ((MENTAL, "disadvantages"), (PHYSICAL, "physical")):
        for item in _texts(sheet.get(key) or [], key):
            read.add(read_trait(_typed(item, "disadvantage"), place, typo))
    for item in _texts(sheet.get("quirks") or [], "quirks"):
        if isinstance(item, Mapping):
            item = item.get("name") or ""
        if not " ".join(str(item).split()):
            raise RuleError("a quirk needs a name")
        read.add(read_trait(Typed(str(item)), QUIRKS, typo))
    for item in _texts(sheet.get("others") or [], "others"):
        typed = _typed(item, "trait")
        fright = item.get("fright") if isinstance(item, Mapping) else None
        read.add(
            read_trait(typed, OTHERS, typo),
            _integer(fright, f"the Fright Check bonus of {typed.name}") if fright else 0,
        )
    return read.canonical()


def _pool(sheet: Mapping[str, object], key: str) -> dict[str, int]:
    if sheet.get(key) is None:
        return {}
    value = _integer(sheet[key], key.upper())
    low, high = POOL_RANGE
    if not low <= value <= high:
        raise RuleError(f"{key.upper()} {value} is out of range: give {low} to {high}")
    return {key: value}


def _current(sheet: Mapping[str, object], key: str, most: int) -> dict[str, int]:
    """HP or FP now, below the maximum (a file's `calc.current`; GURPS lets it go below 0,
    to -5 times the maximum at death)."""
    field = f"{key}_current"
    if sheet.get(field) is None:
        return {}
    value = _integer(sheet[field], f"current {key.upper()}")
    if not -5 * most <= value <= most:
        raise RuleError(
            f"current {key.upper()} {value} is out of range: give {-5 * most} to {most}"
        )
    return {field: value}


def _source(sheet: Mapping[str, object]) -> dict[str, object]:
    """Where a sheet read from a file came from (its name, digest and format), and what of
    it the journal could not read: kept as given, in words."""
    found: dict[str, object] = {}
    source = sheet.get("source")
    if source is not None:
        if not isinstance(source, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in source.items()
        ):
            raise RuleError("a sheet's source names its file in words: {file, sha256, format}")
        found["source"] = dict(sorted(source.items()))
    unread = sheet.get("unread")
    if unread is not None:
        if not isinstance(unread, list | tuple) or not all(isinstance(u, str) for u in unread):
            raise RuleError("what a sheet's file held and the journal did not read is a list")
        found["unread"] = list(unread)
    return found


def build_sheet(sheet: Mapping[str, object]) -> dict[str, object]:
    unknown = sorted(k for k in sheet if k not in KNOWN_KEYS and sheet[k] is not None)
    if unknown:
        raise RuleError(
            f"a GURPS sheet has no {', '.join(unknown)}: give will, ht, iq, hp, fp, traits, "
            "quirks and disadvantages"
        )
    ht = _attribute(sheet, "ht")
    pools = {**_pool(sheet, "hp"), **_pool(sheet, "fp")}
    most = {"hp": pools.get("hp", DEFAULT_HP), "fp": pools.get("fp", ht)}
    return {
        "will": _attribute(sheet, "will"),
        "ht": ht,
        "iq": _attribute(sheet, "iq"),
        **pools,
        **_current(sheet, "hp", most["hp"]),
        **_current(sheet, "fp", most["fp"]),
        **read_traits(sheet),
        **_source(sheet),
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


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _disadvantage(item: object, kind: str = "mental") -> Disadvantage | None:
    if not isinstance(item, Mapping):
        return None
    return Disadvantage(
        str(item.get("name")),
        _whole(item.get("points")) or 0,
        _whole(item.get("self_control")),
        kind,
    )


def _other(item: object) -> Other | None:
    if not isinstance(item, Mapping):
        return None
    return Other(
        str(item.get("name")),
        _whole(item.get("points")),
        _whole(item.get("level")),
        _whole(item.get("self_control")),
        _whole(item.get("fright")) or 0,
    )


def character_from_sheet(name: str, sheet: JSONObject) -> Character:
    """The character a recorded sheet describes (checked when it was recorded or imported)."""
    traits = sheet.get("traits")
    disadvantages = [_disadvantage(d) for d in _items(sheet, "disadvantages")]
    physical = [_disadvantage(d, "physical") for d in _items(sheet, "physical")]
    others = [_other(o) for o in _items(sheet, "others")]
    ht = _number(sheet, "ht")
    hp_max = _whole(sheet.get("hp")) or DEFAULT_HP
    fp_max = _whole(sheet.get("fp")) or ht
    hp, fp = _whole(sheet.get("hp_current")), _whole(sheet.get("fp_current"))
    return Character(
        name=name,
        will=_number(sheet, "will"),
        ht=ht,
        iq=_number(sheet, "iq"),
        hp_max=hp_max,
        hp=hp_max if hp is None else hp,
        fp_max=fp_max,
        fp=fp_max if fp is None else fp,
        traits={
            str(k): v
            for k, v in (traits if isinstance(traits, Mapping) else {}).items()
            if isinstance(v, int)
        },
        quirks=tuple(Quirk(str(q)) for q in _items(sheet, "quirks")),
        disadvantages=tuple(d for d in disadvantages if d is not None),
        physical=tuple(d for d in physical if d is not None),
        others=tuple(o for o in others if o is not None),
    )
