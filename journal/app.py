"""The application service: load a campaign's state, decide, append, retry on conflict.

The only place that touches both the store and the rules. `journal.api` wraps it for
scripts and the CLI. It returns facts (the records appended, the state after them, the
rolls a ruling wants): the words are the telling layer's, asked for by the API when its
caller wants them, never made here.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from journal.cache import encoded, snapshot_registry
from journal.cache import read as read_snapshot
from journal.caching import Rejected, Stale
from journal.dice import ROLLED, SEEDED, Ask, DiceBox, Stake, system_box
from journal.errors import (
    ConcurrencyConflict,
    JournalError,
    NotFound,
    RuleError,
    SnapshotsUnavailable,
    UnreadableEvent,
)
from journal.events.canonical import check_plain
from journal.events.recorded import LogRow, Recorded
from journal.events.registry import CORRECTION_TYPES, Dice, Event, to_data
from journal.frozen import changed
from journal.projection import Corrections, apply, envelope, fold, fold_rows
from journal.rules import load, rules_version
from journal.rules.command import Command
from journal.rules.core.events import EventVoided, RulingAmended
from journal.rules.core.state import CampaignState, Meta
from journal.rules.deciding import decide, typed
from journal.rules.ruleset import Ruleset
from journal.store import Draft, Store
from journal.store.snapshots import SNAPSHOT_EVERY
from journal.version import __version__

if TYPE_CHECKING:
    # imported by the corrections that plan them: a note or a status does not re-rule;
    # the core's commands and decider load with the commands that decide one (a read
    # command, `log`, `status`, needs neither)
    from journal.audit.rerule import Plan
    from journal.rules.core.commands import VoidEvent

RETRIES = 30
SEED_VARIABLE = "JOURNAL_DICE_SEED"


def notice(text: str) -> None:
    """Tell the GM something they did not ask about, on standard error (so `--json`
    output stays one document)."""
    print(f"Notice: {text}", file=sys.stderr)


class Appended(Struct, frozen=True):
    """What a command recorded and the campaign after it: facts (the API words them, and
    hands out an `Outcome` of them, the state kept inside)."""

    records: list[Recorded]
    state: CampaignState


class Wanted(Struct, frozen=True):
    """A roll a ruling needs that nobody entered: what the service knows of it. The caller
    words the question (`journal.api` asks the ruleset's telling)."""

    purpose: str
    count: int
    sides: int
    stake: Stake | None
    #: the campaign the ruling is decided on, and the command (None: a ruling re-ruled)
    state: CampaignState | None = None
    command: Command | None = None
    #: the seq of the ruling re-ruled that now needs this roll
    rerule_of: int | None = None


#: how the service asks for a roll: the faces, or None to roll them
AskFor = Callable[[Wanted], Sequence[int] | None]


class Rerule(Struct, frozen=True):
    """A re-rule decided against the campaign as it stood at `seq` (kept inside, `_state`):
    the void it follows (if any), then its plan."""

    _state: CampaignState
    first: list[Event]
    plan: Plan

    @property
    def seq(self) -> int:
        """The head it was decided against (recording it is refused once the log moved)."""
        return self._state.seq


class Campaign:
    """One campaign in one store: its state, and the commands decided against it."""

    def __init__(self, store: Store, campaign: str) -> None:
        self.store = store
        self.campaign = campaign
        self._ruleset_name: str | None = None
        #: the state after this object's last command, and the seq of the newest snapshot
        #: it knows: the next command starts from them (a lost race catches up)
        self._last: CampaignState | None = None
        self._snapshot_seq = 0
        #: how the GM is told of a snapshot set aside (standard error by default)
        self.notice: Callable[[str], None] = notice
        self._told_unavailable = False
        #: who enters this object's events (recorded on each; None: nobody named)
        self.writer: str | None = None

    @classmethod
    def open(cls, store: Store, campaign: str | None, current: str | None = None) -> Campaign:
        store.require_current()
        return cls(store, resolve_campaign(store, campaign, current))

    # --- reading -------------------------------------------------------------------------

    def head(self) -> int:
        return self.store.head(self.campaign)[0]

    def state(
        self, as_of: int | None = None, *, cached: bool = True, keep: bool = True
    ) -> CampaignState:
        """The projection at the head, or as of an earlier seq (voids made later don't count).

        Folds from the newest usable snapshot, and (with `keep`) keeps a new one when it
        folded many events. Every read is bounded by one seq, so an event appended meanwhile
        (a void above all) is either wholly in or wholly out.
        """
        upto = as_of if as_of is not None else self.head()
        corrections = self.corrections(upto)
        base = self._snapshot(upto, corrections) if cached else None
        start = base or CampaignState()
        rows = self.store.read_for_fold(self.campaign, after=start.seq, upto=upto)
        try:
            state = fold_rows(rows, corrections, start)
        except UnreadableEvent as exc:
            raise exc.of(self.campaign) from None
        if cached:
            self._snapshot_seq = start.seq
        if cached and keep and state.ruleset and state.seq - start.seq >= SNAPSHOT_EVERY:
            kept = encoded(state)
            if kept is not None:
                self.store.save_snapshot(self.campaign, state.seq, *kept)
                self._snapshot_seq = state.seq
        return changed(state, slug=self.campaign) if state.seq else state

    def upto(self, as_of: int | None, as_of_session: int | None = None) -> int | None:
        """Check `--as-of SEQ` / `--as-of-session N` and turn them into a seq (None: now)."""
        if as_of_session is not None:
            return self.seq_of_session(as_of_session)
        if as_of is not None:
            head = self.head()
            if not 1 <= as_of <= head:
                raise NotFound(
                    f"there is no event {as_of} in campaign {self.campaign!r}: "
                    f"its events are 1 to {head}"
                )
        return as_of

    def corrections(self, upto: int | None = None) -> Corrections:
        """The voids and amendments made by `upto` (all of them when None)."""
        rows = self.store.corrections(self.campaign, upto=upto)
        if any(kind == "RulingAmended" for _, kind, _ in rows):
            self.ruleset  # noqa: B018 - loading it registers the event types amendments hold
        try:
            return Corrections.of(rows)
        except UnreadableEvent as exc:
            raise exc.of(self.campaign) from None

    def _snapshot(self, as_of: int | None, corrections: Corrections) -> CampaignState | None:
        """The newest snapshot usable as of `as_of`, checked: bound to the events it folds
        and to the rules code, its state unedited and made of the ruleset's own classes. A
        snapshot that fails is set aside (deleted when the database lets this command
        write), the GM is told, and the state is folded from the log."""
        try:
            name = self.ruleset_name
            version = rules_version(name)
        except NotFound:
            return None  # a campaign being created
        registry = snapshot_registry(name)
        if registry is None:
            return None
        try:
            found = self.store.latest_snapshot(self.campaign, version, upto=as_of)
        except SnapshotsUnavailable as exc:
            if not self._told_unavailable:
                self._told_unavailable = True
                self.notice(str(exc))
            return None
        if found is None or corrections.reach_back(found.seq):
            return None
        try:
            return read_snapshot(found, registry, name)
        except Stale:
            return None  # an older journal's: never read, replaced by the next one kept
        except Rejected as exc:
            self.notice(f"discarded the snapshot at #{found.seq} ({exc}): rebuilt from the log")
            self.store.discard_snapshot(found)
            return None

    @property
    def ruleset_name(self) -> str:
        if self._ruleset_name is None:
            first = self.store.get(self.campaign, 1)
            if first is None:
                raise NotFound(f"campaign {self.campaign!r} has no events")
            self._ruleset_name = str(first.data["ruleset"])
        return self._ruleset_name

    @property
    def ruleset(self) -> Ruleset:
        return load(self.ruleset_name)

    def seq_of_session(self, number: int) -> int:
        """The last event of session `number` (for `--as-of-session`)."""
        seq = self.session_end(number)
        if seq is None:
            raise NotFound(f"campaign {self.campaign!r} has no session {number}; see `journal log`")
        return seq

    def records(self, upto: int | None = None, *, after: int = 0) -> Iterator[Recorded]:
        """The campaign's events after `after` up to `upto` (None: the head), in order."""
        return self.store.read(self.campaign, after=after, upto=upto)

    def event(self, seq: int) -> Recorded | None:
        """Event `seq` of the campaign (None: there is none)."""
        return self.store.get(self.campaign, seq)

    def count(self) -> int:
        """How many events the campaign holds (voided ones included)."""
        return self.store.count(self.campaign)

    def session_end(self, number: int) -> int | None:
        """The last event of session `number` (None: no such session)."""
        return self.store.last_seq_of_session(self.campaign, number)

    def history(self, upto: int | None = None) -> tuple[Iterator[Recorded], Corrections]:
        """The records and their corrections, both bounded by the same seq."""
        bound = upto if upto is not None else self.head()
        return self.records(bound), self.corrections(bound)

    def log_history(self, upto: int | None = None) -> tuple[Iterator[LogRow], Corrections]:
        """`history` as the text of `journal log` reads it (`Store.read_for_log`)."""
        bound = upto if upto is not None else self.head()
        return self.store.read_for_log(self.campaign, upto=bound), self.corrections(bound)

    # --- deciding ------------------------------------------------------------------------

    def execute(
        self,
        command: Command,
        dice: Mapping[str, Sequence[int]] | None = None,
        dice_flags: Mapping[str, str] | None = None,
        ask: AskFor | None = None,
        known: CampaignState | None = None,
        sealed: bool = False,
    ) -> Appended:
        """Decide `command` against the current state and append what it produced, all of it or
        nothing (`sealed`: its dice rolled behind the screen, `RulingSealed`). A lost race
        reloads the state and decides again (a few times) before giving up. `ask` is
        consulted for a roll with no entered faces, as the ruling needs it; each answer is
        kept, so deciding again does not ask twice.

        The state decided on is `known` (a state the caller holds, a session's latest), else
        the one this object's last command left, else a fresh fold: the append itself checks
        that nobody appended since. Every SNAPSHOT_EVERY events, the append keeps a snapshot
        in its own transaction (a refused command writes nothing).
        """
        typed(command)
        # a refused command writes nothing, not even a cache: keep=False
        state = known or self._last or self._state_to_decide(command)
        answers = _Answers(ask) if ask is not None else None
        for attempt in range(RETRIES):
            payloads = self._decide(state, command, dice, dice_flags, answers)
            if sealed:
                from journal.rules.core.rolls import sealed_ruling

                payloads = sealed_ruling(state.seq, command, payloads, self.ruleset.sealable)
            drafts, after = draft(state, payloads, self.writer)
            voids = any(isinstance(p, EventVoided | RulingAmended) for p in payloads)
            snapshot = None
            if not voids and after.seq - self._snapshot_seq >= SNAPSHOT_EVERY:
                snapshot = encoded(after)
            try:
                records = self.store.append(self.campaign, state.seq, drafts, snapshot)
            except ConcurrencyConflict:
                self._last = None
                time.sleep(random.uniform(0, 0.005 * (attempt + 1)))
                state = self._catch_up(state)
                continue
            if snapshot is not None:
                self._snapshot_seq = after.seq
            if voids:
                after = self.state(keep=False)  # a correction reaches back: fold again
            self._last = after
            return Appended(records, after)
        raise ConcurrencyConflict(
            f"campaign {self.campaign!r} is busy: other writers kept appending; try again"
        )

    def unreadable(self) -> tuple[UnreadableEvent, ...]:
        """Every event of the campaign its rules cannot read (`db check`): each one the
        folds would read decoded, whatever snapshot a command would start from."""
        from journal.events.registry import from_json

        self.ruleset  # noqa: B018 - loading it registers the event types of its rulings
        try:
            corrections = self.corrections()
        except UnreadableEvent as exc:
            return (exc,)
        found = []
        for seq, kind, schema, text, *_ in self.store.read_for_fold(self.campaign):
            if seq in corrections.voided or seq in corrections.amended:
                continue
            try:
                from_json(kind, schema, text)
            except (ValueError, TypeError) as exc:
                found.append(UnreadableEvent(seq, kind, str(exc).split("\n")[0], self.campaign))
        return tuple(found)

    def _state_to_decide(self, command: Command) -> CampaignState:
        """The state `command` is decided on: the fold of the log; for the void of an event
        its rules cannot read (what that refusal tells the GM to do), the fold without it."""
        from journal.rules.core.commands import VoidEvent

        try:
            return self.state(keep=False)
        except UnreadableEvent as exc:
            if not isinstance(command, VoidEvent) or command.seq != exc.seq:
                raise
            if exc.kind in exc.UNVOIDABLE:
                raise
            head = self.head()
            rows = list(self.store.corrections(self.campaign, upto=head))
            if any(kind == "RulingAmended" for _, kind, _ in rows):
                self.ruleset  # noqa: B018 - registers the event types amendments hold
            readable = [row for row in rows if row[0] != exc.seq]
            try:
                corrections = Corrections.of(readable).with_void(head + 1, exc.seq)
                state = fold_rows(self.store.read_for_fold(self.campaign, upto=head), corrections)
            except UnreadableEvent as another:  # the next to void, once this one is
                raise another.of(self.campaign) from None
            return changed(state, slug=self.campaign)

    def _relying_on(self, target: Recorded, state: CampaignState) -> tuple[int, ...]:
        """The live events after `target` (a CharacterAdded or CharacterRenamed) that would
        denote someone else, or nobody, were it voided: each event's names resolved to
        identities with the naming events as they stand and without `target`."""
        from journal.projection import names_walk
        from journal.rules.concerns import concerned

        records = list(self.records(state.seq))
        corrections = self.corrections(state.seq)
        without = corrections.with_void(state.seq + 1, target.seq)
        ruleset = self.ruleset
        found = []
        for (record, before, after), (_, before_void, after_void) in zip(
            names_walk(records, corrections), names_walk(records, without), strict=True
        ):
            if record.seq <= target.seq or record.seq in corrections.voided:
                continue
            payload = corrections.amended.get(record.seq) or record.payload
            now = concerned(payload, before, after, ruleset)
            if now != concerned(payload, before_void, after_void, ruleset):
                found.append(record.seq)
        return tuple(found)

    def undo_target(self, anyone: bool = False) -> Recorded | None:
        """The last event that still counts (corrections aside) this object's writer
        entered, or (`anyone`) anyone entered. A writer's events are their own and those
        of their `play` sessions (`gm@host/play-3f2a` is gm@host's); a session's are its
        own only."""
        state = self.state(keep=False)
        amended = _amendment(self.store.read_backwards(self.campaign, upto=state.seq), state)
        if amended is not None and (anyone or written_by(amended.writer, self.writer)):
            return amended
        for record in self.store.read_backwards(self.campaign, upto=state.seq):
            if record.type in UNDONE_NEVER or record.seq in state.voided:
                continue
            if anyone or written_by(record.writer, self.writer):
                return record
        return None

    # --- re-ruling -------------------------------------------------------------------------

    def plan_rerule(self, void: VoidEvent | None = None, ask: AskFor | None = None) -> Rerule:
        """What a re-rule would record now (after `void`, recorded with it when given); a
        ruling that now needs dice it never rolled asks for them (`ask`) or rolls them."""
        state = self.state(keep=False)
        corrections = self.corrections(state.seq)
        first: list[Event] = []
        reason = "re-ruled after the corrections"
        if void is not None:
            typed(void)
            first = self._decide(state, void, None, None)
            corrections = corrections.with_void(state.seq + 1, void.seq)
            reason = f"re-ruled after the void of #{void.seq}"
        from journal.audit import rerule

        box = self._rerule_box(ask)
        found = rerule.plan(self.records(state.seq), corrections, box, reason)
        return Rerule(state, first, found)

    def record_rerule(self, planned: Rerule) -> Appended:
        """Append what `planned` decided, all of it or nothing (refused if the campaign moved
        on meanwhile: plan again)."""
        payloads = [*planned.first, *planned.plan.corrections]
        if not payloads:
            return Appended([], planned._state)
        drafts, _ = draft(planned._state, payloads, self.writer)
        try:
            records = self.store.append(self.campaign, planned.seq, drafts)
        finally:
            self._last = None  # the corrections reach back: the next command folds again
        return Appended(records, self.state(keep=False))

    def rerule(self, void: VoidEvent | None = None, ask: AskFor | None = None) -> Appended:
        """Plan and record a re-rule, planning again if another writer got there first."""
        return self.retrying(lambda answer: self.plan_rerule(void, answer), ask)[0]

    def plan_amend(
        self,
        seq: int,
        dice: Sequence[str],
        inputs: Mapping[str, str],
        reason: str,
        ask: AskFor | None = None,
    ) -> Rerule:
        """What `journal amend SEQ` would record now: ruling SEQ decided again in its place
        from the corrected dice (`+1/-8`, `PURPOSE=FACES`) and inputs (the ruleset's
        `amendable`), then every later ruling against that corrected past. A RuleError says
        what cannot be amended so; nothing is written."""
        from journal.audit import amend, rerule

        typed({"reason": reason, **inputs})
        state = self.state(keep=False)
        corrections = self.corrections(state.seq)
        record = self.store.get(self.campaign, seq) if 1 <= seq <= state.seq else None
        found = amend.amendment(
            self.campaign, state.seq, seq, record, corrections, self.ruleset, dice, inputs, reason
        )
        box = self._rerule_box(ask)
        later = f"{AMENDMENT_FOLLOWS}{seq}"  # the reason of what follows
        planned = rerule.plan(self.records(state.seq), corrections, box, later, amend=found)
        return Rerule(state, [], planned)

    def retrying(
        self,
        planning: Callable[[AskFor | None], Rerule],
        ask: AskFor | None = None,
        first: Rerule | None = None,
    ) -> tuple[Appended, Rerule]:
        """Plan a correction (a re-rule, an amendment) and record it, all or nothing; when
        another writer appended meanwhile, plan again on the longer log (the GM's answers
        to dice requests are kept, so nobody is asked twice), up to RETRIES times. `first`:
        a plan already made (the one the GM confirmed), tried first. The outcome, and the
        plan it recorded."""
        answers = None if ask is None else _ReruleAnswers(ask)
        for attempt in range(RETRIES):
            planned = first if attempt == 0 and first is not None else planning(answers)
            try:
                return self.record_rerule(planned), planned
            except ConcurrencyConflict:
                time.sleep(random.uniform(0, 0.02 * (attempt + 1)))
        raise ConcurrencyConflict(
            f"campaign {self.campaign!r} is busy: other writers appended each time the "
            f"correction was decided ({RETRIES} tries); nothing was written, try again"
        )

    def _rerule_box(self, ask: AskFor | None) -> Callable[[int, object], DiceBox]:
        """The dice each ruling recorded; a roll it never needed before is asked for (when
        `ask` is given) or rolled now (seeded by JOURNAL_DICE_SEED when set), and recorded
        as entered or rolled at the re-rule."""
        seed = os.environ.get(SEED_VARIABLE)

        def box(seq: int, dice: object) -> DiceBox:
            recorded: Dice = dice if isinstance(dice, Mapping) else {}
            asker: Ask | None = None
            if ask is not None:

                def asker(
                    purpose: str, count: int, sides: int, stake: Stake | None
                ) -> Sequence[int] | None:
                    return ask(Wanted(purpose, count, sides, stake, rerule_of=seq))

            if seed is not None:
                rng = random.Random(f"{seed}:rerule:{seq}")
                return DiceBox.replaying(recorded, rng, SEEDED, asker)
            return DiceBox.replaying(recorded, random.SystemRandom(), ROLLED, asker)

        return box

    def _catch_up(self, state: CampaignState) -> CampaignState:
        """Fold what other writers appended since `state`; a new void means a full replay."""
        newer = list(self.store.read(self.campaign, after=state.seq))
        if any(r.type in CORRECTION_TYPES for r in newer):
            return self.state()
        return fold(newer, start=state)

    def _decide(
        self,
        state: CampaignState,
        command: Command,
        dice: Mapping[str, Sequence[int]] | None,
        dice_flags: Mapping[str, str] | None,
        answers: _Answers | None = None,
    ) -> list[Event]:
        from journal.rules.core.commands import VoidEvent

        if isinstance(command, VoidEvent):
            target = self.store.get(self.campaign, command.seq)
            relied_on_by: tuple[int, ...] = ()
            if (
                target is not None
                and _readable(target)
                and target.type in _NAMING
                and target.seq not in state.voided
            ):
                relied_on_by = self._relying_on(target, state)
            # `what`, the voided ruling in words, is the caller's (the API words it)
            command = VoidEvent(command.seq, command.reason, target, relied_on_by, command.what)

        def box(ruleset: Ruleset) -> DiceBox:
            return system_box(
                dice,
                seed=os.environ.get(SEED_VARIABLE),
                salt=f"{state.slug}:{state.seq + 1}",
                flag_names=dice_flags,
                ask=None if answers is None else answers.asking(ruleset, state, command),
            )

        return decide(state, command, box, dice_flags, self.notice)


class _Answers:
    """The GM's answers to dice requests, kept across the attempts of one command."""

    def __init__(self, ask: AskFor) -> None:
        self._ask = ask
        self._given: dict[tuple[str, int, int], Sequence[int] | None] = {}

    def asking(self, ruleset: Ruleset, state: CampaignState, command: Command) -> Ask:
        def ask(purpose: str, count: int, sides: int, stake: Stake | None) -> Sequence[int] | None:
            key = (purpose, count, sides)
            if key not in self._given:
                self._given[key] = self._ask(Wanted(purpose, count, sides, stake, state, command))
            return self._given[key]

        return ask


class _ReruleAnswers:
    """The GM's answers for the rulings a correction decides again, kept across its plans
    (so a plan made again on a longer log asks nobody twice)."""

    def __init__(self, ask: AskFor) -> None:
        self._ask = ask
        self._given: dict[tuple[int | None, str, int, int, Stake | None], Sequence[int] | None]
        self._given = {}

    def __call__(self, wanted: Wanted) -> Sequence[int] | None:
        key = (wanted.rerule_of, wanted.purpose, wanted.count, wanted.sides, wanted.stake)
        if key not in self._given:
            self._given[key] = self._ask(wanted)
        return self._given[key]


def _amendment(newest_first: Iterable[Recorded], state: CampaignState) -> Recorded | None:
    """The amendment an `amend` recorded last, when nothing but its corrections came after
    it: the ruling the GM corrected (the corrections after it re-rule what followed, their
    reason says so; voiding it re-rules those back). None when the latest correction is
    something else's (an `undo`'s void, a `void`) or an ordinary event came since."""
    for record in newest_first:
        if record.type not in CORRECTION_TYPES:
            return None
        if str(record.data.get("reason", "")).startswith(AMENDMENT_FOLLOWS):
            continue  # a ruling after the amended one, decided again
        if record.type == "RulingAmended" and record.seq not in state.voided:
            return record
        return None
    return None


def _readable(record: Recorded) -> bool:
    """Whether the rules can read `record` (a void takes one they cannot out of the log)."""
    try:
        record.payload  # noqa: B018 - decoded once, and kept
    except UnreadableEvent:
        return False
    return True


#: the events that give a character a name: a void of one may leave later events naming
#: someone else, or nobody
_NAMING = frozenset({"CharacterAdded", "CharacterRenamed"})


#: the reason of the corrections an amendment records for the rulings after it
AMENDMENT_FOLLOWS = "re-ruled after the amendment of #"


#: what `undo` never takes back (but the amendment an `amend` just recorded): corrections,
#: the campaign itself, a chain's seal
UNDONE_NEVER = frozenset({*CORRECTION_TYPES, "CampaignCreated", "ChainSealed"})


def written_by(recorded: str | None, writer: str | None) -> bool:
    """Whether an event recorded as `recorded`'s is `writer`'s: the same writer, or one of
    their `play` sessions (`writer/play-...`)."""
    if recorded is None or writer is None:
        return False
    return recorded == writer or recorded.startswith(f"{writer}/")


def draft(
    state: CampaignState, payloads: Sequence[Event], writer: str | None = None
) -> tuple[list[Draft], CampaignState]:
    """The decided `payloads` as the store's drafts (each stamped with the game time and
    session it happens in), and the state after them: what an append writes."""
    ruleset = load(state.ruleset) if state.ruleset else None
    drafts = []
    for payload in payloads:
        game_time, session = envelope(state, payload)
        data = to_data(payload)
        try:
            check_plain(data)
        except ValueError as exc:
            raise RuleError(f"that cannot be recorded: {exc}") from None
        drafts.append(Draft(payload.type, payload.schema, data, game_time, session, writer=writer))
        state = apply(state, payload, Meta(state.seq + 1, game_time, session), ruleset)
        ruleset = ruleset or load(state.ruleset)
    return drafts, state


def resolve_campaign(store: Store, slug: str | None, current: str | None = None) -> str:
    """The named campaign, else the current one (`campaign use`), else the only one."""
    firsts = store.campaigns()
    slugs = [r.campaign for r in firsts]
    if slug is None and current in slugs:
        slug = current
    if slug:
        if slug not in slugs:
            known = ", ".join(slugs) or "none yet"
            raise NotFound(
                f"no campaign {slug!r} in {store.describe()} (campaigns: {known}); "
                "see `journal campaign list`"
            )
        return slug
    if len(slugs) == 1:
        return slugs[0]
    if not slugs:
        raise NotFound(
            f"no campaign in {store.describe()}: start one with "
            "`journal campaign new SLUG --ruleset RULESET`"
        )
    raise JournalError(
        f"{store.describe()} holds {len(slugs)} campaigns ({', '.join(slugs)}): "
        f"choose one with `journal campaign use SLUG` (or --campaign SLUG)"
    )


def create_campaign(
    store: Store,
    slug: str,
    ruleset: str,
    title: str,
    options: Mapping[str, str],
    writer: str | None = None,
) -> Appended:
    """Start a campaign (creating the database schema on a new database)."""
    from journal.rules.core.commands import CreateCampaign
    from journal.rules.core.decide import decide_core

    rules = load(ruleset)
    command = CreateCampaign(slug, ruleset, title, dict(options), __version__)
    decide_core(CampaignState(slug=slug), command, rules)  # refuse bad input before touching disk
    store.ensure_schema()
    if store.get(slug, 1) is not None:
        raise RuleError(
            f"campaign {slug!r} already exists in {store.describe()}: pick another slug"
        )
    campaign = Campaign(store, slug)
    campaign.writer = writer
    return campaign.execute(command)
