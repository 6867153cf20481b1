"""The core's decider: `decide_core(state, command, ruleset)` refuses with a `RuleError`
or returns the events a core command produces."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from journal.errors import NotFound, RuleError
from journal.events.registry import Event
from journal.rules import clock
from journal.rules.command import Command
from journal.rules.core.commands import (
    AddCharacter,
    AdjustNumbers,
    AdvanceClock,
    CreateCampaign,
    CutScene,
    EndSession,
    RecordPost,
    RenameCharacter,
    RetireCharacter,
    RevealSecret,
    RollDice,
    SetClock,
    SetLanguage,
    SetSafetyTool,
    StartSession,
    TakeNote,
    UnsealRoll,
    VoidEvent,
    is_slug,
)
from journal.rules.core.elapsed import clock_moved
from journal.rules.core.events import (
    CampaignCreated,
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    ClockSet,
    EventVoided,
    HandoutPosted,
    LanguageSet,
    NoteTaken,
    NumbersAdjusted,
    SafetyToolSet,
    SceneCut,
    SecretNoted,
    SecretRevealed,
    SessionEnded,
    SessionStarted,
    VeiledNoteTaken,
)
from journal.rules.core.language import language_tag
from journal.rules.core.state import CampaignState

if TYPE_CHECKING:
    from journal.dice import DiceBox
    from journal.rules.ruleset import Ruleset


def decide_core(
    state: CampaignState, command: Command, ruleset: Ruleset, dice: DiceBox | None = None
) -> list[Event]:
    """The events a core command produces; `dice` for the one that rolls (`journal roll`)."""
    match command:
        case CreateCampaign():
            return [_create(state, command, ruleset)]
        case AddCharacter(name=name, sheet=sheet, recorded=recorded):
            name = _spaced(name, recorded)
            _new_name(state, name, recorded)
            if not recorded:
                _fit_name(name, state.characters)
            return [CharacterAdded(name, ruleset.build_sheet_for(state, sheet))]
        case RenameCharacter(old=old, new=new, recorded=recorded):
            who = state.character(old)
            new = _spaced(new, recorded)
            if new == who:
                raise RuleError(f"{who} is already called {new}")
            if new.casefold() != who.casefold():  # a fix of case alone is a rename too
                _new_name(state, new, recorded)
            refuse_audience_name(new)  # `gm` to `GM` too
            if not recorded:
                _fit_name(new, [n for n in state.characters if n != who])
            return [CharacterRenamed(who, new)]
        case RetireCharacter(name=name, reason=reason):
            return [CharacterRetired(state.character(name), " ".join(reason.split()))]
        case AdjustNumbers(character=name, changes=changes, reason=reason):
            return [_adjust(state, name, changes, reason, ruleset)]
        case StartSession(title=title, at=at):
            if state.session is not None:
                raise RuleError(
                    f"session {state.session} is still open: run `journal session end` first"
                )
            return [
                SessionStarted(
                    state.sessions + 1,
                    title.strip() or f"Session {state.sessions + 1}",
                    None if at is None else clock.parse_game_time(at),
                )
            ]
        case EndSession():
            if state.session is None:
                raise RuleError("no session is open: start one with `journal session start`")
            return [SessionEnded(state.session)]
        case SetClock(game_time=text, rewind=rewind):
            moment = clock.parse_game_time(text)
            if state.clock is not None and moment < state.clock and not rewind:
                raise RuleError(
                    f"the clock shows {state.clock}: setting it back to {moment} needs --rewind "
                    "(a flashback, or a typo corrected)"
                )
            return [ClockSet(moment, state.clock)]
        case AdvanceClock(amount=amount):
            if state.clock is None:
                clock.parse_amount(amount)
                raise RuleError(
                    "the campaign clock is not set: run `journal clock set 1925-10-31 22:00` first"
                )
            return [clock_moved(state, amount)]
        case TakeNote(text=text, gm_only=gm_only, about=about, known_by=known_by, veil=veil):
            return [_note(state, text, gm_only, about, known_by, veil)]
        case RevealSecret(seq=seq, to=to, reason=reason):
            return [_reveal(state, seq, to, reason)]
        case SetSafetyTool(kind=kind, text=text):
            if kind not in SAFETY_KINDS:
                raise RuleError(f"a safety tool is a line or a veil, not {kind!r}")
            text = " ".join(text.split())
            if not text:
                raise RuleError(f"a {kind} needs some text: say what it covers")
            return [SafetyToolSet(kind, text)]
        case SetLanguage(language=language):
            tag = language_tag(language)
            if tag == state.language:
                raise RuleError(f"campaign {state.slug!r} is in {tag} already: nothing to record")
            return [LanguageSet(tag)]
        case CutScene(reason=reason):
            return [SceneCut(" ".join(reason.split()))]
        case VoidEvent():
            return [_void(state, command)]
        case RollDice(notation=text, purpose=purpose, sealed=sealed):
            from journal.rules.core import rolls  # (imported by the command that rolls)

            return [rolls.roll(purpose, text, sealed, dice)]
        case UnsealRoll(seq=seq):
            from journal.rules.core import rolls

            return [rolls.unseal(state, seq)]
        case RecordPost(what=what, session=number, webhook=webhook, messages=messages):
            if not 1 <= number <= state.sessions:
                raise NotFound(f"there is no session {number} in campaign {state.slug!r}")
            return [HandoutPosted(what, number, webhook, messages)]
    raise RuleError(f"internal: {type(command).__name__} is not a core command")


#: the safety tools a table agrees on (`safety line`, `safety veil`)
SAFETY_KINDS = ("line", "veil")


def _note(
    state: CampaignState,
    text: str,
    gm_only: bool,
    about: tuple[str, ...],
    known_by: tuple[str, ...],
    veil: str,
) -> Event:
    if not text.strip():
        raise RuleError("a note needs some text")
    veil = " ".join(veil.split())
    if sum((gm_only, bool(known_by), bool(veil))) > 1:
        raise RuleError(
            "a note is --gm-only, --for NAME or --veil TOPIC, one of them: a secret is "
            "already out of the others' view"
        )
    named = tuple(state.known(n) for n in about)
    if known_by:
        knowers = tuple(dict.fromkeys(state.character(n) for n in known_by))
        return SecretNoted(text.strip(), knowers, named)
    if veil:
        return VeiledNoteTaken(text.strip(), veil, named)
    return NoteTaken(text.strip(), gm_only, named)


def _reveal(state: CampaignState, seq: int, to: tuple[str, ...], reason: str) -> SecretRevealed:
    from journal.rules.core.knowledge import PLAYERS

    held = state.secrets.get(seq)
    if held is None:
        secrets = ", ".join(f"#{s}" for s in sorted(state.secrets)) or "none yet"
        raise RuleError(
            f"event {seq} is not a secret (a `note --for` or `--gm-only` one) of campaign "
            f"{state.slug!r}: nothing to reveal (its secrets: {secrets}); see `journal secrets`"
        )
    if not to:
        raise RuleError("say to whom: --to players, or --to NAME[,NAME...]")
    knowers = {k for k, _ in held}
    players = any(audience_named(n) == "players" for n in to)
    if players:
        if len(to) > 1:
            raise RuleError("--to players is every player: name no one beside it")
        if PLAYERS in knowers:
            raise RuleError(f"every player knows #{seq} already; see `journal secrets`")
        return SecretRevealed(seq, True, (), " ".join(reason.split()))
    names = tuple(dict.fromkeys(state.known(n) for n in to))
    new = [n for n in names if state.ids[n] not in knowers]
    if PLAYERS in knowers:
        raise RuleError(f"every player knows #{seq} already; see `journal secrets`")
    if not new:
        raise RuleError(
            f"{', '.join(names)} already know{'s' if len(names) == 1 else ''} #{seq}; "
            "see `journal secrets`"
        )
    return SecretRevealed(seq, False, tuple(new), " ".join(reason.split()))


def _adjust(
    state: CampaignState,
    name: str,
    changes: tuple[tuple[str, str], ...],
    reason: str,
    ruleset: Ruleset,
) -> NumbersAdjusted:
    who = state.character(name)
    reason = " ".join(reason.split())
    if not reason:
        raise RuleError('GM fiat needs a reason: add --reason "..."')
    if not changes:
        numbers = ", ".join(f"--{k}" for k in ruleset.adjustable) or "none"
        raise RuleError(f"say which number to adjust ({numbers})")
    made = tuple(ruleset.adjust(state, who, number, raw) for number, raw in changes)
    if len({a.number for a in made}) != len(made):
        raise RuleError("each number is adjusted once: give it one value")
    return NumbersAdjusted(who, made, reason)


#: audiences of a handout (`recap --for players|gm|NAME`): never a character's name
RESERVED_NAMES = frozenset({"gm", "players"})


def audience_named(name: str) -> str | None:
    """The handout audience `name` is, in any case and spacing (`gm`, `players`), or None."""
    wanted = " ".join(name.split()).casefold()
    return wanted if wanted in RESERVED_NAMES else None


def refuse_audience_name(name: str) -> None:
    """A character is never named after an audience: `recap --for gm` is the GM's copy."""
    audience = audience_named(name)
    if audience is not None:
        raise RuleError(
            f"{name!r} cannot name a character: `recap --for {audience}` means the "
            f"{'GM' if audience == 'gm' else 'players'}; pick another name"
        )


