"""The data a session recap shows, built from the log (no Jinja here; see `journal.render`).

`walk` reads the campaign once and folds it, keeping the state before and after each
(non-voided) event. `recap_context` groups one session's events into the story (notes and
events in order, encounters with a turn-by-turn table), the outcomes and the standing.

Audiences: `players` (public notes, results, never a GM-only note, a die face or a term),
`gm` (adds GM-only notes, the dice faces and terms of every ruling, voided events) and a
character's name (that character's own events, the public notes about them or nobody).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from journal.app import Journal
from journal.errors import NotFound
from journal.events import Event, Recorded, describe_terms
from journal.narrate import concerns, describe
from journal.store import snapshots
from journal.projection import apply, fold, meta_of
from journal.rules import Ruleset, load
from journal.rules.core import CampaignState, NoteTaken, SessionEnded, SessionStarted
from journal.rules.fright_check.events import CombatEnded, CombatStarted, FrightChecked, TraitNamed
from journal.rules.horror_factor.events import (
    EncounterEnded,
    EncounterStarted,
    HardnessAwarded,
    HorrorChecked,
    InitiativeRolled,
    Rested,
    TurnAdvanced,
    WillpowerSoaked,
)
from journal.handouts.telling import (
    SHOWN_ELSEWHERE,
    check_verdict,
    effect_line,
    fright_details,
    fright_gm,
    fright_sentence,
    game_date,
    gm_details,
    standing,
    tell,
)

Doc = dict[str, Any]


@dataclass(frozen=True)
class Step:
    record: Recorded
    payload: Event
    before: CampaignState
    after: CampaignState


@dataclass
class Log:
    """The campaign read once: its folded steps and the events voided since."""

    steps: list[Step] = field(default_factory=list)
    voided: list[Doc] = field(default_factory=list)
    final: CampaignState = field(default_factory=CampaignState)
    by_session: dict[int, list[Step]] = field(default_factory=dict)

    @property
    def ruleset(self) -> Ruleset:
        return load(self.final.ruleset)

    def session(self, number: int) -> list[Step]:
        return self.by_session.get(number, [])

    def keep(self, step: Step) -> None:
        self.steps.append(step)
        if step.record.session is not None:
            self.by_session.setdefault(step.record.session, []).append(step)


def _void_reasons(
    journal: Journal, voids: list[tuple[int, int]], wanted: set[int]
) -> dict[int, str]:
    """Why each of the `wanted` seqs was voided (read from their EventVoided records)."""
    reasons: dict[int, str] = {}
    for void_seq, target in voids:
        if target in wanted:
            record = journal.store.get(journal.campaign, void_seq)
            if record is not None:
                reasons[target] = str(record.data.get("reason", ""))
    return reasons


def _fold_into(
    log: Log,
    records: Iterable[Recorded],
    voided: frozenset[int],
    state: CampaignState,
    only: int | None,
) -> CampaignState:
    """Fold `records` onto `state`, keeping a Step for each event of session `only` (every
    event when None); voided events of that session are listed, not folded."""
    ruleset = load(state.ruleset) if state.ruleset else None
    for record in records:
        shown = only is None or record.session == only
        if record.seq in voided:
            state = replace(state, seq=record.seq)
            if shown:
                log.voided.append(
                    {
                        "seq": record.seq,
                        "session": record.session,
                        "line": describe(record, ruleset),
                        "reason": "",
                    }
                )
            continue
        payload = record.payload  # decoded on each access: once here
        after = apply(state, payload, meta_of(record), ruleset)
        if ruleset is None and after.ruleset:
            ruleset = load(after.ruleset)
        if shown:
            log.keep(Step(record, payload, state, after))
        state = after
    return state


def walk(journal: Journal, only: int | None = None, final: CampaignState | None = None) -> Log:
    """The campaign folded once, every event kept as a Step; with `only`, just that
    session's events are kept and the fold starts from the newest usable snapshot before
    it (so a recap of one session does not describe or keep the rest of the campaign).

    Every read is bounded by one seq (the head when this starts)."""
    head = final.seq if final is not None else journal.head()
    voids = journal.store.voids(journal.campaign, upto=head)
    voided = frozenset(target for _, target in voids)
    log = Log()
    if only is None:
        state = _fold_into(
            log, journal.store.read(journal.campaign, upto=head), voided, CampaignState(), None
        )
        log.final = state
    else:
        before = (
            journal.store.last_seq_of_session(journal.campaign, only - 1) if only > 1 else 0
        ) or 0
        base = CampaignState()
        if before:
            # a cached read (folds from a snapshot, keeps one); voids made after `before`
            # that reach back into it make it unusable, then fold from the start
            base = journal.state(as_of=before)
            if not snapshots.usable(before, voids):
                base = fold(journal.store.read(journal.campaign, upto=before), voided)
        end = journal.store.last_seq_of_session(journal.campaign, only) or before
        state = _fold_into(
            log,
            journal.store.read(journal.campaign, after=base.seq, upto=min(end, head)),
            voided,
            base,
            only,
        )
        log.final = final if final is not None else state
    reasons = _void_reasons(journal, voids, {int(v["seq"]) for v in log.voided})
    for entry in log.voided:
        entry["reason"] = reasons.get(int(entry["seq"]), "")
    return log


@dataclass(frozen=True)
class Audience:
    kind: str  # players | gm | character
    name: str | None = None

    @property
    def gm(self) -> bool:
        return self.kind == "gm"

    @property
    def label(self) -> str:
        return {"players": "For the players", "gm": "GM's copy"}.get(
            self.kind, f"{self.name}'s handout"
        )


def audience_for(text: str, state: CampaignState) -> Audience:
    """`players`, `gm` or a character's name (any case); NotFound for anyone else."""
    wanted = text.strip().casefold()
    if wanted in ("players", "gm"):
        return Audience(wanted)
    return Audience("character", state.character(text))


