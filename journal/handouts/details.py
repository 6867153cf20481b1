"""The details handouts give of any ruleset's events: dates, the GM's dice and terms.

Everything here returns plain data for the templates; nothing is escaped here: the
templates escape (HTML autoescape, the Markdown filter).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from journal.events.recorded import Recorded
from journal.events.registry import Dice, DiceRoll
from journal.handouts.documents import GmDetails
from journal.rules.ruleset import Ruleset
from journal.telling.contract import telling_of

ARROW = "→"


def game_date(game_time: str | None) -> str | None:
    """`2010-10-31T21:00` as `Sunday 31 October 2010, 21:00` (the raw text if unparsable)."""
    if not game_time:
        return None
    try:
        moment = datetime.strptime(game_time, "%Y-%m-%dT%H:%M")
    except ValueError:
        return game_time
    return f"{moment:%A} {moment.day} {moment:%B %Y, %H:%M}"


def faces_of(dice: Dice, ruleset: Ruleset) -> str:
    """Every die the ruling used: `initiative +5/-6`, `will 6,6,5; table 5,5,4`."""
    telling = telling_of(ruleset.name)
    return "; ".join(
        f"{purpose} {telling.dice_text(purpose, roll.faces)}" for purpose, roll in dice.items()
    )


def recorded_dice(record: Recorded, order: tuple[str, ...] = ()) -> Dice:
    """The dice a ruling recorded (none for an event that rolls nothing), by purpose in the
    order the ruleset rolls them (`order`), the others alphabetically: a JSON object keeps
    no order (PostgreSQL's JSONB has its own)."""
    dice = getattr(record.payload, "dice", None)
    if not isinstance(dice, Mapping):
        return {}
    rank = {purpose: at for at, purpose in enumerate(order)}
    ordered = sorted(dice, key=lambda purpose: (rank.get(purpose, len(rank)), purpose))
    return {k: dice[k] for k in ordered if isinstance(dice[k], DiceRoll)}


def gm_details(
    record: Recorded, ruleset: Ruleset, line: str, amended_by: int | None = None
) -> GmDetails:
    """The GM's view of a ruling: its seq, full log line, dice faces and terms (of the
    ruling as it stands), and for an amended one, the event that amended it."""
    telling = telling_of(ruleset.name)
    dice = recorded_dice(record, telling.dice_order)
    details: GmDetails = {
        "seq": record.seq,
        "line": line,
        "dice": faces_of(dice, ruleset) if dice else None,
        "terms": telling.gm_terms(record),
    }
    if amended_by is not None:
        details["amended_by"] = amended_by
    return details