def _spaced(name: str, recorded: bool) -> str:
    """A name as it is stored (`journal.names.normal`); a recorded one as it was then."""
    if recorded:
        return " ".join(name.split())
    from journal.names import normal

    return normal(name)


def _new_name(state: CampaignState, name: str, recorded: bool = False) -> None:
    """Refuse a name that cannot be a new character's (or a renamed one's)."""
    if not name:
        raise RuleError("a character needs a name")
    refuse_audience_name(name)
    if recorded and (len(name) > 80 or any(c in name for c in ",\n\t")):
        raise RuleError(f"{name!r} cannot be a name: keep it short, without commas")
    same = next((k for k in state.characters if k.casefold() == name.casefold()), None)
    if same is not None:
        typed = "" if same == name else f" ({name!r} differs only in case)"
        raise RuleError(f"{same} is already in campaign {state.slug!r}{typed}: pick another name")


def _fit_name(name: str, others: Iterable[str]) -> None:
    """Refuse a name a reader could not tell apart (`journal.names`): what it holds, its
    length, a look-alike of an audience or of one of `others` (the other characters')."""
    from journal.names import problem

    found = problem(name, others)
    if found is not None:
        raise RuleError(found)


def _create(state: CampaignState, command: CreateCampaign, ruleset: Ruleset) -> CampaignCreated:
    if state.seq:
        raise RuleError(f"campaign {command.slug!r} already exists: pick another slug")
    if not is_slug(command.slug):
        raise RuleError(
            f"{command.slug!r} is not a campaign slug: use lowercase letters, digits and dashes"
        )
    options = dict(ruleset.option_defaults)
    for key, raw in command.options.items():
        if key not in options:
            known = ", ".join(sorted(options)) or "none"
            raise RuleError(f"{ruleset.name} has no option {key!r} (options: {known})")
        options[key] = ruleset.parse_option(key, raw)
    title = command.title.strip() or command.slug.replace("-", " ").title()
    return CampaignCreated(command.slug, ruleset.name, title, options, command.journal_version)