def last_session(state: CampaignState) -> int:
    if not state.sessions:
        raise NotFound(
            f"campaign {state.slug!r} has no sessions yet: start one with `journal session start`"
        )
    return state.sessions


class Recap:
    """Builds one session's recap for one audience."""

    def __init__(self, log: Log, number: int, audience: Audience) -> None:
        self.log = log
        self.ruleset = log.ruleset
        self.number = number
        self.audience = audience
        self.steps = log.session(number)
        if not self.steps:
            raise NotFound(f"session {number} of campaign {log.final.slug!r} has no events")
        self.encounter: Doc | None = None
        self.turn: Doc | None = None
        self.story: list[Doc] = []
        self.outcomes: Doc = {
            "hardened": [],
            "broken": [],
            "horror_checks": [],
            "fright_checks": [],
            "traits": [],
            "willpower_spent": {},
            "willpower_restored": [],
        }

    # --- what this audience may see ---------------------------------------------------

    def about(self, payload: Event) -> tuple[str, ...]:
        return concerns(payload, self.ruleset)

    @staticmethod
    def gm_only(payload: Event) -> bool:
        return isinstance(payload, NoteTaken) and payload.gm_only

    def sees(self, payload: Event) -> bool:
        if isinstance(payload, NoteTaken):
            if payload.gm_only:
                return self.audience.gm
            if self.audience.kind == "character":
                return not payload.about or self.audience.name in payload.about
            return True
        if self.audience.kind == "character":
            return self.audience.name in self.about(payload)
        return True

    def sees_name(self, name: str) -> bool:
        return self.audience.kind != "character" or name == self.audience.name

    def gm(self, step: Step) -> Doc | None:
        if not self.audience.gm:
            return None
        return gm_details(step.record, self.ruleset, describe(step.record, self.ruleset))

    # --- building -------------------------------------------------------------------

    def build(self) -> Doc:
        for step in self.steps:
            self.step(step)
        first, last = self.steps[0], self.steps[-1]
        start = first.payload if isinstance(first.payload, SessionStarted) else None
        state = last.after
        names = [n for n in state.characters if self.sees_name(n)]
        # the cast is who the players saw in the session (a character's own handout too
        # names who they played beside); a GM-only note names nobody to the players
        public = [s for s in self.steps if self.audience.gm or not self.gm_only(s.payload)]
        cast = [n for n in state.characters if any(n in self.about(s.payload) for s in public)]
        status = self.ruleset.status(state)
        spent = self.outcomes["willpower_spent"]
        self.outcomes["willpower_spent"] = [{"name": n, "points": p} for n, p in spent.items()]
        began = start.at if start and start.at else first.after.clock
        ended = last.record.game_time
        return {
            "campaign": {"title": state.title, "slug": state.slug, "ruleset": state.ruleset},
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
                "closed": any(isinstance(s.payload, SessionEnded) for s in self.steps),
                "of": self.log.final.sessions,
            },
            "cast": cast or names,
            "story": self.story,
            "outcomes": self.outcomes,
            "has_outcomes": any(self.outcomes[k] for k in self.outcomes),
            "standing": [standing(state.ruleset, n, status[n]) for n in names if n in status],
            "voided": [v for v in self.log.voided if v["session"] == self.number]
            if self.audience.gm
            else [],
        }

    def add(self, item: Doc) -> None:
        """Into the running encounter's turn, or the story."""
        if self.turn is not None and self.encounter is not None and self.encounter["visible"]:
            self.turn["happenings"].append(item)
        else:
            self.story.append(item)

    def step(self, step: Step) -> None:
        payload = step.payload
        if isinstance(payload, EncounterStarted | CombatStarted):
            self.start_encounter(step)
            return
        if isinstance(payload, EncounterEnded | CombatEnded):
            self.end_encounter(step)
            return
        if self.encounter is not None:
            self.track(step)
        if not self.sees(payload):
            return
        if isinstance(payload, NoteTaken):
            self.add(
                {
                    "kind": "note",
                    "text": payload.text,
                    "gm_only": payload.gm_only,
                    "about": list(payload.about),
                    "gm": self.gm(step),
                }
            )
        elif not isinstance(payload, SHOWN_ELSEWHERE):
            self.ruling(step)

    def ruling(self, step: Step) -> None:
        payload = step.payload
        text = tell(payload, self.ruleset)
        self.outcome(step)
        if text is not None:
            if isinstance(payload, FrightChecked) and self.audience.gm:
                text = fright_sentence(payload, gm=True)
            self.add({"kind": "event", "text": text, "gm": self.gm(step)})

    def outcome(self, step: Step) -> None:
        payload = step.payload
        out = self.outcomes
        match payload:
            case HorrorChecked():
                out["horror_checks"].append(
                    {
                        "name": payload.character,
                        "hf": payload.hf,
                        "result": payload.result,
                        "verdict": check_verdict(payload.result),
                        "passed": payload.result == "pass",
                        "note": payload.note,
                        "gm": self.gm(step),
                    }
                )
                self.hardness_change(
                    payload.character,
                    payload.hardness_before,
                    payload.hardness_after,
                    payload.brokenness_before,
                    payload.brokenness_after,
                    "Horror Check",
                )
            case HardnessAwarded():
                self.hardness_change(
                    payload.character,
                    payload.hardness_before,
                    payload.hardness_after,
                    0,
                    0,
                    f"awarded: {payload.reason}",
                )
            case FrightChecked():
                details = fright_details(payload)
                gm = self.gm(step)
                details["effects"] = [effect_line(e, self.audience.gm) for e in payload.effects]
                details["gm"] = None if gm is None else {**gm, **fright_gm(payload)}
                out["fright_checks"].append(details)
            case TraitNamed():
                out["traits"].append(
                    {"name": payload.character, "text": self.ruleset.describe(payload)}
                )
            case WillpowerSoaked():
                spent = out["willpower_spent"]
                spent[payload.character] = spent.get(payload.character, 0) + payload.points
            case Rested():
                for change in payload.changes:
                    changed = change["after"] != change["before"]
                    if changed and self.sees_name(str(change["character"])):
                        out["willpower_restored"].append(
                            {
                                "name": change["character"],
                                "before": change["before"],
                                "after": change["after"],
                                "max": change["max"],
                                "why": "a major victory" if payload.victory else "rest",
                            }
                        )

    def hardness_change(self, name: str, h0: int, h1: int, b0: int, b1: int, why: str) -> None:
        if not self.sees_name(name):
            return
        if h1 != h0:
            self.outcomes["hardened"].append({"name": name, "before": h0, "after": h1, "why": why})
        if b1 != b0:
            self.outcomes["broken"].append({"name": name, "before": b0, "after": b1, "why": why})

    # --- encounters -----------------------------------------------------------------

    def start_encounter(self, step: Step) -> None:
        payload = step.payload
        visible = self.sees(payload)
        gm = self.gm(step)
        if gm is not None:
            gm["terms"] = None  # the HF line shows the terms to everyone
        if isinstance(payload, EncounterStarted):
            encounter: Doc = {
                "kind": "encounter",
                "title": payload.title,
                "hf": payload.hf,
                "why": describe_terms(payload.terms),
                "category": payload.category,
                "ambush": payload.ambush,
                "cast": list(payload.cast),
                "turns": [],
                "results": [],
                "ended": False,
                "end": None,
                "tracked": True,
                "gm": gm,
            }
        else:
            assert isinstance(payload, CombatStarted)
            encounter = {
                "kind": "encounter",
                "title": payload.title,
                "hf": None,
                "why": "Heat of battle: +5 on Fright Checks while it runs",
                "category": None,
                "ambush": False,
                "cast": list(payload.cast) or ["everyone"],
                "turns": [],
                "results": [],
                "ended": False,
                "end": None,
                "tracked": False,
                "gm": gm,
            }
        encounter["visible"] = visible
        if visible:
            self.story.append(encounter)
        self.encounter = encounter
        if encounter["tracked"]:
            self.new_turn(1, step)
        else:
            self.turn = {"number": None, "rows": [], "happenings": []}
            encounter["turns"].append(self.turn)

    def new_turn(self, number: int, step: Step) -> None:
        assert self.encounter is not None
        status = self.ruleset.status(step.after)
        reasons: dict[str, str] = {}
        if isinstance(step.payload, TurnAdvanced):
            reasons = {str(c["character"]): str(c["reason"]) for c in step.payload.changes}
        rows = []
        for name in self.encounter["cast"]:
            if not self.sees_name(name):
                continue  # a character's handout has their own row only
            fight = status.get(name, {}).get("encounter")
            if fight is None:
                continue
            rows.append(
                {
                    "name": name,
                    "hf": fight["hf"],
                    "hf_end": fight["hf"],
                    "why": reasons.get(name),
                    "soak": 0,
                    "effective_hf": fight["effective_hf"],
                    "initiative": None,
                    "acted": None,
                    "penalty": fight["action_penalty"],
                    "defense": 0,
                    "dice": None,
                    "terms": None,
                }
            )
        self.turn = {"number": number, "rows": rows, "happenings": []}
        self.encounter["turns"].append(self.turn)

    def track(self, step: Step) -> None:
        """Follow the turn table through one event of the running encounter."""
        payload = step.payload
        if self.encounter is None or not self.encounter["tracked"]:
            return
        if isinstance(payload, TurnAdvanced):
            self.new_turn(payload.turn, step)
            return
        assert self.turn is not None
        rows = {r["name"]: r for r in self.turn["rows"]}
        if isinstance(payload, InitiativeRolled) and payload.character in rows:
            row = rows[payload.character]
            row.update(
                initiative=payload.total,
                acted=payload.can_act,
                penalty=payload.action_penalty,
                defense=payload.defense_penalty,
                effective_hf=payload.effective_hf,
            )
            if self.audience.gm:
                gm = self.gm(step) or {}
                row.update(dice=gm.get("dice"), terms=gm.get("terms"))
        status = self.ruleset.status(step.after)
        for name, row in rows.items():
            fight = status.get(name, {}).get("encounter")
            if fight is not None:
                row["hf_end"] = fight["hf"]
                row["soak"] = fight["soak"]

    def end_encounter(self, step: Step) -> None:
        payload = step.payload
        encounter = self.encounter
        self.encounter = None
        self.turn = None
        if encounter is None:
            return
        encounter["ended"] = True
        if isinstance(payload, EncounterEnded):
            turns = "1 turn" if payload.turns == 1 else f"{payload.turns} turns"
            encounter["end"] = f"The encounter ends after {turns}."
        else:
            encounter["end"] = "The fight ends: no more heat of battle."
        if isinstance(payload, EncounterEnded):
            for result in payload.results:
                name = str(result["character"])
                if not self.sees_name(name):
                    continue
                encounter["results"].append({"name": name, "note": str(result["note"])})
                why = (
                    f"fought through “{payload.title}”"
                    if result["outcome"] == "do-or-die"
                    else f"broke in “{payload.title}”"
                )
                self.hardness_change(
                    name,
                    int(result["hardness_before"]),
                    int(result["hardness_after"]),
                    int(result["brokenness_before"]),
                    int(result["brokenness_after"]),
                    why,
                )
        encounter["end_gm"] = self.gm(step)


def recap_context(journal: Journal, session: int | None, audience: str) -> Doc:
    final = journal.state()
    latest = last_session(final)
    number = latest if session is None else session
    if not 1 <= number <= final.sessions:
        raise NotFound(
            f"there is no session {number} in campaign {final.slug!r} "
            f"(its sessions: 1 to {final.sessions})"
        )
    who = audience_for(audience, final)
    return Recap(walk(journal, number, final), number, who).build()
