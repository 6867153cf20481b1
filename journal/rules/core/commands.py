"""The core's commands (what the GM asks of every campaign), and the campaign's slug."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeGuard

import msgspec

from journal.events.canonical import JSONObject
from journal.events.recorded import Recorded
from journal.rules.command import Command

#: a campaign's slug, whole (`fullmatch`: `$` would let a trailing newline through): ASCII
#: lowercase letters, digits and dashes
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")


def is_slug(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and SLUG.fullmatch(text) is not None


class CreateCampaign(Command, frozen=True):
    slug: str
    ruleset: str
    title: str = ""
    options: Mapping[str, str] = msgspec.field(default_factory=dict)
    journal_version: str = ""


class AddCharacter(Command, frozen=True):
    name: str
    sheet: JSONObject
    #: decided again from the log (the audit, a re-rule): the name stands as recorded, under
    #: the rules of names of the journal that recorded it (`journal db check` reports it)
    recorded: bool = False


class RenameCharacter(Command, frozen=True):
    old: str
    new: str
    recorded: bool = False  # as AddCharacter's


class RetireCharacter(Command, frozen=True):
    name: str
    reason: str = ""


class AdjustNumbers(Command, frozen=True):
    """`journal adjust NAME --hardness -1 --reason TEXT`: (number, value as typed) pairs."""

    character: str
    changes: tuple[tuple[str, str], ...]
    reason: str


class StartSession(Command, frozen=True):
    title: str = ""
    at: str | None = None


class EndSession(Command, frozen=True):
    pass


class RecordPost(Command, frozen=True):
    """What `journal post` sent (recorded once the webhook took every message)."""

    what: str
    session: int
    webhook: str
    messages: int = 1


class SetClock(Command, frozen=True):
    game_time: str
    rewind: bool = False  # an earlier time than the clock shows is a typo unless said so


class AdvanceClock(Command, frozen=True):
    amount: str


class TakeNote(Command, frozen=True):
    text: str
    gm_only: bool = False
    about: tuple[str, ...] = ()
    #: `--for`: the characters whose players alone (with the GM) know it
    known_by: tuple[str, ...] = ()
    #: `--veil TOPIC`: faded to black in every view but the GM's
    veil: str = ""


class RevealSecret(Command, frozen=True):
    """`reveal SEQ --to players|NAME[,NAME...]`."""

    seq: int
    to: tuple[str, ...]
    reason: str = ""


class SetSafetyTool(Command, frozen=True):
    """`safety line TEXT` / `safety veil TEXT`."""

    kind: str
    text: str


class SetLanguage(Command, frozen=True):
    """`campaign language TAG`: the language the campaign's handouts are in."""

    language: str


class CutScene(Command, frozen=True):
    """`xcard [--reason TEXT]`."""

    reason: str = ""


class RollDice(Command, frozen=True):
    """`journal roll DICE [--for WHAT] [--sealed]`: dice the GM rolls for what no rule
    decides (`3d6`, `1d20+2`); sealed, the players see only that it was rolled, and for
    what, until `journal unseal SEQ`."""

    notation: str
    purpose: str = ""
    sealed: bool = False


class UnsealRoll(Command, frozen=True):
    """`journal unseal SEQ`: the roll made behind the screen at SEQ shown to the players."""

    seq: int


class VoidEvent(Command, frozen=True):
    seq: int
    reason: str
    target: Recorded | None = None  # the app looks the event up; None when it does not exist
    #: for a CharacterAdded or CharacterRenamed: the live events after it that would
    #: denote someone else, or nobody, without it (the app finds them, by identity)
    relied_on_by: tuple[int, ...] = ()
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
    RecordPost,
    RevealSecret,
    SetSafetyTool,
    SetLanguage,
    CutScene,
    RollDice,
    UnsealRoll,
    VoidEvent,
)
