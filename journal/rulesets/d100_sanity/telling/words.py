"""The words d100 sanity's log lines and sentences share: a threat as players read it, a
roll's result, an insanity's length and end, and whether SAN may be shown to players."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.d100_sanity.rules.sanity import Began, SanityRolled


def threat_words(threat: str, name: str | None) -> str:
    """The threat as players read it: the GM's name for it, else its id in words."""
    if name:
        return name
    return " ".join(threat.replace("-", " ").replace("_", " ").split()) or threat


def result(p: SanityRolled) -> str:
    """`succeeded`, `failed`, `fumbled`."""
    if p.fumble:
        return "fumbled"
    return "succeeded" if p.success else "failed"


def head(p: SanityRolled, gm: bool) -> str:
    """`Mara's sanity roll against the ghoul`: the threat by id for the GM, in words for
    players."""
    against = ""
    if p.threat is not None:
        against = f" against {p.threat if gm else threat_words(p.threat, p.threat_name)}"
    return f"{p.character}'s sanity roll{against}"


def began_words(b: Began, gm: bool) -> str:
    """`temporarily insane for 7 hours (until 1925-10-31 23:40)`, for the GM with the die."""
    kind = "temporarily" if b.kind == "temporary" else "indefinitely"
    text = f"{kind} insane"
    if b.length is not None:
        die = "1d10 " if b.unit == "hours" else "1d6 "
        text += f" for {die if gm else ''}{b.length} {b.unit}"
    if b.ends is not None:
        text += f" (until {b.ends.replace('T', ' ')})"
    elif b.by_session:
        text += " (until the session ends)"
    elif b.kind == "indefinite":
        text += " (until treated)"
    return text


def change(before: int, after: int) -> str:
    return f"SAN {before} {ARROW} {after}"
