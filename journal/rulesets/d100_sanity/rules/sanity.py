"""`journal sanity NAME --loss S/F [--kind KIND] [--threat ID] [--project BOND]`: the sanity
roll and everything that follows from it in one ruling. All its rules in one place: the
command, its event, and their decider, fold, recaller and concerns.

The d100 against current SAN (at or under succeeds; 100, or 96-100 below SAN 50, is a
fumble); the loss (S on a success, F on a failure, F at its most on a fumble), then the
threat's cap in the scenario, Delta Green's adaptation, the projection onto a bond, and
SAN's floor at 0, each a term; the game day's tally and its fifth; and the insanity the
loss brings: permanent at SAN 0, indefinite with a fifth of the day's SAN lost, temporary
with 5 or more from this roll (its INT roll in the percentile rules, flee/struggle/submit
in Delta Green's), a bout of madness where one begins or the character was insane already,
and the breaking point (Delta Green)."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Stake,
    Terms,
    advance,
    event,
)
from journal.rulesets.d100_sanity.rules.adapt import RecordCost, record
from journal.rulesets.d100_sanity.rules.disorder import GainDisorder, gain
from journal.rulesets.d100_sanity.rules.expressions import Expression, loss
from journal.rulesets.d100_sanity.rules.lookup import (
    able,
    clamp,
    day_key,
    insane_now,
    rules_of,
    scope,
)
from journal.rulesets.d100_sanity.rules.options import read
from journal.rulesets.d100_sanity.rules.react import ChooseReaction, choose
from journal.rulesets.d100_sanity.rules.state import (
    ADAPTING,
    BOXES,
    KINDS,
    TEMPORARY_LOSS,
    WHILE_INSANE,
    Bond,
    Day,
    Due,
    Insanity,
    Investigator,
    SanityState,
    Tally,
)
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL, folded

#: below this SAN a roll of 96 to 100 is a fumble (at any SAN, 100 is)
FUMBLE_BELOW = 50


class Sanity(Command, frozen=True):
    """A sanity roll for `character`, losing `loss` (`S/F`). What the GM says in the same
    breath (`reaction`, `disorder`, `cost`) is recorded after it, each its own event."""

    character: str
    loss: str
    kind: str | None = None
    threat: str | None = None
    threat_name: str | None = None
    project: str | None = None
    reaction: str | None = None
    disorder: str | None = None
    cost: str | None = None


class Began(Struct, frozen=True):
    """The insanity a sanity roll began: its kind, its rolled length (`length` `unit`), and
    when it ends (see `state.Insanity`)."""

    kind: str  # temporary | indefinite
    length: int | None
    unit: str | None  # hours | months
    starts: str | None
    ends: str | None
    by_session: bool


@event
class SanityRolled(Event, frozen=True):
    """A sanity roll: its inputs (the loss as `S/F`, the kind, the threat, the bond projected
    onto, the dice) and every number it decided, each with its terms: the d100 against SAN,
    the loss (`terms`, `total`: the SAN lost), SAN after, the threat's cap, the day's tally,
    Delta Green's boxes, bond and breaking point, and the insanity it brings."""

    character: str
    loss: str
    kind: str | None
    threat: str | None
    threat_name: str | None
    project: str | None
    dice: Dice
    #: SAN kept from the players when it was decided (the campaign's `san_hidden`)
    hidden: bool
    # the roll
    san: int
    roll: int
    success: bool
    fumble: bool
    # the loss
    rolled: str  # the side of the loss taken: its expression (`1d6`), `at its most` on a fumble
    terms: Terms
    total: int
    san_after: int
    san_max: int
    # the threat's cap within its scope
    scope: str | None
    cap: int | None
    threat_lost: int  # lost to the threat in the scope before this roll
    tally: int | None  # after it (the loss after the cap and adaptation, before a projection)
    # the game day
    indefinite: bool  # a fifth of the day's SAN lost brings an indefinite insanity
    day: str
    day_san: int
    day_lost: int  # the day's losses after this roll
    # Delta Green
    projected: int
    bond_before: int | None
    bond_after: int | None
    boxes: int | None  # the kind's boxes checked after it
    adapted: bool  # this roll checked the third box
    breaking_point: int | None
    breaking_point_after: int | None
    broke: bool
    # insanity
    int_roll: int | None
    int_target: int | None
    understood: bool | None  # the INT roll made: temporarily insane; failed: repressed
    began: Began | None
    permanent: bool
    underlying: bool  # lost SAN while insane already
    bout: bool  # a bout of madness is due
    reaction_due: bool  # Delta Green: flee, struggle or submit


