"""The data a session recap shows, built from the log (no Jinja here; see `render`).

`Recap` groups one session's events into the story (notes and events in order, encounters
with their turns), the outcomes and the standing, for any ruleset: the ruleset's narrator
(`journal.handouts.hooks.Narrator`) says what its encounters, turns and outcomes are.

Audiences: `players` (public notes, results, never a GM-only note, a die face or a term),
`gm` (adds GM-only notes, the dice faces and terms of every ruling, voided events) and a
character's name (that character's own events, the public notes about them or nobody).

Secrets (a `--for` or `--gm-only` note) are shown to an audience that knows them as the
recap's session ended (bounded by the view's seq): `journal.rules.core.knowledge.knows`
on that state, `Recap.sees` its one caller here. A secret noted earlier and revealed in
this session is listed under "Learned this session". A veiled note reads `[faded to
black: TOPIC]` to everyone but the GM, whose copy marks it `[veiled: TOPIC]`; an X-card cut
reads "A scene was skipped."
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from journal.app import Campaign
from journal.documents import Fields
from journal.errors import JournalError, NotFound
from journal.events.registry import Event
from journal.handouts.details import game_date, gm_details
from journal.handouts.documents import (
    Encounter,
    EncounterOpening,
    EventEntry,
    GmDetails,
    Happening,
    LearnedEntry,
    RecapDocument,
    RecapNote,
    StoryEntry,
    Turn,
    campaign_heading,
)
from journal.handouts.hooks import narrator_of
from journal.handouts.log import Log, walk
from journal.projection import Step
from journal.rules.concerns import concerned, holder
from journal.rules.core.decide import audience_named
from journal.rules.core.events import (
    CharacterRenamed,
    CharacterRetired,
    ClockAdvanced,
    ClockSet,
    DiceRolled,
    EventVoided,
    NoteTaken,
    NumbersAdjusted,
    RollUnsealed,
    RulingAmended,
    RulingSealed,
    SafetyToolSet,
    SceneCut,
    SecretNoted,
    SecretRevealed,
    SessionEnded,
    SessionStarted,
    VeiledNoteTaken,
)
from journal.rules.core.knowledge import PLAYERS, knows
from journal.rules.core.state import CampaignState, CharacterId
from journal.rules.ruleset import Ruleset
from journal.telling.contract import telling_of
from journal.telling.lines import Renames, adjustments, describe, with_new_names
from journal.telling.rolls import roll_sentence


class Reader(Enum):
    """Who a recap is for: the kind of audience, never a name."""

    PLAYERS = "players"
    GM = "gm"
    CHARACTER = "character"


@dataclass(frozen=True)
class Audience:
    """A recap's reader: the players, the GM, or one character by name. Only
    `Audience.gm()` is the GM's copy: a character's handout is a character's whatever the
    character is called (even `GM`, which older journals let a character be named)."""

    reader: Reader
    name: str | None = None
    #: the character's identity (the seq they joined at), once checked against the campaign
    ident: CharacterId | None = None

    @classmethod
    def players(cls) -> Audience:
        return cls(Reader.PLAYERS)

    @classmethod
    def gm_copy(cls) -> Audience:
        return cls(Reader.GM)

    @classmethod
    def character(cls, name: str, ident: CharacterId | None = None) -> Audience:
        return cls(Reader.CHARACTER, name, ident)

    @property
    def kind(self) -> str:
        return self.reader.value

    @property
    def gm(self) -> bool:
        return self.reader is Reader.GM

    @property
    def one_character(self) -> bool:
        return self.reader is Reader.CHARACTER

    @property
    def label(self) -> str:
        if self.reader is Reader.CHARACTER:
            return f"{self.name}'s handout"
        return "GM's copy" if self.gm else "For the players"


def audience_for(wanted: str | Audience, state: CampaignState) -> Audience:
    """`players`, `gm` or a character's name (any case), or an Audience (a character's
    checked against the campaign); NotFound for anyone else."""
    if isinstance(wanted, Audience):
        if wanted.reader is Reader.CHARACTER:
            return _character(state, wanted.name or "")
        return wanted
    audience = audience_named(wanted)
    if audience is None:
        return _character(state, wanted)
    clash = [n for n in state.characters if audience_named(n) == audience]
    if clash:  # an older journal let a character take an audience's name
        raise JournalError(
            f"campaign {state.slug!r} has a character named {clash[0]!r}, the name of the "
            f"{audience} audience: rename them first (`journal character rename "
            f"{clash[0]} NEWNAME`), then `--for {audience}` is "
            + ("the GM's copy" if audience == "gm" else "the players' handout")
        )
    return Audience.gm_copy() if audience == "gm" else Audience.players()


def _character(state: CampaignState, name: str) -> Audience:
    """A character's handout: whoever `name` denotes now (their current or an earlier
    name), followed through the log by identity."""
    ident = state.identity(name)
    return Audience.character(state.name_of(ident), ident)


def last_session(state: CampaignState) -> int:
    if not state.sessions:
        raise NotFound(
            f"campaign {state.slug!r} has no sessions yet: start one with `journal session start`"
        )
    return state.sessions


def faded(topic: str) -> str:
    """What a players' or character's view shows of a veiled note."""
    return f"[faded to black: {topic}]"


def veiled(topic: str, text: str) -> str:
    """The GM's copy of a veiled note: its text, marked so it is never read aloud."""
    return f"[veiled: {topic}] {text}"


