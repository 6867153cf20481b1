"""The campaign options of a d100 sanity campaign (`campaign new ... --option K=V`), recorded
in its first event, and how the rules read them.

- `preset`: `coc` (the default: the percentile sanity rules) or `delta-green` (starting
  SAN = POW x 5, breaking points, kinds of loss and adaptation, flee/struggle/submit,
  projecting onto a bond; Unnatural in Mythos' place).
- `threat_cap` (yes): no more SAN lost to one threat within a scenario than its largest
  possible loss.
- `san_hidden` (no): the players' handouts and pages read words (steady, shaken, breaking)
  for SAN; the GM's keep the numbers.
- `indefinite` (`preset`: yes for `coc`, no for `delta-green`): a fifth of the day's SAN
  lost within one game day makes the character indefinitely insane.
"""

from __future__ import annotations

from collections.abc import Mapping

from msgspec import Struct

from journal.plugin.rules import CampaignState, OptionValue, RuleError, yes_no

COC = "coc"
DELTA_GREEN = "delta-green"
PRESETS = (COC, DELTA_GREEN)
#: `indefinite`'s default: as the preset has it
BY_PRESET = "preset"

OPTION_DEFAULTS: Mapping[str, OptionValue] = {
    "preset": COC,
    "threat_cap": True,
    "san_hidden": False,
    "indefinite": BY_PRESET,
}


def parse_option(key: str, raw: str) -> OptionValue:
    if key == "preset":
        word = raw.strip().casefold()
        if word not in PRESETS:
            raise RuleError(f"preset is {' or '.join(PRESETS)}, not {raw!r}")
        return word
    if key == "indefinite" and raw.strip().casefold() == BY_PRESET:
        return BY_PRESET
    if key in ("threat_cap", "san_hidden", "indefinite"):
        found = yes_no(raw)
        if found is None:
            more = " (or preset)" if key == "indefinite" else ""
            raise RuleError(f"{key} is yes or no{more}, not {raw!r}")
        return found
    known = ", ".join(sorted(OPTION_DEFAULTS))
    raise RuleError(f"d100-sanity has no option {key!r} (options: {known})")


class Read(Struct, frozen=True):
    """A campaign's options as the rules read them."""

    preset: str
    delta_green: bool
    threat_cap: bool
    san_hidden: bool
    indefinite: bool


#: the options last read, by the mapping itself: every state of a campaign shares its one
#: options mapping, so a ruling (and an audit of a long log) reads them once
_LAST: list[tuple[Mapping[str, OptionValue], Read]] = []


def read(state: CampaignState) -> Read:
    options = state.options
    if _LAST and _LAST[0][0] is options:
        return _LAST[0][1]
    given = options.get("preset", COC)
    kind = given if isinstance(given, str) and given in PRESETS else COC
    dg = kind == DELTA_GREEN
    fifth = options.get("indefinite", BY_PRESET)
    found = Read(
        kind,
        dg,
        options.get("threat_cap", True) is not False,
        options.get("san_hidden", False) is True,
        fifth if isinstance(fifth, bool) else not dg,
    )
    _LAST[:] = [(options, found)]
    return found


def preset(state: CampaignState) -> str:
    return read(state).preset


def delta_green(state: CampaignState) -> bool:
    return read(state).delta_green


def threat_cap(state: CampaignState) -> bool:
    return read(state).threat_cap


def san_hidden(state: CampaignState) -> bool:
    return read(state).san_hidden


def indefinite(state: CampaignState) -> bool:
    """Whether a fifth lost in a game day makes a character indefinitely insane."""
    return read(state).indefinite


def mythos_word(state: CampaignState) -> str:
    """What the skill that lowers maximum SAN is called: Mythos, or Unnatural."""
    return "Unnatural" if delta_green(state) else "Mythos"
