"""The core's events: the campaign, characters, sessions, the clock, notes, GM fiat,
voids and re-rules, the hash chain's seal (what every ruleset shares)."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec import Struct

from journal.events.canonical import JSONObject
from journal.events.registry import Dice, Event, OptionValue, event, from_data, keep_sorted


@event
class CampaignCreated(Event, frozen=True):
    slug: str
    ruleset: str
    title: str
    options: Mapping[str, OptionValue]
    journal_version: str = ""

    def __post_init__(self) -> None:
        keep_sorted(self, "options")


@event
class CharacterAdded(Event, frozen=True):
    name: str
    sheet: JSONObject

    def __post_init__(self) -> None:
        keep_sorted(self, "sheet")


@event
class CharacterRenamed(Event, frozen=True):
    """A character's name corrected: later events use `new`; earlier ones keep `old`."""

    old: str
    new: str


@event
class CharacterRetired(Event, frozen=True):
    """A character leaves the story (dead, gone, retired): no more rulings, no place in
    later casts and standings; their history stays."""

    name: str
    reason: str


class Adjustment(Struct, frozen=True):
    """One of a character's numbers set by the GM: which (a status key), from, to."""

    number: str
    before: int
    after: int


@event
class NumbersAdjusted(Event, frozen=True):
    """GM fiat: a character's numbers changed by ruling, with the reason (each ruleset says
    which of its numbers can be adjusted, and folds the change)."""

    character: str
    changes: tuple[Adjustment, ...]
    reason: str


@event
class SessionStarted(Event, frozen=True):
    number: int
    title: str
    at: str | None = None


@event
class SessionEnded(Event, frozen=True):
    number: int


@event
class ClockSet(Event, frozen=True):
    game_time: str
    previous: str | None = None


@event
class ClockAdvanced(Event, frozen=True):
    amount: str
    game_time: str
    previous: str


@event
class NoteTaken(Event, frozen=True):
    text: str
    gm_only: bool = False
    about: tuple[str, ...] = ()


@event
class HandoutPosted(Event, frozen=True):
    """A handout sent out of the journal (`journal post recap`): what (`recap`), of which
    session, to which of the GM's webhooks (its name, never its URL), in how many
    messages. Nothing for the projections or the handouts."""

    what: str
    session: int
    webhook: str
    messages: int = 1


@event
class EventVoided(Event, frozen=True):
    seq: int
    reason: str
    voided_type: str = ""
    #: the voided ruling in the GM's words (`Tommy's initiative +1/-9`), as it was named
    what: str = ""


@event
class RulingAmended(Event, frozen=True):
    """A ruling decided again (a re-rule): every fold uses the ruling in `data` (an event of
    type `ruling`) in place of event `seq`, which stays in the log as it was recorded."""

    seq: int
    ruling: str
    ruling_schema: int
    data: JSONObject
    reason: str

    def amended(self) -> Event:
        """The ruling that replaces event `seq`."""
        return from_data(self.ruling, self.ruling_schema, self.data)


@event
class ChainSealed(Event, frozen=True):
    """The hash chain of an older journal bound to its campaign: events 1 to `events` were
    hashed without the campaign's slug, this one (hashed with it, like every later event)
    links to them. Recorded by `journal db upgrade` and by the import of an older export;
    nothing for the projections, the audit or the handouts."""

    events: int


@event
class SecretNoted(Event, frozen=True):
    """`note TEXT --for NAME`: a note only those characters' players (and the GM) know;
    `known_by` names them as they were called at this event (identities, not names, are
    what knows it: `journal.rules.core.knowledge`)."""

    text: str
    known_by: tuple[str, ...]
    about: tuple[str, ...] = ()


@event
class SecretRevealed(Event, frozen=True):
    """`reveal SEQ --to players|NAME`: the secret noted at `seq` (a `--for` or `--gm-only`
    note) is known from this event on to every player (`players`) or to the characters
    named in `to` (as they were called at this event)."""

    seq: int
    players: bool
    to: tuple[str, ...]
    reason: str = ""


@event
class VeiledNoteTaken(Event, frozen=True):
    """`note TEXT --veil TOPIC`: a scene the table agreed to fade; every players' and
    character's view shows `[faded to black: TOPIC]`, the GM's copy keeps the text."""

    text: str
    veil: str
    about: tuple[str, ...] = ()


@event
class SafetyToolSet(Event, frozen=True):
    """`safety line TEXT` / `safety veil TEXT`: a line (never in play) or a veil (faded
    out) the table agreed on; in force until voided."""

    kind: str
    text: str


@event
class LanguageSet(Event, frozen=True):
    """`campaign language TAG`: the language the campaign's handouts are in from now on (a
    BCP 47 tag, as typed in its one spelling: `de`, `pt-BR`); English until one is set.
    Their HTML and PDF say so (`lang`, `/Lang`), for screen readers and hyphenation."""

    language: str


@event
class SceneCut(Event, frozen=True):
    """`xcard`: a scene was cut at the table (who asked is never recorded)."""

    reason: str = ""


@event
class DiceRolled(Event, frozen=True):
    """`journal roll DICE`: `count` dice of `sides` plus `modifier` for `purpose`, their
    faces in `dice` (`roll`) and their `total`. A `sealed` roll was made behind the screen:
    the players see that it was, and for what, not its faces nor its total, until it is
    unsealed (`RollUnsealed`); its salted parts prove them then against the head they kept
    when it was rolled."""

    notation: str
    count: int
    sides: int
    modifier: int
    purpose: str
    sealed: bool
    dice: Dice
    total: int


@event
class RulingSealed(Event, frozen=True):
    """`--sealed` on a ruling the ruleset lets the GM roll behind the screen (`Ruleset.
    sealable`): the dice of the ruling at `seq`, recorded in the same append right before
    this, were rolled unseen. The players read the ruling as ever (its dice are never in
    their handouts) and that it was sealed; `journal unseal SEQ` discloses its dice in their
    proof, against the head they kept that night."""

    seq: int


@event
class RollUnsealed(Event, frozen=True):
    """`journal unseal SEQ`: the sealed roll at `seq` disclosed to the players, as it stands
    (amended, when it was): its dice, faces and total."""

    seq: int
    notation: str
    purpose: str
    faces: tuple[int, ...]
    total: int