#: the events no void can take back, and why (the import refuses such a void too)
UNVOIDABLE = {
    "CampaignCreated": "the campaign's creation cannot be voided; start a new campaign instead",
    "ChainSealed": "it seals the hash chain and changes nothing else, so there is nothing to void",
    "EventVoided": "a void cannot be voided; re-enter the voided event instead",
}


def _void(state: CampaignState, command: VoidEvent) -> EventVoided:
    if not command.reason.strip():
        raise RuleError('a void needs a reason: add --reason "..."')
    target = command.target
    if target is None:
        raise NotFound(
            f"there is no event {command.seq} in campaign {state.slug!r} "
            f"(its events are 1 to {state.seq}); see `journal log`"
        )
    if target.type in UNVOIDABLE:
        raise RuleError(f"event {target.seq} is {target.type}: {UNVOIDABLE[target.type]}")
    if target.seq in state.voided:
        raise RuleError(f"event {target.seq} is already voided; see `journal log`")
    if command.relied_on_by:
        relying = command.relied_on_by
        events = ", ".join(f"#{seq}" for seq in relying[:5])
        more = f" and {len(relying) - 5:,} more" if len(relying) > 5 else ""
        if target.type == "CharacterRenamed":
            old, new = target.data.get("old"), target.data.get("new")
            raise RuleError(
                f"the rename of {old} to {new} (#{target.seq}) is relied on by later events "
                f"({events}{more}): without it they would name someone else or nobody; void "
                "those first, or rename the character again (`journal character rename`)"
            )
        raise RuleError(
            f"{target.data.get('name')} is named by later events ({events}{more}): void those "
            "first, or rename the character (`journal character rename`)"
        )
    return EventVoided(target.seq, command.reason.strip(), target.type, command.what)