#: what every audience's view shows of an X-card cut
SKIPPED = "A scene was skipped."


def _of_a_roll(payload: Event | None) -> bool:
    """A correction of a roll of `journal roll` (the players see a roll voided, amended)."""
    return (isinstance(payload, EventVoided) and payload.voided_type == "DiceRolled") or (
        isinstance(payload, RulingAmended) and payload.ruling == "DiceRolled"
    )


def secret(payload: Event) -> bool:
    """A secret: a `--for` note or a GM-only one (keyed by its seq in `CampaignState.secrets`)."""
    return isinstance(payload, SecretNoted) or (isinstance(payload, NoteTaken) and payload.gm_only)


def gm_only(payload: Event) -> bool:
    """A secret, or a reveal: naming nobody to the cast."""
    return secret(payload) or isinstance(payload, SecretRevealed)


def sees(
    audience: Audience,
    payload: Event,
    seq: int,
    known: CampaignState,
    about: frozenset[CharacterId] = frozenset(),
) -> bool:
    """The one audience filter, asked by every way out (recaps, arcs, the book, a
    character's page and the notes the players read, posts, proofs): whether `audience`
    may see the event `payload` recorded at `seq`. A secret is shown to an audience that
    knows it in `known` (`knowledge.knows`: the state the view stands at); a reveal only
    to the GM; a character's audience sees the events about them (`about`: who the event
    is about, by identity, needed only for a character's audience) and the notes about
    nobody."""
    if secret(payload):
        return knows(known, seq, audience.gm, audience.ident)
    if isinstance(payload, SecretRevealed):
        return audience.gm
    if isinstance(payload, SceneCut | SafetyToolSet | DiceRolled | RollUnsealed | RulingSealed):
        return True  # the table's: every audience sees them (a sealed roll's faces aside)
    if _of_a_roll(payload):
        return True  # a roll voided or amended: the players see that it was
    if isinstance(payload, NoteTaken | VeiledNoteTaken):
        if audience.one_character:
            return not payload.about or audience.ident in about
        return True
    if audience.one_character:
        return audience.ident in about
    return True


def core_sentence(payload: Event, ruleset: Ruleset, gm: bool = False) -> str | None:
    """The core events a handout tells on their own: time passing, the GM's rulings,
    characters renamed and retired, the table's safety tools."""
    if isinstance(payload, SceneCut):
        if gm:
            return "X-card: a scene was cut" + (f" ({payload.reason})" if payload.reason else "")
        return SKIPPED
    if isinstance(payload, SafetyToolSet):
        return f"The table agrees a {payload.kind}: {payload.text}"
    if isinstance(payload, ClockSet | ClockAdvanced):
        return f"Time passes: {game_date(payload.game_time)}"
    if isinstance(payload, NumbersAdjusted):
        changed = adjustments(payload, ruleset, " → ")
        return f"The GM rules for {payload.character}: {changed} ({payload.reason})"
    if isinstance(payload, CharacterRenamed):
        return f"{payload.old} is now called {payload.new}"
    if isinstance(payload, CharacterRetired):
        return f"{payload.name} leaves the story" + (
            f": {payload.reason}" if payload.reason else ""
        )
    return None


