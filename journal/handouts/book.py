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
from journal.handouts.progress import Steps
from journal.handouts.recap import Audience, Recap, audience_for, last_session
from journal.proof.tree import CampaignTree, told_size
from journal.rules.core.state import CampaignState


def _names(who: Audience, final: CampaignState) -> list[str]:
    """Whose arcs the book holds: everyone's, or the one character's."""
    return list(final.characters) if who.name is None else [who.name]


def book_size(audience: str | Audience, final: CampaignState) -> tuple[int, int]:
    """How many recaps (at most) and arcs the book of `audience` holds at `final`."""
    return final.sessions, len(_names(audience_for(audience, final), final))


def book_context(
    campaign: Campaign,
    audience: str | Audience,
    final: CampaignState,
    so_far: bool = False,
    done: Steps | None = None,
) -> BookDocument:
    """The book of the campaign as it stood at `final` (`so_far`: the book of the campaign
    so far, its sessions 1 to `final.sessions`); a step of `done` for each session
    (`book_size` counts them first) and each arc."""
    last_session(final)  # a book needs a session
    who = audience_for(audience, final)
    names = _names(who, final)
    done = done or Steps(0, None)
    recaps: list[RecapDocument] = []
    for number in range(1, final.sessions + 1):
        log = walk(campaign, number, final)
        if log.session(number):  # a session whose every event was voided has no recap
            recaps.append(Recap(log, number, who).build())
        done.step()
    whole = walk(campaign, final=final)
    arcs = []
    for name in names:
        arcs.append(arc_of(whole, name, gm=who.gm))
        done.step()
    ruleset = whole.ruleset
    status = ruleset.status(final)
    narrator = narrator_of(ruleset.name).seen_by(who.gm)
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
