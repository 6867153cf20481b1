"""The one trait model of a GURPS sheet: the traits the journal knows (the Fright Check's,
named as GURPS Character Sheet names them) and the one reader of a trait however it is
typed: `character add --trait/--disadvantage/--quirk`, `trait --name` (a trait a check
gave), `character trait add`, a GCS file. So `Cowardice` entered any way is the Cowardice
the modifiers look for, and a misspelt one is refused with the ones the journal knows.

A trait read (`TraitEntry`) has a place on the sheet:
- `traits`: a trait the journal knows, by its level (`Fearlessness 2`) or True;
- `disadvantages`: a mental disadvantage with its points and self-control number;
- `physical`: a physical disadvantage with its points;
- `quirks`: a quirk (-1);
- `others`: any other trait (an advantage, a perk, a social disadvantage), with its points.

Where a known trait sits among the disadvantages (`Cowardice -10 at self-control 12`, as
GCS keeps it), its level is read from there: a self-control number gives the text's -1 to
-4 (GCS's table: 15 is 1, 12 is 2, 9 is 3, 6 is 4), points give a leveled trait's level.
`fear_traits` reads every one of them, wherever it sits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from msgspec import Struct

from journal.plugin.rules import RuleError, signed
from journal.rulesets.fright_check.rules.state import Character, Disadvantage, Other

TRAITS = "traits"
MENTAL = "disadvantages"
PHYSICAL = "physical"
QUIRKS = "quirks"
OTHERS = "others"
#: the places a trait may take on a sheet, as `character trait add` names them
KINDS = {"mental": MENTAL, "physical": PHYSICAL, "quirk": QUIRKS, "other": OTHERS}

SELF_CONTROL = (15, 12, 9, 6)
#: a self-control number's level for a trait that reads it (Cowardice's -1 to -4,
#: Xenophilia's +1 to +4): GCS's "Fright Check penalty" by self-control roll
CONTROL_LEVEL = {15: 1, 14: 1, 13: 2, 12: 2, 11: 2, 10: 3, 9: 3, 8: 3, 7: 4, 6: 4}
#: the standard self-control number of each level (`Cowardice=2` is -10 points at 12)
LEVEL_CONTROL = {1: 15, 2: 12, 3: 9, 4: 6}
#: GURPS self-control multipliers on a disadvantage's base points
MULTIPLIER = {15: 0.5, 12: 1.0, 9: 1.5, 6: 2.0}


@dataclass(frozen=True)
class Known:
    """A trait the journal knows: GCS's name for it, its cost and levels."""

    name: str
    advantage: bool
    mental: bool = True
    base: int = 0
    per_level: int = 0
    #: allowed levels (inclusive); None for a trait without levels
    levels: tuple[int, int] | None = None
    #: its level is read from the self-control number (Cowardice, Xenophilia)
    controlled: bool = False
    #: other names it goes by (the text's "night-dweller")
    aliases: tuple[str, ...] = ()

    def points(self, level: int | bool) -> int:
        """What the trait costs at `level`, by GCS's Basic Set numbers."""
        if self.controlled and isinstance(level, int) and not isinstance(level, bool):
            return round(self.base * MULTIPLIER[LEVEL_CONTROL[level]])
        if self.per_level and isinstance(level, int) and not isinstance(level, bool):
            return self.per_level * level
        return self.base


# Fearlessness and Fearfulness have no maximum in the text; 10 levels is the journal's
# sanity bound (a typo guard), far past what any Fright Check can use.
CATALOG: tuple[Known, ...] = (
    Known("Fearlessness", True, per_level=2, levels=(1, 10)),
    Known("Fearfulness", False, per_level=-2, levels=(1, 10)),
    Known("Combat Reflexes", True, base=15),
    Known("Combat Paralysis", False, mental=False, base=-15),
    Known("Cowardice", False, base=-10, levels=(1, 4), controlled=True),
    Known("Daredevil", True, base=15),
    Known("Higher Purpose", True, base=5),
    Known("Xenophilia", False, base=-10, levels=(1, 4), controlled=True),
    Known("Unfazeable", True, base=15),
    Known("Nocturnal", False, mental=False, base=-20, aliases=("Night-dweller",)),
)
CONTRADICTIONS = (("Fearlessness", "Fearfulness"), ("Combat Reflexes", "Combat Paralysis"))


def normal(name: str) -> str:
    """A name as the journal compares it: case, `_`, `-` and spacing aside."""
    return " ".join(name.replace("_", " ").replace("-", " ").split()).casefold()


_BY_NAME = {normal(n): k for k in CATALOG for n in (k.name, *k.aliases)}


def known(name: str) -> Known | None:
    """The trait the journal knows by this name: `Cowardice`, `cowardice`, and a trait
    whose name takes a subject, `Higher Purpose (destroy the dead)`."""
    key = normal(name)
    found = _BY_NAME.get(key)
    if found is None and key.endswith(")") and " (" in key:
        found = _BY_NAME.get(key.partition(" (")[0])
    return found


