"""The data of the campaign as one book for one audience (`journal book`): the cover (the
campaign, its in-game dates, the cast), every session's recap in order (the audience's
copy, built as `journal recap --for` builds it), the arcs (the players: everyone's; a
character: their own; the GM: everyone's with the milestones' rulings), the sheets as they
stand, and the receipt: the record's tree head, the one `session end` prints and every
page names, which `journal verify --head` and the players' verifier check.

No Jinja here (see `render.book`). Every part is read as the log stood at one seq (the
head, or the end of a session for the book of the campaign so far).
"""

from __future__ import annotations

from journal.app import Campaign
from journal.handouts.arc import arc_of
from journal.handouts.details import game_date
from journal.handouts.documents import BookDocument, RecapDocument, campaign_heading
from journal.handouts.hooks import narrator_of
from journal.handouts.log import walk
from journal.handouts.pdf import stamp_of
from journal.handouts.recap import Audience, Recap, audience_for, last_session
from journal.proof.tree import CampaignTree, told_size
from journal.rules.core.state import CampaignState


def book_context(
    campaign: Campaign, audience: str | Audience, final: CampaignState, so_far: bool = False
) -> BookDocument:
    """The book of the campaign as it stood at `final` (`so_far`: the book of the campaign
    so far, its sessions 1 to `final.sessions`)."""
    last_session(final)  # a book needs a session
    who = audience_for(audience, final)
    recaps: list[RecapDocument] = []
    for number in range(1, final.sessions + 1):
        log = walk(campaign, number, final)
        if log.session(number):  # a session whose every event was voided has no recap
            recaps.append(Recap(log, number, who).build())
    whole = walk(campaign, final=final)
    names = list(final.characters) if who.name is None else [who.name]
    arcs = [arc_of(whole, name, gm=who.gm) for name in names]
    ruleset = whole.ruleset
    status = ruleset.status(final)
    narrator = narrator_of(ruleset.name)
    stamp = stamp_of(campaign, final)
    told = told_size(campaign.store, campaign.campaign, final.seq)
    head = CampaignTree(campaign.store, campaign.campaign).head(told)
    return {
        "campaign": campaign_heading(final),
        "audience": {"kind": who.kind, "name": who.name, "label": who.label, "gm": who.gm},
        "as_of_session": final.sessions if so_far else None,
        "sessions": final.sessions,
        "began": recaps[0]["session"]["began"] if recaps else None,
        "now": game_date(final.clock),
        "cast": [{"name": n, "retired": n in final.retired} for n in final.characters],
        "recaps": recaps,
        "arcs": arcs,
        "sheets": [narrator.standing(n, status[n]) for n in names if n in status],
        "receipt": {
            "seq": head.size,
            "hash": head.hex,
            "recorded_at": stamp.instant,
            "text": head.text(),
        },
    }
