"""The application service: load a campaign's state, decide, append, retry on conflict.

The only place that touches both the store and the rules. `journal.api` wraps it for
scripts and the CLI; everything they print comes back from here as data.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from journal import __version__
from journal.dice import system_box
from journal.errors import ConcurrencyConflict, JournalError, NotFound, RuleError
from journal.events import Event, Recorded, check_plain, to_data
from journal.frozen import changed
from journal.projection import apply, envelope, fold
from journal.rules import load, names, rules_version
from journal.rules.core import (
    CORE_COMMANDS,
    CampaignState,
    CreateCampaign,
    EventVoided,
    Meta,
    VoidEvent,
    decide_core,
)
from journal.rules.narrate import describe
from journal.rules.ruleset import Ruleset
from journal.store import Draft, Store, snapshots
from journal.store.snapshots import SNAPSHOT_EVERY

RETRIES = 30
SEED_VARIABLE = "JOURNAL_DICE_SEED"


@dataclass(frozen=True)
class Outcome:
    """What a command recorded, the state after it, and how it reads."""

    records: list[Recorded]
    state: CampaignState

    @property
    def ruleset(self) -> Ruleset:
        return load(self.state.ruleset)

    def document(self) -> object:
        """The command's `--json`: the ruling's own document, or the records it appended."""
        found = self.ruleset.outcome(self.records)
        if found is not None:
            return found.to_json()
        return [{**r.export(), "voided": False} for r in self.records]

    def lines(self) -> list[str]:
        """`#seq line` for each event recorded, as the CLI prints them."""
        return [f"#{r.seq} {describe(r, self.ruleset)}" for r in self.records]


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

    @classmethod
    def open(cls, store: Store, campaign: str | None) -> Campaign:
        store.require_current()
        return cls(store, resolve_campaign(store, campaign))

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
        voids = self.store.voids(self.campaign, upto=upto)
        voided = frozenset(target for _, target in voids)
        base = self._snapshot(upto, voids) if cached else None
        start = base or CampaignState()
        state = fold(self.store.read(self.campaign, after=start.seq, upto=upto), voided, start)
        if cached:
            self._snapshot_seq = start.seq
        if cached and keep and state.ruleset and state.seq - start.seq >= SNAPSHOT_EVERY:
            self.store.save_snapshot(
                self.campaign, state.seq, rules_version(state.ruleset), snapshots.dump(state)
            )
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

    def _snapshot(self, as_of: int | None, voids: list[tuple[int, int]]) -> CampaignState | None:
        try:
            version = rules_version(self.ruleset_name)
        except NotFound:
            return None  # a campaign being created
        found = self.store.latest_snapshot(self.campaign, version, upto=as_of)
        if found is None or not snapshots.usable(found[0], voids):
            return None
        try:
            state = snapshots.load_state(found[1])
        except (TypeError, ValueError, AttributeError, ImportError):
            return None  # a cache: a stale or damaged snapshot is simply not used
        return state if isinstance(state, CampaignState) else None

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
        seq = self.store.last_seq_of_session(self.campaign, number)
        if seq is None:
            raise NotFound(f"campaign {self.campaign!r} has no session {number}; see `journal log`")
        return seq

    def records(self, upto: int | None = None) -> Iterator[Recorded]:
        return self.store.read(self.campaign, upto=upto)

    def voided(self, upto: int | None = None) -> frozenset[int]:
        return self.store.voided(self.campaign, upto=upto)

    def history(self, upto: int | None = None) -> tuple[Iterator[Recorded], frozenset[int]]:
        """The records and the voided seqs, both bounded by the same seq."""
        bound = upto if upto is not None else self.head()
        return self.records(bound), self.voided(bound)

    # --- deciding ------------------------------------------------------------------------

    def execute(
        self,
        command: object,
        dice: Mapping[str, Sequence[int]] | None = None,
        dice_flags: Mapping[str, str] | None = None,
    ) -> Outcome:
        """Decide `command` against the current state and append what it produced, all of
        it or nothing. A lost race reloads the state and decides again (a few times) before
        giving up.

        The state is the one this object's last command left, when there was one: the
        append itself checks that nobody appended since. Every SNAPSHOT_EVERY events, the
        append keeps a snapshot in its own transaction (a refused command writes nothing).
        """
        # a refused command writes nothing, not even a cache: keep=False
        state = self._last if self._last is not None else self.state(keep=False)
        for attempt in range(RETRIES):
            payloads = self._decide(state, command, dice, dice_flags)
            drafts, after = _drafts(state, payloads)
            voids = any(isinstance(p, EventVoided) for p in payloads)
            snapshot = None
            if not voids and after.seq - self._snapshot_seq >= SNAPSHOT_EVERY:
                snapshot = (rules_version(after.ruleset), snapshots.dump(after))
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
                after = self.state(keep=False)  # a void reaches back: fold again without it
            self._last = after
            return Outcome(records, after)
        raise ConcurrencyConflict(
            f"campaign {self.campaign!r} is busy: other writers kept appending; try again"
        )

    def _catch_up(self, state: CampaignState) -> CampaignState:
        """Fold what other writers appended since `state`; a new void means a full replay."""
        newer = list(self.store.read(self.campaign, after=state.seq))
        if any(r.type == "EventVoided" for r in newer):
            return self.state()
        return fold(newer, frozenset(), state)

    def _decide(
        self,
        state: CampaignState,
        command: object,
        dice: Mapping[str, Sequence[int]] | None,
        dice_flags: Mapping[str, str] | None,
    ) -> list[Event]:
        ruleset = load(command.ruleset if isinstance(command, CreateCampaign) else state.ruleset)
        if isinstance(command, VoidEvent):
            command = VoidEvent(
                command.seq, command.reason, self.store.get(self.campaign, command.seq)
            )
        if isinstance(command, CORE_COMMANDS):
            return decide_core(state, command, ruleset)
        if type(command) not in ruleset.commands:
            raise RuleError(_wrong_ruleset(state, command))
        box = system_box(
            dice,
            seed=os.environ.get(SEED_VARIABLE),
            salt=f"{state.slug}:{state.seq + 1}",
            flag_names=dice_flags,
        )
        payloads = ruleset.decide(state, command, box)
        unused = box.unused()
        if unused:
            flags = ", ".join((dice_flags or {}).get(p, p) for p in unused)
            raise RuleError(
                f"this ruling did not need the dice entered for {flags}: leave them out"
            )
        return payloads


def _drafts(state: CampaignState, payloads: Sequence[Event]) -> tuple[list[Draft], CampaignState]:
    ruleset = load(state.ruleset) if state.ruleset else None
    drafts = []
    for payload in payloads:
        game_time, session = envelope(state, payload)
        data = to_data(payload)
        try:
            check_plain(data)
        except ValueError as exc:
            raise RuleError(f"that cannot be recorded: {exc}") from None
        drafts.append(Draft(payload.type, payload.schema, data, game_time, session))
        state = apply(state, payload, Meta(state.seq + 1, game_time, session), ruleset)
        ruleset = ruleset or load(state.ruleset)
    return drafts, state


def _wrong_ruleset(state: CampaignState, command: object) -> str:
    for name in names():
        if name != state.ruleset and type(command) in load(name).commands:
            return f"that is a {name} command, and campaign {state.slug!r} plays {state.ruleset}"
    return f"{state.ruleset} has no {type(command).__name__} command"


def resolve_campaign(store: Store, slug: str | None) -> str:
    """The named campaign, or the only one in the database."""
    firsts = store.campaigns()
    slugs = [r.campaign for r in firsts]
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
        "choose one with --campaign SLUG or JOURNAL_CAMPAIGN"
    )


def create_campaign(
    store: Store, slug: str, ruleset: str, title: str, options: Mapping[str, str]
) -> Outcome:
    """Start a campaign (creating the database schema on a new database)."""
    rules = load(ruleset)
    command = CreateCampaign(slug, ruleset, title, dict(options), __version__)
    decide_core(CampaignState(slug=slug), command, rules)  # refuse bad input before touching disk
    store.ensure_schema()
    if store.get(slug, 1) is not None:
        raise RuleError(
            f"campaign {slug!r} already exists in {store.describe()}: pick another slug"
        )
    return Campaign(store, slug).execute(command)