def _kind(command: Sanity, dg: bool) -> str | None:
    if command.kind is None:
        if dg:
            raise RuleError(
                "a Delta Green loss names its kind: add --kind violence, helplessness or unnatural"
            )
        return None
    kind = command.kind.strip().casefold()
    if kind not in KINDS:
        raise RuleError(f"a loss is of {', '.join(KINDS)}, not {command.kind!r}")
    return kind


def _threat(command: Sanity) -> str | None:
    if command.threat is None:
        if command.threat_name is not None:
            raise RuleError("--threat-name names a --threat ID: give the threat's id too")
        return None
    threat = " ".join(command.threat.split())
    if not threat:
        raise RuleError("--threat is the threat's id (e.g. ghoul-1): give one, or leave it out")
    return threat


def _threat_name(state: CampaignState, command: Sanity, threat: str | None) -> str | None:
    """What players read for the threat: given now, or the name an earlier roll gave it."""
    if command.threat_name is not None:
        name = " ".join(command.threat_name.split())
        if not name:
            raise RuleError("--threat-name is what players read for the threat: give some words")
        return name
    return None if threat is None else rules_of(state).threat_names.get(threat)


def _bond(who: Investigator, project: str | None, dg: bool) -> Bond | None:
    if project is None:
        return None
    if not dg:
        raise RuleError("projecting onto a bond is the Delta Green preset's: leave out --project")
    bond = who.bond(project)
    if bond is None:
        held = ", ".join(b.name for b in who.bonds) or "none"
        raise RuleError(f"{who.name} has no bond {project!r} (their bonds: {held})")
    if bond.score <= 0:
        raise RuleError(
            f"{who.name}'s bond {bond.name} is broken (score 0): nothing to project onto"
        )
    return bond


def _rolled_loss(side: Expression, fumble: bool, dice: DiceBox, about: str) -> Terms:
    if fumble:
        return side.most_terms()
    faces: tuple[int, ...] = ()
    if side.rolls:
        faces = dice.roll("loss", side.count, side.sides, Stake(about=about)).faces
    return side.terms(faces)


