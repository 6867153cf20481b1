"""Character sheets and campaign options, validated in the GM's words; and the folds of the
core's character events: a character added (their sheet), renamed."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from journal.plugin.rules import (
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    JSONObject,
    Meta,
    RuleError,
    renamed_in,
    signed,
)
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.state import (
    Character,
    HFState,
    clamp,
    rules_of,
    with_character,
)
from journal.rulesets.horror_factor.rules.tables import EVOLVE


def whole(value: object, what: str) -> int:
    """An int from an int or a digit string; a RuleError naming `what` otherwise."""
    if isinstance(value, bool):
        raise RuleError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        number = signed(value)
        if number is not None:
            return number
    raise RuleError(f"{what} must be a whole number, not {value!r}")


def in_range(value: object, what: str, low: int, high: int) -> int:
    number = whole(value, what)
    if not low <= number <= high:
        raise RuleError(f"{what} must be {low} to {high}, not {number}")
    return number


def category_name(text: str) -> str:
    return "-".join(text.strip().lower().split())


def build_sheet(sheet: Mapping[str, object]) -> dict[str, object]:
    """The canonical Horror Factor sheet; refuses what the rules do not allow."""
    missing = [k for k in ("reaction", "willpower", "hardness", "training") if k not in sheet]
    if missing:
        raise RuleError(
            f"a Horror Factor character needs {', '.join(missing)}: give "
            "--reaction N --willpower N --hardness N --training T"
        )
    reaction = in_range(sheet["reaction"], "reaction", *catalog.REACTION_RANGE)
    willpower = in_range(sheet["willpower"], "willpower", *catalog.WILLPOWER_RANGE)
    hardness = in_range(sheet["hardness"], "hardness", 0, catalog.HARDNESS_MAX)
    training = str(sheet["training"]).strip().lower()
    if training not in catalog.TRAININGS:
        raise RuleError(
            f"training must be one of {', '.join(catalog.TRAININGS)}, not {sheet['training']!r}"
        )
    cap = catalog.HARDENING_CAP[training]
    if hardness > cap:
        fits = next(t for t in catalog.TRAININGS if catalog.HARDENING_CAP[t] >= hardness)
        raise RuleError(
            f"a starting Hardness of {hardness} is above the cap of training {training} ({cap}): "
            f"give --training {fits} (cap {catalog.HARDENING_CAP[fits]}) if that fits, or start "
            f"at {cap} and `journal award NAME --hardness {hardness - cap} --reason ...` "
            "for the rest"
        )
    brokenness = in_range(sheet.get("brokenness", 0), "brokenness", 0, catalog.BROKENNESS_MAX)
    raw_specs = sheet.get("specializations") or {}
    if isinstance(raw_specs, Mapping):
        items = [(str(k), v) for k, v in raw_specs.items()]
    elif isinstance(raw_specs, list | tuple):
        items = [split_specialization(str(text)) for text in raw_specs]
    else:
        raise RuleError("specializations must map a category to a Hardness, e.g. mythos=4")
    specs: dict[str, int] = {}
    for raw_name, raw_level in items:
        name, level = read_specialization(raw_name, raw_level, training)
        if name in specs:
            raise RuleError(f"the specialization {name!r} is given twice: give it once")
        specs[name] = level
    return {
        "reaction": reaction,
        "willpower": willpower,
        "hardness": hardness,
        "training": training,
        "specializations": dict(sorted(specs.items())),
        "brokenness": brokenness,
    }


def split_specialization(text: str) -> tuple[str, object]:
    """`mythos=4` as its category and level (None when no level is given)."""
    name, sep, level = text.partition("=")
    return name, level if sep else None


def read_specialization(
    name: str, level: object, training: str, starting: bool = True
) -> tuple[str, int]:
    """The one reader of a Hardness specialization, wherever it is typed (`character add
    --spec`, `character trait add`): its category as the sheet keeps it (`Mythos Horrors`
    is `mythos-horrors`) and its level, 0 to 7 and within the training's cap (past it is
    an award's: `journal award --spec`)."""
    category = category_name(name)
    if not category:
        raise RuleError("a Hardness specialization needs a category name, e.g. mythos=4")
    if level is None:
        raise RuleError(f"the {category} specialization needs its Hardness: {category}=N")
    value = in_range(level, f"the {category} specialization", 0, catalog.HARDNESS_MAX)
    cap = catalog.HARDENING_CAP[training]
    if value > cap:
        fits = next(t for t in catalog.TRAININGS if catalog.HARDENING_CAP[t] >= value)
        raise RuleError(
            f"{'a starting' if starting else 'an' if category[0] in 'aeiou' else 'a'} "
            f"{category} specialization of {value} is above the cap of training "
            f"{training} ({cap}): give --training {fits} (cap {catalog.HARDENING_CAP[fits]}) "
            f"if that fits, or start at {category}={cap} and `journal award NAME --hardness "
            f"{value - cap} --spec {category} --reason ...` for the rest"
        )
    return category, value


def parse_option(key: str, raw: str) -> int | bool:
    if key == "exceptional_margin":
        return in_range(raw, "exceptional_margin", *catalog.EXCEPTIONAL_MARGIN_RANGE)
    if key == "end_and_check":
        word = str(raw).strip().lower()
        if word in catalog.YES:
            return True
        if word in catalog.NO:
            return False
        raise RuleError(f"end_and_check is yes or no, not {raw!r}")
    known = ", ".join(sorted(catalog.OPTION_DEFAULTS))
    raise RuleError(f"horror-factor has no option {key!r} (options: {known})")


@EVOLVE.on(CharacterAdded)
def _added(state: CampaignState, payload: CharacterAdded, meta: Meta) -> HFState:
    return with_character(rules_of(state), _new_character(payload.name, payload.sheet))


@EVOLVE.on(CharacterRenamed)
def _renamed(state: CampaignState, payload: CharacterRenamed, meta: Meta) -> HFState:
    rules = rules_of(state)
    old, new = payload.old, payload.new
    characters = renamed_in(rules.characters, old, new, lambda c: replace(c, name=new))
    encounter = rules.encounter
    if encounter is not None:
        participants = renamed_in(encounter.participants, old, new, lambda p: replace(p, name=new))
        encounter = replace(encounter, participants=participants)
    return replace(rules, characters=characters, encounter=encounter)


def _number(sheet: JSONObject, key: str) -> int:
    value = sheet.get(key, 0)
    return value if isinstance(value, int) else 0


def _new_character(name: str, sheet: JSONObject) -> Character:
    """The character a recorded sheet describes (checked when it was recorded or imported)."""
    hardness = clamp(_number(sheet, "hardness"), 0, catalog.HARDNESS_MAX)
    willpower = max(0, _number(sheet, "willpower"))
    specs = sheet.get("specializations")
    return Character(
        name=name,
        reaction=_number(sheet, "reaction"),
        willpower_max=willpower,
        willpower=willpower,
        hardness=hardness,
        training=str(sheet.get("training", "none")),
        specializations={
            str(k): v
            for k, v in (specs if isinstance(specs, Mapping) else {}).items()
            if isinstance(v, int)
        },
        brokenness=clamp(_number(sheet, "brokenness"), 0, catalog.BROKENNESS_MAX),
        peak_hardness=hardness,
    )