def spelled(name: str) -> str:
    """A name as the sheet keeps it: spaces tidied, a known trait's own spelling (its
    subject kept: `Higher Purpose (destroy the dead)`)."""
    tidy = " ".join(name.split())
    found = known(tidy)
    if found is None:
        return tidy
    _, paren, subject = tidy.partition(" (")
    return found.name + (f" ({subject}" if paren and normal(tidy) != normal(found.name) else "")


def known_list() -> str:
    return ", ".join(k.name for k in CATALOG)


def refuse_near_miss(name: str) -> None:
    """A name close to a trait the journal knows, but not it (`Cowardise`), is a typo:
    refused with what it may have meant."""
    key = normal(name).partition(" (")[0]
    names = {normal(n): k.name for k in CATALOG for n in (k.name, *k.aliases)}
    import difflib  # (a refusal's: kept off every command's start)

    close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.8)
    if close:
        raise RuleError(
            f"{name.strip()!r} is not a trait the journal knows: did you mean "
            f"{names[close[0]]}? (known: {known_list()})"
        )


class Typed(Struct, frozen=True):
    """A trait as the GM typed it, split: its name, and a level, points or self-control
    number when given."""

    name: str
    level: int | None = None
    points: int | None = None
    self_control: int | None = None


def split(text: str) -> Typed:
    """`Fearlessness=2` and `Fearlessness 2` (a level), `Cowardice=-10/12` (points and a
    self-control number), `Phobia (dark)=-15/12`, `Acute Hearing=+4` (points), `Daredevil`.
    After `=`, a number without a sign is a level, a signed one points."""
    name, sep, value = text.rpartition("=")
    if not sep:
        words = text.split()
        if len(words) > 1 and words[-1].isdigit() and words[-1].isascii():
            return Typed(" ".join(words[:-1]), level=int(words[-1]))
        return Typed(" ".join(text.split()))
    name, value = " ".join(name.split()), value.strip()
    points_text, slash, control_text = value.partition("/")
    points_text = points_text.strip()
    control = _number(control_text, f"the self-control number of {name}") if slash else None
    if points_text[:1] in "+-" and points_text:
        return Typed(
            name, points=_number(points_text, f"the points of {name}"), self_control=control
        )
    if slash:
        raise RuleError(
            f'{text.strip()!r}: points go before the self-control number, signed: "{name}=-10/12"'
        )
    if not points_text:
        return Typed(name)
    return Typed(name, level=_number(points_text, f"the level of {name}"))


def _number(text: str, what: str) -> int:
    number = signed(text.strip())
    if number is None:
        raise RuleError(f"{what} must be a whole number, not {text.strip()!r}")
    return number


class TraitEntry(Struct, frozen=True):
    """A trait read: where it sits on the sheet (`TRAITS`, `MENTAL`, `PHYSICAL`, `QUIRKS`,
    `OTHERS`), its name as the sheet keeps it, and what it carries there."""

    place: str
    name: str
    level: int | bool | None = None
    points: int | None = None
    self_control: int | None = None


def check_self_control(value: object, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"the self-control number of {what} must be a whole number")
    if value not in SELF_CONTROL:
        raise RuleError(f"{what} has self-control number {value}: use 6, 9, 12 or 15 (or none)")
    return value


def _disadvantage_points(points: int | None, name: str) -> int:
    if points is None:
        raise RuleError(f"the disadvantage {name!r} needs its points (e.g. -10)")
    if points >= 0:
        raise RuleError(f"{name} is a disadvantage: its points must be negative, not {points}")
    return points


def read(typed: Typed, place: str | None = None, near_miss: bool = True) -> TraitEntry:
    """The one reader of a typed trait: `place` is where the GM put it (`--disadvantage`
    is MENTAL, `--quirk` QUIRKS, `character trait add --physical` PHYSICAL...), None
    where the journal says (`--trait`, `character trait add` with no kind). A name close
    to a known one is refused as a typo unless `near_miss` is off (a file's names are its
    own: GCS's `Combat Reflex` is not a mistyped Combat Reflexes)."""
    name = " ".join(typed.name.split())
    if not name:
        raise RuleError("a trait needs a name")
    found = known(name)
    if found is not None:
        return _read_known(found, spelled(name), typed, place)
    if near_miss:
        refuse_near_miss(name)
    if place == QUIRKS:
        if typed.level is not None or typed.self_control is not None:
            raise RuleError(f"a quirk has no level or self-control number: {name!r} alone")
        if typed.points not in (None, -1):
            raise RuleError(f"a quirk is worth -1 point, not {typed.points}: leave points out")
        return TraitEntry(QUIRKS, name, points=-1)
    if place in (MENTAL, PHYSICAL):
        if typed.level is not None:
            raise RuleError(f'{name}: give its points, not a level (e.g. "{name}=-10")')
        points = _disadvantage_points(typed.points, name)
        control = check_self_control(typed.self_control, name)
        if place == PHYSICAL and control is not None:
            raise RuleError(f"a physical disadvantage has no self-control number: {name}")
        return TraitEntry(place, name, points=points, self_control=control)
    if place == OTHERS and typed.points is not None:
        if typed.self_control is not None:
            raise RuleError(
                f"{name} has a self-control number: it is a mental disadvantage (--mental)"
            )
        return TraitEntry(OTHERS, name, level=typed.level, points=typed.points)
    how = (
        'give its points and what it is (`character trait add NAME "TRAIT" --points N '
        "[--mental|--physical|--quirk]`)"
        if place == OTHERS
        else "record others as quirks or disadvantages"
    )
    raise RuleError(f"{name!r} is not a trait the journal knows (known: {known_list()}); {how}")


