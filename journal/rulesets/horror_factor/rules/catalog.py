"""The Horror Factor text's catalog as data: its numbers (the HF presets of its 0-6 scale,
the training caps, the level descriptions) and its catalog of causes that shift the HF."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from msgspec import Struct

NAME = "horror-factor"
RULES_VERSION = "hf-1"

#: The Average (10) difficulty of a Horror Check (a Willpower test).
CHECK_TARGET = 10
#: Willpower a character may soak per turn ("up to 3 Willpower").
SOAK_PER_TURN = 3
HARDNESS_MAX = 7
BROKENNESS_MAX = 6
WILLPOWER_RANGE = (1, 20)
REACTION_RANGE = (1, 30)
#: Above this general Hardness, losing Hardness in peace needs therapy (or an override).
THERAPY_ABOVE = 5

#: `exceptional_margin`: total <= 10 - margin is an Exceptional Failure (the journal's
#: reading); `end_and_check`: an encounter's end and a Horror Check about it may both change
#: a character (the text: one change "per incident", so off by default).
OPTION_DEFAULTS: Mapping[str, int | bool] = MappingProxyType(
    {"exceptional_margin": 5, "end_and_check": False}
)
EXCEPTIONAL_MARGIN_RANGE = (0, 20)
YES = ("yes", "true", "on", "1")
NO = ("no", "false", "off", "0")

#: The text's 0-6 scale of HF as named presets.
PRESETS: Mapping[str, int] = MappingProxyType(
    {
        "play-fight": 0,
        "fistfight": 1,
        "homicidal-fistfight": 2,
        "improvised-weapon": 3,
        "lethal-weapon": 4,
        "weak-creature": 4,
        "brutality": 5,
        "few-weak-creatures": 5,
        "powerful-creature": 5,
        "horde": 6,
        "very-powerful-creature": 6,
    }
)

#: The most an encounter's HF (or a Horror Check's given HF) may be as a number: the text's
#: table runs 0-6 and its modifiers add a few more, so anything past this is a typo.
HF_NUMBER_MAX = 20
#: The most a single shift may move a character's HF either way (the text's causes are 1-2).
SHIFT_DELTA_MAX = 10

OUTNUMBERED = 1
AMBUSH = 2
CREEPY_LEVELS = (0, 1, 2)


class Cause(Struct, frozen=True):
    delta: int
    text: str
    group: bool = False


#: Events during a fight that shift a character's HF at once (the text's list).
CAUSES: Mapping[str, Cause] = MappingProxyType(
    {
        "shot-ignored": Cause(1, "a shot that should have been fatal is ignored"),
        "near-miss-gunfire": Cause(1, "machinegun fire barely misses"),
        "near-miss-explosion": Cause(1, "an explosion barely misses"),
        "outgunned": Cause(1, "an opponent draws a lethal weapon, and he has none"),
        "reinforcements": Cause(1, "enemy reinforcements arrive"),
        "killed-someone": Cause(2, "kills someone"),
        "hurt": Cause(2, "hit and hurt by an attack"),
        "grabbed": Cause(2, "a zombie gets into grappling range and grabs"),
        "inspired": Cause(-1, "someone inspires the group to greater courage", group=True),
    }
)

#: First enemy dropped in an encounter: the one who dropped it, and everyone else.
FIRST_DROP_DROPPER = -2
FIRST_DROP_OTHERS = -1

TRAININGS = ("none", "some", "professional", "elite", "supernatural")
#: Hardening cap by training (the text's "Gaining Hardness" list).
HARDENING_CAP: Mapping[str, int] = MappingProxyType(
    {"none": 3, "some": 4, "professional": 5, "elite": 6, "supernatural": 7}
)

#: The text's Hardness scale, the help text for each level.
HARDNESS_LEVELS: tuple[str, ...] = (
    'Sedentary, urban, "call 911", "who\'s in charge around here?": most average people '
    "(including dabblers in the martial arts and occasional hunters)",
    "Some training, seeks to take responsibility for his or her own safety: a serious martial "
    "artist, concealed-carry firearms license holder, someone who grew up in a rough "
    "neighborhood, or an athlete",
    "A boxer/MMA fighter, a rough-edged country-boy/hunter, ready to fight (or the urban "
    "equivalent)",
    "Professional training (cop, soldier, lifetime criminal), or no training and do-or-die "
    "experience",
    "Significant training (or rough upbringing and attitude), plus do-or-die experience",
    "Professional training plus do-or-die experience",
    "Stone cold killer, experienced Special Forces soldier, CIA deep cover operative, hitman",
    "Stone cold killer who's used to dealing with the supernatural: longtime vampire hunter",
)

#: The text's optional brokenness scale: it names only the ends (0 and 6); the steps between
#: are the journal's wording, built from the text's list of symptoms.
BROKENNESS_LEVELS: tuple[str, ...] = (
    "Normal and well-adjusted",
    "Shaken: bad dreams, jumpiness, some denial",
    "Troubled: anxiety and bouts of depression",
    "Unstable: paranoia and panic attacks",
    "Fragile: delusions creep in, hard to trust anyone",
    "Breaking down: nervous breakdown close, barely functional",
    "Almost catatonic, completely delusional, and otherwise nonfunctional",
)


def hardness_text(level: int) -> str:
    return HARDNESS_LEVELS[max(0, min(HARDNESS_MAX, level))]


def brokenness_text(level: int) -> str:
    return BROKENNESS_LEVELS[max(0, min(BROKENNESS_MAX, level))]
