"""The core's commands (what the GM asks of every campaign), and the campaign's slug."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeGuard

from journal.events.canonical import JSONObject
from journal.events.recorded import Recorded
from journal.rules.command import Command

#: a campaign's slug, whole (`fullmatch`: `$` would let a trailing newline through): ASCII
#: lowercase letters, digits and dashes
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")


def is_slug(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and SLUG.fullmatch(text) is not None


@dataclass(frozen=True)
class CreateCampaign(Command):
    slug: str
    ruleset: str
    title: str = ""
    options: Mapping[str, str] = field(default_factory=dict)
    journal_version: str = ""


@dataclass(frozen=True)
class AddCharacter(Command):
    name: str
    sheet: JSONObject
    #: decided again from the log (the audit, a re-rule): the name stands as recorded, under
    #: the rules of names of the journal that recorded it (`journal db check` reports it)
    recorded: bool = False


@dataclass(frozen=True)
class RenameCharacter(Command):
    old: str
    new: str
    recorded: bool = False  # as AddCharacter's


@dataclass(frozen=True)
class RetireCharacter(Command):
    name: str
    reason: str = ""


@dataclass(frozen=True)
class AdjustNumbers(Command):
    """`journal adjust NAME --hardness -1 --reason TEXT`: (number, value as typed) pairs."""

    character: str
    changes: tuple[tuple[str, str], ...]
    reason: str


@dataclass(frozen=True)
class StartSession(Command):
    title: str = ""
    at: str | None = None


@dataclass(frozen=True)
class EndSession(Command):
    pass


@dataclass(frozen=True)
class SetClock(Command):
    game_time: str
    rewind: bool = False  # an earlier time than the clock shows is a typo unless said so


@dataclass(frozen=True)
class AdvanceClock(Command):
    amount: str


@dataclass(frozen=True)
class TakeNote(Command):
    text: str
    gm_only: bool = False
    about: tuple[str, ...] = ()


@dataclass(frozen=True)
class VoidEvent(Command):
    seq: int
    reason: str
    target: Recorded | None = None  # the app looks the event up; None when it does not exist
    #: for a CharacterAdded: the live events that name the character (the app finds them)
    named_by: tuple[int, ...] = ()
    #: the voided ruling in a few words (`Telling.ruling_words`: the app words it)
    what: str = ""


CORE_COMMANDS = (
    CreateCampaign,
    AddCharacter,
    RenameCharacter,
    RetireCharacter,
    AdjustNumbers,
    StartSession,
    EndSession,
    SetClock,
    AdvanceClock,
    TakeNote,
    VoidEvent,
)