def _read_known(found: Known, name: str, typed: Typed, place: str | None) -> TraitEntry:
    if found.advantage and place in (MENTAL, PHYSICAL, QUIRKS):
        raise RuleError(f"{found.name} is an advantage, not a disadvantage: add it as a trait")
    if place == QUIRKS:
        raise RuleError(f"{found.name} is a disadvantage, not a quirk: add it as one")
    if found.controlled and (typed.points is not None or typed.self_control is not None):
        return _controlled(found, name, typed)
    level = _level(found, typed)
    return TraitEntry(TRAITS, name, level=level, points=found.points(level))


def _controlled(found: Known, name: str, typed: Typed) -> TraitEntry:
    """Cowardice or Xenophilia as a disadvantage: its points and self-control number."""
    control = check_self_control(typed.self_control, found.name)
    if control is None:
        raise RuleError(
            f"{found.name} needs its self-control number: "
            f'"{found.name}=-10/12" (or its level, "{found.name}=2")'
        )
    level = CONTROL_LEVEL[control]
    if typed.level is not None and typed.level != level:
        raise RuleError(
            f"{found.name} at self-control {control} is level {level}, not {typed.level}: "
            "give one of them"
        )
    points = _disadvantage_points(typed.points, found.name) if typed.points is not None else None
    return TraitEntry(MENTAL, name, points=points or found.points(level), self_control=control)


def _level(found: Known, typed: Typed) -> int | bool:
    level = typed.level
    if level is None and typed.points is not None and found.per_level:
        level, rest = divmod(typed.points, found.per_level)
        if rest or level < 1:
            raise RuleError(
                f"{found.name} costs {found.per_level:+d} a level: {typed.points:+d} is no "
                "whole number of levels"
            )
    if found.levels is None:
        if level is not None:
            raise RuleError(f'{found.name} has no levels: write it as "{found.name}" alone')
        return True
    low, high = found.levels
    if level is None:
        raise RuleError(f'{found.name} needs a level: write it as "{found.name}={low}"')
    if not low <= level <= high:
        raise RuleError(f"{found.name} {level} is out of range: give a level from {low} to {high}")
    return level


def refuse_contradictions(names: Iterable[str]) -> None:
    have = {k.name for n in names if (k := known(n)) is not None}
    for first, second in CONTRADICTIONS:
        if first in have and second in have:
            raise RuleError(f"a character cannot have both {first} and {second}: keep one")


# --- what the modifiers read --------------------------------------------------------------


def level_of(found: Known, points: int | None, self_control: int | None) -> int | bool:
    """A known trait's level as a disadvantage entry holds it."""
    if found.controlled and self_control in CONTROL_LEVEL:
        return CONTROL_LEVEL[self_control]
    if found.per_level and points is not None:
        return max(1, points // found.per_level)
    if found.levels is not None:
        return found.levels[0]
    return True


def fear_traits(character: Character) -> dict[str, int | bool]:
    """Every trait of the character the journal knows, by its name, with its level:
    those of the sheet's traits and those among its disadvantages (Cowardice at
    self-control 12 is Cowardice 2)."""
    found: dict[str, int | bool] = {}
    for name, level in character.traits.items():
        entry = known(name)
        found[entry.name if entry is not None else name] = level
    listed: tuple[Disadvantage | Other, ...] = (
        *character.disadvantages,
        *character.physical,
        *character.others,
    )
    for item in listed:
        entry = known(item.name)
        if entry is not None and entry.name not in found:
            found[entry.name] = level_of(entry, item.points, item.self_control)
    return found


def owned(character: Character) -> list[str]:
    """Every trait name on the sheet, as it is kept."""
    names = list(character.traits)
    names += [q.name for q in character.quirks]
    names += [d.name for d in (*character.disadvantages, *character.physical)]
    names += [o.name for o in character.others]
    return names


def owns(character: Character, name: str) -> str | None:
    """The name the sheet keeps for `name` (a known trait found by any spelling), None
    when the character has no such trait."""
    want = known(name)
    for held in owned(character):
        if normal(held) == normal(name):
            return held
        if want is not None and known(held) is want and normal(name) == normal(want.name):
            return held
    return None


def shown(traits: Mapping[str, int | bool]) -> list[str]:
    """`Fearlessness 2`, `Combat Reflexes`."""
    return [n if v is True else f"{n} {v}" for n, v in traits.items()]