class Recap:
    """Builds one session's recap for one audience."""

    def __init__(self, log: Log, number: int, audience: Audience) -> None:
        self.log = log
        self.ruleset = log.ruleset
        self.narrator = narrator_of(self.ruleset.name).seen_by(audience.gm)
        self.number = number
        self.audience = audience
        self.steps = log.session(number)
        if not self.steps:
            raise NotFound(f"session {number} of campaign {log.final.slug!r} has no events")
        self.encounter: Encounter | None = None
        self._turn: Turn | None = None
        self.story: list[StoryEntry] = []
        #: what happened between the session before and this one ("Since last time")
        self.since: list[StoryEntry] = []
        self.outcomes: dict[str, list[Fields]] = {key: [] for key in self.narrator.outcome_keys}
        #: how the names of earlier events read now
        self.renames = Renames(log.final)
        #: the states around the event being told: a name denotes whoever held it there
        self._around: tuple[CampaignState, CampaignState] = (log.final, log.final)
        #: who knew what as the session ended (or as the view stands, if earlier): the
        #: secrets this recap may show its audience
        self.known: CampaignState = self.steps[-1].after
        self.learned: list[LearnedEntry] = []
        #: the seqs this recap tells (a secret noted here is in the story, not "learned")
        self._told = {s.record.seq for s in (*log.between, *self.steps)}

    # --- what this audience may see ---------------------------------------------------

    @property
    def gm_audience(self) -> bool:
        return self.audience.gm

    @property
    def turn(self) -> Turn | None:
        return self._turn

    def about(self, step: Step) -> frozenset[CharacterId]:
        """Who the step's event is about, by identity (its names resolved at its seq)."""
        assert step.payload is not None
        return concerned(step.payload, step.before, step.after, self.ruleset)

    def knows(self, secret: int) -> bool:
        """Whether this audience knew the secret noted at `secret` as this view stands."""
        return knows(self.known, secret, self.audience.gm, self.audience.ident)

    def sees(self, step: Step) -> bool:
        """Whether this audience may see the step's event: the one filter (`sees`), a
        secret as they knew it when the session ended."""
        assert step.payload is not None
        about = self.about(step) if self.audience.one_character else frozenset()
        return sees(self.audience, step.payload, step.record.seq, self.known, about)

    def known_by(self, secret: int) -> list[str]:
        """Who besides the GM knows a secret as this view stands (the GM's copy)."""
        held = self.known.secrets.get(secret, ())
        return [
            f"{'every player' if k == PLAYERS else self.known.name_of(k)} (since #{since})"
            for k, since in held
            if k == PLAYERS or k in self.known.names
        ]

    def learn(self, step: Step, payload: SecretRevealed) -> None:
        """A reveal in this session of a secret noted before it: "Learned this session",
        when this audience learned it here (did not know before, knows as the view stands)."""
        if payload.seq in self._told:
            return
        if not self.audience.gm and (
            not self.knows(payload.seq)
            or knows(step.before, payload.seq, False, self.audience.ident)
        ):
            return
        record = self.log.event(payload.seq)
        if record is None:
            return
        noted = record.payload
        text = getattr(noted, "text", "")
        names = self.renames.at(step.after)
        self.learned.append(
            {
                "seq": payload.seq,
                "text": with_new_names(text, names),
                "noted_in": record.session,
                "reason": payload.reason,
                "gm": self.gm(step),
            }
        )

    def sees_name(self, name: str) -> bool:
        """Whether this audience sees `name` as used by the event being told (or, once the
        session is told, as the cast stands at its end)."""
        if not self.audience.one_character:
            return True
        return holder(name, *self._around) == self.audience.ident

    def gm(self, step: Step) -> GmDetails | None:
        if not self.audience.gm:
            return None
        seq = step.record.seq
        line = describe(step.record, self.ruleset)
        return gm_details(step.record, self.ruleset, line, self.log.corrections.amended_by.get(seq))

    # --- building -------------------------------------------------------------------

    def build(self) -> RecapDocument:
        for step in self.log.between:
            self.step(step)
        self.clock_jump_at_start()
        self.since, self.story = self.story, []
        self.encounter, self._turn = None, None
        for step in self.steps:
            self.step(step)
        for entry in self.story:
            if entry["kind"] == "encounter":
                entry["charts"] = self.narrator.encounter_charts(entry)
        first, last = self.steps[0], self.steps[-1]
        start = first.payload if isinstance(first.payload, SessionStarted) else None
        state = last.after
        self._around = (state, state)
        names = [n for n in state.cast if self.sees_name(n)]
        # the cast is who the players saw in the session (a character's own handout too
        # names who they played beside); a GM-only note names nobody to the players
        public = [
            s
            for s in self.steps
            if s.payload is not None and (self.audience.gm or not gm_only(s.payload))
        ]
        named = {ident for s in public for ident in self.about(s)}
        cast = [n for n in state.cast if state.ids.get(n) in named]
        status = self.ruleset.status(state)
        began = start.at if start and start.at else first.after.clock
        ended = last.record.game_time
        return {
            "campaign": campaign_heading(self.log.final),  # (its language as the view has it)
            "audience": {
                "kind": self.audience.kind,
                "name": self.audience.name,
                "label": self.audience.label,
                "gm": self.audience.gm,
            },
            "session": {
                "number": self.number,
                "title": start.title if start else f"Session {self.number}",
                "began": game_date(began),
                "ended": game_date(ended) if ended and ended != began else None,
                "began_at": began,
                "closed": any(isinstance(s.payload, SessionEnded) for s in self.steps),
                "of": self.log.final.sessions,
            },
            "cast": cast or names,
            "since": self.since,
            "story": self.story,
            "outcomes": self.outcomes,
            "has_outcomes": any(self.outcomes[k] for k in self.outcomes),
            "standing": [self.narrator.standing(n, status[n]) for n in names if n in status],
            "voided": [v for v in self.log.voided if v["session"] == self.number]
            if self.audience.gm
            else [],
            "learned": self.learned,
        }

    def clock_jump_at_start(self) -> None:
        """A session started `--at` a time the clock did not stand at moves it too: "Since
        last time" names that jump beside the ones `clock` made."""
        first = self.steps[0]
        start = first.payload
        if not isinstance(start, SessionStarted) or start.at is None:
            return
        before = first.before.clock
        if before is None or before == start.at:
            return
        told: EventEntry = {
            "kind": "event",
            "text": f"Time passes: {game_date(start.at)}",
            "gm": self.gm(first),
            "seq": first.record.seq,
        }
        self.story.append(told)

    def add(self, item: Happening) -> None:
        """Into the running encounter's turn, or the story."""
        if self._turn is not None and self.encounter is not None and self.encounter["visible"]:
            self._turn["happenings"].append(item)
        else:
            self.story.append(item)

    def open_turn(self, number: int | None, rows: list[Fields]) -> Turn:
        """A new turn of the running encounter (its number None for an untracked one)."""
        assert self.encounter is not None
        turn: Turn = {"number": number, "rows": rows, "happenings": []}
        self.encounter["turns"].append(turn)
        self._turn = turn
        return turn

    def step(self, step: Step) -> None:
        payload = step.payload
        assert payload is not None
        self._around = (step.before, step.after)
        opened = self.narrator.encounter_opened(step, self)
        if opened is not None:
            return
        if self.encounter is not None:
            if self.narrator.encounter_closed(step, self, self.encounter):
                self.encounter["ended"] = True
                self.encounter["end_gm"] = self.gm(step)
                self.encounter, self._turn = None, None
                return
            self.narrator.track(step, self, self.encounter)
            if not self.encounter["visible"] and self._joins(step):
                self.encounter["visible"] = True
                self.story.append(self.encounter)
        if isinstance(payload, SecretRevealed) and step.record.session in (self.number, None):
            # (the only steps of no session walked are those since the session before)
            self.learn(step, payload)
        if not self.sees(step):
            return
        names = self.renames.at(step.after)
        if isinstance(payload, NoteTaken | SecretNoted | VeiledNoteTaken):
            shown = payload.text
            if isinstance(payload, VeiledNoteTaken):
                shown = veiled(payload.veil, shown) if self.audience.gm else faded(payload.veil)
            note: RecapNote = {
                "kind": "note",
                "text": with_new_names(shown, names),
                "gm_only": isinstance(payload, NoteTaken) and payload.gm_only and self.audience.gm,
                "about": [with_new_names(n, names) for n in payload.about],
                "gm": self.gm(step),
                "seq": step.record.seq,
            }
            if self.audience.gm and self.known.secrets.get(step.record.seq):
                note["known_by"] = self.known_by(step.record.seq)
            self.add(note)
            return
        if isinstance(payload, SecretRevealed):
            return  # the GM's copy lists it under "Learned this session"
        self.narrator.outcome(step, self)
        text = (
            roll_sentence(payload, step.record.seq, self.audience.gm)
            or core_sentence(payload, self.ruleset, self.audience.gm)
            or self.narrator.sentence(step, self.audience.gm)
            or telling_of(self.ruleset.name).sentence(payload, self.audience.gm)
        )
        if text is not None:
            text = with_new_names(text, names)
            told: EventEntry = {
                "kind": "event",
                "text": text,
                "gm": self.gm(step),
                "seq": step.record.seq,
            }
            self.add(told)

    def _in_cast(self, step: Step) -> bool:
        """Whether this audience's character is in the story as the step leaves it (so in
        a fight that is everyone's)."""
        state = step.after
        return self.audience.one_character and any(
            state.ids.get(name) == self.audience.ident for name in state.cast
        )

    def _joins(self, step: Step) -> bool:
        """Whether a character's handout enters the running fight here: a ruling of the
        ruleset about them (joining it, a check in it), not a note that names them."""
        payload = step.payload
        return (
            self.audience.one_character
            and isinstance(payload, self.ruleset.events)
            and self.sees(step)
        )

    def start_encounter(self, step: Step, opening: EncounterOpening) -> Encounter:
        """Called by a narrator's `encounter_opened`: the encounter enters the story (when
        this audience sees it) and becomes the running one."""
        assert step.payload is not None
        visible = self.sees(step) or (opening.get("everyone", False) and self._in_cast(step))
        gm = self.gm(step)
        if gm is not None:
            gm["terms"] = None  # the encounter's line shows its terms to everyone
        encounter: Encounter = {
            "kind": "encounter",
            "title": opening["title"],
            "hf": opening["hf"],
            "why": opening["why"],
            "category": opening["category"],
            "ambush": opening["ambush"],
            "cast": opening["cast"],
            "turns": [],
            "results": [],
            "ended": False,
            "end": None,
            "gm": gm,
            "visible": visible,
        }
        if visible:
            self.story.append(encounter)
        self.encounter, self._turn = encounter, None
        return encounter


def recap_context(
    campaign: Campaign,
    session: int | None,
    audience: str | Audience,
    final: CampaignState | None = None,
) -> RecapDocument:
    """The recap of `session` for `audience`, of the campaign as it stands (or as `final`,
    an earlier state, stood: the book of the campaign so far)."""
    final = final if final is not None else campaign.state()
    latest = last_session(final)
    number = latest if session is None else session
    if not 1 <= number <= final.sessions:
        raise NotFound(
            f"there is no session {number} in campaign {final.slug!r} "
            f"(its sessions: 1 to {final.sessions})"
        )
    who = audience_for(audience, final)
    return Recap(walk(campaign, number, final), number, who).build()
