"""A trait put on a character's sheet, taken off it or renamed, in its place (`traits.TraitEntry`):
what the sheet commands (`character trait add/remove/rename`, `character sync`) decide and
fold alike. A trait the GM adds is the sheet's, not a scar: it counts in no points lost to
fear, and one taken off does not give any back."""

from __future__ import annotations

from msgspec import Struct

from journal.plugin.rules import RuleError, changed
from journal.rulesets.fright_check.rules.state import Character, Disadvantage, Other, Quirk
from journal.rulesets.fright_check.rules.traits import (
    MENTAL,
    OTHERS,
    PHYSICAL,
    QUIRKS,
    TRAITS,
    TraitEntry,
    known,
    normal,
    owned,
    refuse_contradictions,
)

#: a trait's place in words
PLACES = {
    TRAITS: "trait",
    MENTAL: "mental disadvantage",
    PHYSICAL: "physical disadvantage",
    QUIRKS: "quirk",
    OTHERS: "trait",
}


class HeldTrait(Struct, frozen=True):
    """A trait as an event records it: its place, name, and what it carries there."""

    place: str
    name: str
    level: int | bool | None = None
    points: int | None = None
    self_control: int | None = None
    fright: int = 0

    @classmethod
    def of(cls, entry: TraitEntry, fright: int = 0) -> HeldTrait:
        level = entry.level if entry.place in (TRAITS, OTHERS) else None
        return cls(entry.place, entry.name, level, entry.points, entry.self_control, fright)

    def words(self) -> str:
        """`Fearlessness 2`, `Phobia (hospitals) (-10 points, self-control 12)`."""
        level = self.level
        text = self.name if level is None or level is True else f"{self.name} {level}"
        details = []
        if self.points is not None and self.place not in (TRAITS, QUIRKS):
            details.append(f"{self.points:+d} points")
        if self.self_control is not None:
            details.append(f"self-control {self.self_control}")
        return text + (f" ({', '.join(details)})" if details else "")


def held(character: Character, name: str) -> HeldTrait | None:
    """What the sheet holds under `name` (any spelling of it), None when nothing."""
    key = normal(name)
    want = known(name)

    def same(other: str) -> bool:
        return normal(other) == key or (
            want is not None and known(other) is want and key == normal(want.name)
        )

    for trait, level in character.traits.items():
        if same(trait):
            return HeldTrait(TRAITS, trait, level)
    for quirk in character.quirks:
        if same(quirk.name):
            return HeldTrait(QUIRKS, quirk.name, points=-1)
    for place, items in ((MENTAL, character.disadvantages), (PHYSICAL, character.physical)):
        for item in items:
            if same(item.name):
                return HeldTrait(place, item.name, None, item.points, item.self_control)
    for other in character.others:
        if same(other.name):
            return HeldTrait(
                OTHERS, other.name, other.level, other.points, other.self_control, other.fright
            )
    return None


def must_hold(character: Character, name: str) -> HeldTrait:
    """What the sheet holds under `name`, or a refusal naming the traits it has (and the
    one the GM may have meant)."""
    found = held(character, name)
    if found is not None:
        return found
    names = owned(character)
    import difflib  # (a refusal's: kept off every command's start)

    close = difflib.get_close_matches(name.strip(), names, n=1, cutoff=0.6)
    hint = f": did you mean {close[0]}?" if close else ""
    listed = ", ".join(names) or "none"
    raise RuleError(f"{character.name} has no trait {name.strip()!r}{hint} (theirs: {listed})")


def refuse_held(character: Character, name: str) -> None:
    found = held(character, name)
    if found is not None:
        raise RuleError(
            f"{character.name} already has {found.words()}: take it off first "
            f'(`journal character trait remove {character.name} "{found.name}"`) to give '
            "it anew"
        )


def with_trait(character: Character, trait: HeldTrait) -> Character:
    """The character with `trait` on their sheet, in its place."""
    if trait.place == TRAITS:
        level = True if trait.level is None else trait.level
        return changed(character, traits={**character.traits, trait.name: level})
    if trait.place == QUIRKS:
        return changed(character, quirks=(*character.quirks, Quirk(trait.name)))
    if trait.place == OTHERS:
        rank = trait.level if isinstance(trait.level, int) and trait.level is not True else None
        other = Other(trait.name, trait.points, rank, trait.self_control, trait.fright)
        return changed(character, others=(*character.others, other))
    item = Disadvantage(
        trait.name,
        trait.points or 0,
        trait.self_control,
        "physical" if trait.place == PHYSICAL else "mental",
    )
    if trait.place == PHYSICAL:
        return changed(character, physical=(*character.physical, item))
    return changed(character, disadvantages=(*character.disadvantages, item))


def without_trait(character: Character, name: str) -> Character:
    """The character with the trait kept as `name` off their sheet (in any place)."""
    return changed(
        character,
        traits={k: v for k, v in character.traits.items() if k != name},
        quirks=tuple(q for q in character.quirks if q.name != name),
        disadvantages=tuple(d for d in character.disadvantages if d.name != name),
        physical=tuple(d for d in character.physical if d.name != name),
        others=tuple(o for o in character.others if o.name != name),
    )


def renamed_trait(character: Character, old: str, new: str) -> Character:
    """The character with the trait kept as `old` called `new`, in its place and order."""
    return changed(
        character,
        traits={(new if k == old else k): v for k, v in character.traits.items()},
        quirks=tuple(changed(q, name=new) if q.name == old else q for q in character.quirks),
        disadvantages=tuple(
            changed(d, name=new) if d.name == old else d for d in character.disadvantages
        ),
        physical=tuple(changed(d, name=new) if d.name == old else d for d in character.physical),
        others=tuple(changed(o, name=new) if o.name == old else o for o in character.others),
    )


def refuse_contradicting(character: Character, name: str) -> None:
    """A trait that cannot stand beside one the character has (Fearlessness and
    Fearfulness) is refused."""
    refuse_contradictions([*owned(character), name])
