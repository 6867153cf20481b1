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


def _option(state: CampaignState, key: str) -> OptionValue:
    return state.options.get(key, OPTION_DEFAULTS[key])


def preset(state: CampaignState) -> str:
    found = _option(state, "preset")
    return found if isinstance(found, str) and found in PRESETS else COC


def delta_green(state: CampaignState) -> bool:
    return preset(state) == DELTA_GREEN


def threat_cap(state: CampaignState) -> bool:
    return _option(state, "threat_cap") is not False


def san_hidden(state: CampaignState) -> bool:
    return _option(state, "san_hidden") is True


def indefinite(state: CampaignState) -> bool:
    """Whether a fifth lost in a game day makes a character indefinitely insane."""
    found = _option(state, "indefinite")
    if isinstance(found, bool):
        return found
    return not delta_green(state)


def mythos_word(state: CampaignState) -> str:
    """What the skill that lowers maximum SAN is called: Mythos, or Unnatural."""
    return "Unnatural" if delta_green(state) else "Mythos"