def sanity_roll(state: CampaignState, command: Sanity, dice: DiceBox) -> SanityRolled:
    who = able(state, command.character)
    stakes = loss(command.loss)
    options = read(state)
    dg = options.delta_green
    kind, threat = _kind(command, dg), _threat(command)
    bond = _bond(who, command.project, dg)
    name = _threat_name(state, command, threat)
    roll = dice.roll("sanity", 1, 100, Stake(target=who.san)).total
    success = roll <= who.san
    fumble = roll == 100 or (who.san < FUMBLE_BELOW and roll >= 96)
    side = stakes.success if success else stakes.failure
    about = "a success" if success else "a failure"
    terms = list(_rolled_loss(side, fumble, dice, about))
    amount = sum(value for _, value in terms)

    cap = tally = None
    threat_lost = 0
    scoped = scope(state) if threat is not None and options.threat_cap else None
    if threat is not None and scoped is not None:
        held = who.threats.get(threat)
        earlier = held if held is not None and held.scope == scoped else None
        threat_lost = 0 if earlier is None else earlier.lost
        cap = max(stakes.failure.most, 0 if earlier is None else earlier.cap)
        room = max(0, cap - threat_lost)
        if amount > room:
            terms.append(
                (f"cap for {threat}: {cap} a scenario, {threat_lost} lost already", room - amount)
            )
            amount = room

    boxes, adapted = None, False
    if dg and kind in ADAPTING:
        assert kind is not None
        boxes = who.boxes.get(kind, 0)
        if kind in who.adapted and amount > 0:
            terms.append((f"adapted to {kind}", -amount))
            amount = 0
        elif amount > 0:
            boxes = min(BOXES, boxes + 1)
            adapted = boxes == BOXES
    if scoped is not None:
        tally = threat_lost + amount

    projected = 0
    bond_before = bond_after = None
    if bond is not None:
        bond_before = bond_after = bond.score
        if amount > 0:
            d4 = dice.roll("project", 1, 4, Stake(about=bond.name)).total
            projected = min(d4, amount, bond.score)
            terms.append((f"projected onto {bond.name} (1d4 {d4})", -projected))
            amount -= projected
            bond_after = bond.score - projected
    if amount > who.san:
        terms.append(("SAN stops at 0", who.san - amount))
        amount = who.san
    after = who.san - amount

    key = day_key(state)
    today = who.day if who.day is not None and who.day.key == key else None
    day_san = who.san if today is None else today.san
    before_today = 0 if today is None else today.lost
    day_lost = before_today + amount

    held_now = insane_now(state, who)
    permanent = amount > 0 and after == 0
    point = who.breaking_point
    broke = dg and point is not None and amount > 0 and after <= point and not permanent
    fifth = max(1, day_san // 5)
    crossed = amount > 0 and before_today < fifth <= day_lost
    indefinite_now = any(i.kind == "indefinite" for i in held_now)
    fifths = options.indefinite
    begins_indefinite = fifths and crossed and not permanent and not indefinite_now
    big = amount >= TEMPORARY_LOSS and not permanent and not begins_indefinite

    int_roll = int_target = understood = None
    began: Began | None = None
    reaction_due = False
    if begins_indefinite:
        months = dice.roll("months", 1, 6).total
        began = _began(state, "indefinite", months, "months", by_session=False)
    elif big and dg:
        reaction_due = True
        if not any(i.kind == "temporary" for i in held_now):
            began = _began(state, "temporary", None, None, by_session=True)
    elif big and not held_now:
        if who.intelligence is None:
            raise RuleError(
                f"{who.name} has no INT for the INT roll: adjust it "
                f"(`journal adjust {who.name} --int N`)"
            )
        int_target = who.intelligence
        int_roll = dice.roll("int", 1, 100, Stake(target=int_target)).total
        understood = int_roll <= int_target
        if understood:
            hours = dice.roll("hours", 1, 10).total
            began = _began(state, "temporary", hours, "hours", by_session=state.clock is None)
    underlying = bool(held_now) and amount > 0 and not permanent
    bout = not permanent and (
        (began is not None and began.kind == "indefinite")
        or (began is not None and not dg)
        or (underlying and not dg)
    )
    # positionally, in the order of its fields (named in the comments): a struct of this
    # many fields takes keywords ten times slower, and an audit makes one a roll
    return SanityRolled(
        who.name,  # character
        stakes.text,  # loss
        kind,  # kind
        threat,  # threat
        name,  # threat_name
        None if bond is None else bond.name,  # project
        dice.rolled(),  # dice
        options.san_hidden,  # hidden
        who.san,  # san
        roll,  # roll
        success,  # success
        fumble,  # fumble
        f"{side.text} at its most" if fumble else side.text,  # rolled
        tuple(terms),  # terms
        amount,  # total
        after,  # san_after
        who.san_max,  # san_max
        scoped,  # scope
        cap,  # cap
        threat_lost,  # threat_lost
        tally,  # tally
        fifths,  # indefinite
        key,  # day
        day_san,  # day_san
        day_lost,  # day_lost
        projected,  # projected
        bond_before,  # bond_before
        bond_after,  # bond_after
        boxes,  # boxes
        adapted,  # adapted
        point,  # breaking_point
        after - who.pow if broke else point,  # breaking_point_after
        broke,  # broke
        int_roll,  # int_roll
        int_target,  # int_target
        understood,  # understood
        began,  # began
        permanent,  # permanent
        underlying,  # underlying
        bout,  # bout
        reaction_due,  # reaction_due
    )


def _began(
    state: CampaignState, kind: str, length: int | None, unit: str | None, *, by_session: bool
) -> Began:
    ends = None
    if not by_session and length is not None and state.clock is not None:
        ends = advance(state.clock, f"{length}{'h' if unit == 'hours' else 'mo'}")
    return Began(kind, length, unit, state.clock, ends, by_session)


@DECIDE.on(Sanity)
def _sanity(state: CampaignState, command: Sanity, dice: DiceBox) -> list[Event]:
    """The roll, and what the GM said in the same breath: each its own event, decided on
    the state the roll left (refused when the roll did not call for it)."""
    rolled = sanity_roll(state, command, dice)
    who = rolled.character
    said: list[Command] = []
    if command.reaction is not None:
        said.append(ChooseReaction(who, command.reaction))
    if command.disorder is not None:
        said.append(GainDisorder(who, command.disorder))
    if command.cost is not None:
        said.append(RecordCost(who, command.cost))
    events: list[Event] = [rolled]
    if not said:
        return events
    after = folded(state, rolled)
    quiet = DiceBox()  # what is said in the same breath rolls nothing of its own
    for then in said:
        decided = (
            choose(after, then, quiet)
            if isinstance(then, ChooseReaction)
            else gain(after, then, quiet)
            if isinstance(then, GainDisorder)
            else record(after, then, quiet)
            if isinstance(then, RecordCost)
            else []
        )
        for payload in decided:
            after = folded(after, payload)
        events += decided
    return events


@EVOLVE.on(SanityRolled)
def _rolled(state: CampaignState, payload: SanityRolled, meta: Meta) -> SanityState:
    rules = rules_of(state)
    who = rules.characters.get(payload.character)
    if who is None:
        return rules
    # what is over by now goes: an insanity the clock or the session ended, and what it
    # still owed (the sheet keeps what holds, not every night's madness)
    held = who.insane(meta.game_time, meta.session) if who.insanities else ()
    due = [d for d in who.due if held or d.what not in WHILE_INSANE] if who.due else []
    changes: dict[str, object] = {
        # a void before takes out its own change: this one applies its own on what stands
        "san": clamp(who.san + payload.san_after - payload.san, who.san_max),
        "rolls": who.rolls + 1,
    }
    if payload.day_lost > 0:
        changes["day"] = Day(payload.day, payload.day_san, payload.day_lost)
    if payload.threat is not None and payload.scope is not None and payload.cap is not None:
        tally = Tally(payload.scope, payload.tally or 0, payload.cap)
        changes["threats"] = {**who.threats, payload.threat: tally}
    if payload.threat is not None and payload.threat_name is not None:
        names = {**rules.threat_names, payload.threat: payload.threat_name}
        rules = replace(rules, threat_names=names)
    if payload.kind is not None and payload.boxes is not None:
        changes["boxes"] = {**who.boxes, payload.kind: payload.boxes}
    if payload.adapted and payload.kind is not None and payload.kind not in who.adapted:
        changes["adapted"] = (*who.adapted, payload.kind)
        due.append(Due("cost", meta.seq, payload.kind))
    if payload.project is not None and payload.projected:
        changes["bonds"] = tuple(
            replace(b, score=max(0, b.score - payload.projected))
            if b.name == payload.project
            else b
            for b in who.bonds
        )
    if payload.broke:
        changes["breaking_point"] = payload.breaking_point_after
        due.append(Due("disorder", meta.seq))
    if payload.began is not None:
        b = payload.began
        length = None if b.length is None else f"{b.length} {b.unit}"
        insanity = Insanity(b.kind, meta.seq, b.starts, b.ends, meta.session, b.by_session, length)
        changes["insanities"] = (*held, insanity)
    elif held != who.insanities:
        changes["insanities"] = held
    if payload.bout:
        due.append(Due("bout", meta.seq))
    if payload.reaction_due:
        due.append(Due("reaction", meta.seq))
    if len(due) != len(who.due) or due:
        changes["due"] = tuple(due)
    return rules.with_character(replace(who, **changes))


def _recalled(p: SanityRolled) -> Sanity:
    return Sanity(p.character, p.loss, p.kind, p.threat, p.threat_name, p.project)


RECALL.on(SanityRolled)(_recalled)
CONCERNS.on(SanityRolled)(lambda p: (p.character,))
