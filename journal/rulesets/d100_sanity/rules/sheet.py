"""The d100 sanity sheet: POW, INT, SAN, Mythos (Unnatural in the Delta Green preset), the
disorders a character starts with, and the preset's bonds and breaking point.

`build_sheet` checks what `character add` gives against the campaign's preset and returns
the sheet to record, every derived number in it: `{"pow", "int", "san", "mythos",
"disorders": [{"name", "kind"}], "bonds": [{"name", "score"}], "breaking_point"}` (the last
two only in the Delta Green preset). Starting SAN is POW (Delta Green: POW x 5) unless
given, and never above maximum SAN (99 less Mythos).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from journal.plugin.rules import JSONObject, RuleError, signed
from journal.rulesets.d100_sanity.rules.options import COC, DELTA_GREEN
from journal.rulesets.d100_sanity.rules.state import DISORDER_KINDS, SAN_CEILING

#: POW and INT: percentile (1-99) in the percentile rules, 1-20 in Delta Green's
RANGES = {COC: (1, 99), DELTA_GREEN: (1, 20)}
BOND_RANGE = (1, 99)
KNOWN_KEYS = {"pow", "int", "san", "mythos", "unnatural", "bonds", "disorders", "breaking_point"}


def _number(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise RuleError(f"{what} must be a whole number in the digits 0-9, not {value!r}")
    if isinstance(value, int):
        return value
    found = signed(value) if isinstance(value, str) else None
    if found is None:
        raise RuleError(f"{what} must be a whole number in the digits 0-9, not {value!r}")
    return found


def _within(value: object, what: str, low: int, high: int) -> int:
    number = _number(value, what)
    if not low <= number <= high:
        raise RuleError(f"{what} {number} is out of range: give {low} to {high}")
    return number


def _texts(raw: object, what: str) -> list[str]:
    if raw is None:
        return []
    if isinstance(raw, str):
        return [raw]
    if isinstance(raw, Mapping) or not isinstance(raw, Iterable):
        raise RuleError(f"{what} must be a list, not {raw!r}")
    return [str(item) if not isinstance(item, Mapping) else "" for item in raw]


def disorder_of(text: str) -> tuple[str, str]:
    """`phobia: deep water` as (name, kind); a name without a kind is `other`."""
    head, colon, rest = text.partition(":")
    if colon and head.strip().casefold() in DISORDER_KINDS:
        return " ".join(rest.split()), head.strip().casefold()
    return " ".join(text.split()), "other"


def _disorders(raw: object) -> list[JSONObject]:
    found: list[JSONObject] = []
    seen: set[str] = set()
    items = raw if isinstance(raw, list | tuple) else _texts(raw, "disorders")
    for item in items:
        kind: str
        if isinstance(item, Mapping):
            name = " ".join(str(item.get("name") or "").split())
            kind = str(item.get("kind"))
            if kind not in DISORDER_KINDS:
                raise RuleError(f"a disorder is a {', '.join(DISORDER_KINDS)}, not {kind!r}")
        else:
            name, kind = disorder_of(str(item))
        if not name:
            raise RuleError("a disorder needs a name, e.g. --disorder 'phobia: deep water'")
        if name.casefold() in seen:
            raise RuleError(f"the disorder {name!r} is given twice: give it once")
        seen.add(name.casefold())
        found.append({"name": name, "kind": kind})
    return found


def _bonds(raw: object) -> list[JSONObject]:
    pairs: list[tuple[str, object]] = []
    if isinstance(raw, Mapping):
        pairs = [(str(k), v) for k, v in raw.items()]
    else:
        for item in raw if isinstance(raw, list | tuple) else _texts(raw, "bonds"):
            if isinstance(item, Mapping):
                pairs.append((str(item.get("name") or ""), item.get("score")))
                continue
            named, sep, given = str(item).rpartition("=")
            if not sep:
                raise RuleError(f"a bond is NAME=SCORE, e.g. --bond 'Her sister=11', not {item!r}")
            pairs.append((named, given))
    found: list[JSONObject] = []
    seen: set[str] = set()
    for name, score in pairs:
        named = " ".join(name.split())
        if not named:
            raise RuleError("a bond needs a name: --bond 'Her sister=11'")
        if named.casefold() in seen:
            raise RuleError(f"the bond {named!r} is given twice: give it once")
        seen.add(named.casefold())
        found.append({"name": named, "score": _within(score, f"the bond {named!r}", *BOND_RANGE)})
    return found


def build_sheet(sheet: Mapping[str, object], preset: str = COC) -> JSONObject:
    """The sheet to record for a character of a campaign of `preset`."""
    unknown = sorted(k for k in sheet if k not in KNOWN_KEYS and sheet[k] is not None)
    if unknown:
        raise RuleError(
            f"a d100 sanity sheet has no {', '.join(unknown)}: give pow, int, san, mythos"
            + (", unnatural, bonds" if preset == DELTA_GREEN else "")
            + " and disorders"
        )
    low, high = RANGES[preset]
    skill = "Unnatural" if preset == DELTA_GREEN else "Mythos"
    if sheet.get("pow") is None:
        raise RuleError("a d100 sanity character needs POW: add --pow N")
    power = _within(sheet["pow"], "POW", low, high)
    if sheet.get("int") is None and preset == COC:
        raise RuleError(
            "a character needs INT for the INT roll of a temporary insanity: add --int N"
        )
    intelligence = None if sheet.get("int") is None else _within(sheet["int"], "INT", low, high)
    if sheet.get("mythos") is not None and sheet.get("unnatural") is not None:
        raise RuleError("give --mythos or --unnatural, not both: they are the same skill here")
    if sheet.get("unnatural") is not None and preset != DELTA_GREEN:
        raise RuleError("Unnatural is the Delta Green preset's: give --mythos N")
    raw_skill = sheet.get("mythos") if sheet.get("mythos") is not None else sheet.get("unnatural")
    mythos = 0 if raw_skill is None else _within(raw_skill, skill, 0, SAN_CEILING)
    most = SAN_CEILING - mythos
    if sheet.get("san") is None:
        san = min(most, power * 5 if preset == DELTA_GREEN else power)
    else:
        san = _number(sheet["san"], "SAN")
        if not 0 <= san <= most:
            raise RuleError(
                f"SAN {san} is out of range: give 0 to {most} "
                f"(maximum SAN is 99 - {skill} {mythos})"
            )
    found: dict[str, object] = {
        "pow": power,
        "san": san,
        "mythos": mythos,
        "disorders": _disorders(sheet.get("disorders")),
    }
    if intelligence is not None:
        found["int"] = intelligence
    bonds = _bonds(sheet.get("bonds"))
    point = sheet.get("breaking_point")
    if point is not None and (preset != DELTA_GREEN or point != san - power):
        raise RuleError(
            f"the breaking point is SAN less POW at creation ({san} - {power}), not {point!r}: "
            "leave it out, the journal sets it"
            if preset == DELTA_GREEN
            else "a breaking point is the Delta Green preset's: leave it out"
        )
    if preset == DELTA_GREEN:
        found["bonds"] = bonds
        found["breaking_point"] = san - power
    elif bonds:
        raise RuleError("bonds are the Delta Green preset's (--option preset=delta-green)")
    return found
