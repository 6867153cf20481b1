"""What an audience may see of one event, through the one audience filter (the recaps'
`Recap.sees`, and what a recap tells of it): the content of a players' or character's
proof. Nothing GM-only: a voided event, an event about someone else (for a character), a
reveal, a secret the audience does not know is refused, and what is shown is what that
audience's recap shows.

A secret (a `--for` or `--gm-only` note) is asked of the one knowledge rule
(`journal.rules.core.knowledge.knows`) as the record stands now, not as the note's session
ended: a secret noted in session 2 and revealed in session 5 is proved with its text, in
the tree of any size from its seq on (the head the players kept from session 2 too)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, TypedDict

from journal.errors import JournalError
from journal.handouts.log import around
from journal.handouts.recap import Audience, Recap, audience_for

if TYPE_CHECKING:
    from journal.app import Campaign
    from journal.handouts.documents import Happening
    from journal.rules.core.state import CampaignState


class EventView(TypedDict):
    """An event as its audience sees it."""

    seq: int
    session: int | None
    type: str
    #: the lines its recap tells of it
    told: list[str]
    #: the rows of a fight's turn it changed, as that recap shows them (no dice, no terms)
    rows: list[dict[str, object]]


class _Witness(Recap):
    """A recap that notes which event told each line it adds."""

    current = 0
    lines: dict[int, list[str]]

    def add(self, item: Happening) -> None:
        super().add(item)
        self.lines.setdefault(self.current, []).append(item["text"])


def view_of(
    campaign: Campaign, seq: int, audience: str | Audience
) -> tuple[EventView, CampaignState]:
    """The event `seq` as `audience` (not the GM) sees it, and the state of the record now
    (who knows what, which roll is unsealed); JournalError when it may not. Reads the
    event's session, not the log (`handouts.log.around`)."""
    final = campaign.state()
    who = audience_for(audience, final)
    if who.gm:
        raise JournalError("a proof is for the players or a character: use `--for players`")
    if not 1 <= seq <= final.seq:
        raise JournalError(f"there is no event {seq} (the record has {final.seq})")
    if seq in final.voided:
        raise JournalError(f"event {seq} was voided: the players see its correction, not it")
    if not final.sessions:
        raise JournalError("no session has been played yet: there is nothing to prove")
    log = around(campaign, seq, final)
    target = log.steps[-1] if log.steps and log.steps[-1].record.seq == seq else None
    if target is None:
        raise JournalError(f"event {seq} was voided: the players see its correction, not it")
    number = target.record.session
    if number is None:  # an event of no session: told as the steps since the last one
        number = 0
        log.by_session[0] = list(log.steps)
    witness = _Witness(log, number, who)
    witness.lines = {}
    witness.known = final  # who knows each secret now: a reveal since counts
    if not witness.sees(target):
        reader = who.name if who.one_character else "the players"
        raise JournalError(f"event {seq} is not shown to {reader}: there is nothing to prove")
    rows: list[dict[str, object]] = []
    for step in log.steps:
        witness.current = step.record.seq
        if step.record.seq != seq:
            witness.step(step)
            continue
        before = copy.deepcopy(witness.turn["rows"]) if witness.turn else []
        witness.step(step)
        after = witness.turn["rows"] if witness.turn else []
        rows = [dict(row) for row in after if row not in before]
    view: EventView = {
        "seq": seq,
        "session": target.record.session,
        "type": target.record.type,
        "told": witness.lines.get(seq, []),
        "rows": rows,
    }
    return view, final
