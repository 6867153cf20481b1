"""The proofs the journal hands out: an event's inclusion in a tree head, through the
audience filter (`view`), and a consistency proof from an older head to the current one.
JSON documents a player checks with `journal check-proof` or the HTML verifier."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from journal.errors import JournalError
from journal.events.canonical import as_json
from journal.merkle import consistency_proof, inclusion_proof
from journal.proof.check import CONSISTENCY, INCLUSION
from journal.proof.tree import CampaignTree, Head

if TYPE_CHECKING:
    from journal.app import Campaign
    from journal.events.canonical import JSON
    from journal.handouts.recap import Audience

#: 2: an event's salted parts (issue 40); a proof of format 1 still checks
FORMAT = 2
#: a proof as `prove -o` writes it (docs/CLI.md)
ProofDocument = dict[str, "JSON"]


class SessionHead(TypedDict):
    """The tree head at the end of a session (`session` None: the head now)."""

    session: int | None
    size: int
    root: str
    short: str


HOW = (
    "Check it without the journal: open the verifier (`journal verifier -o check.html`) "
    "in any browser and drop this file on it, or run `journal check-proof FILE`."
)


def head_json(head: Head, campaign: Campaign | None = None) -> dict[str, JSON]:
    """A head as a proof names it: size, root, the short form every handout shows and,
    when it is a session's end, which session and its game date (the GM's words for it,
    which a head the player kept confirms or not)."""
    found: dict[str, JSON] = {"size": head.size, "root": head.hex, "short": head.short()}
    if campaign is not None and head.size:
        record = campaign.store.get(campaign.campaign, head.size)
        if record is not None and record.type == "SessionEnded":
            from journal.handouts.details import game_date

            found["session"] = record.session
            found["date"] = game_date(record.game_time)
    return found


def _size(tree: CampaignTree, size: int | None, at_least: int) -> int:
    size = tree.size if size is None else size
    if size > tree.size:
        raise JournalError(f"the record has {tree.size} events, not {size}: --head is too big")
    if size < at_least:
        raise JournalError(
            f"event {at_least} came after the record of #{size}: give --head {at_least} or more"
        )
    return size


def inclusion(
    campaign: Campaign,
    seq: int,
    audience: str | Audience,
    *,
    size: int | None = None,
    reveal: bool = False,
) -> ProofDocument:
    """The proof that event `seq`, as `audience` sees it, is in the record of `size`
    events (the current head when None).

    An event written from schema 0006 on shows its hashed form (its parts' digests, no
    words) and the disclosures of the parts `audience` may see (`proof.parts`): with
    `reveal`, of every part. An older event shows its hashed form (its words) only with
    `reveal`: its presence alone is proved without. Either way the lines its audience's
    recap tells of it go beside, as the journal's reading (`reading`), never as proven."""
    from journal.events.chain import hashed_body
    from journal.events.disclosure import named_disclosures as disclosures
    from journal.proof.parts import shown_parts
    from journal.proof.view import view_of

    tree = CampaignTree(campaign.store, campaign.campaign)
    if not 1 <= seq <= tree.size:
        raise JournalError(f"there is no event {seq}: the record has {tree.size} events")
    size = _size(tree, size, seq)
    view, now = view_of(campaign, seq, audience)
    record = campaign.store.get(campaign.campaign, seq)
    assert record is not None
    head = tree.head(size)
    event: dict[str, JSON] = {"seq": seq}
    salts = record.salts
    if salts is not None or reveal:
        body = hashed_body(record)
        if body is None:
            raise JournalError(f"event {seq} does not hash as stored: run `journal verify`")
        event["prev_hash"] = record.prev_hash
        event["hashed"] = body.decode("utf-8")
        if salts is not None:
            shown = (
                None
                if reveal
                else shown_parts(record.type, record.data, seq, now, campaign.ruleset)
            )
            event["disclosed"] = [
                {"name": name, "value": as_json(record.data[name]), "disclosure": text}
                for name, text in disclosures(record.data, salts, shown)
            ]
    document: ProofDocument = {
        "proof": INCLUSION,
        "format": FORMAT,
        "campaign": campaign.campaign,
        "for": _reader(audience),
        "head": head_json(head, campaign),
        "event": event,
        "chain_hash": record.hash,
        "path": [h.hex() for h in inclusion_proof(tree, seq - 1, size)],
        "reading": {
            "session": view["session"],
            "type": view["type"],
            "told": as_json(view["told"]),
            "rows": as_json(view["rows"]),
        },
        "how": HOW,
    }
    notice = derived_ids_notice(campaign)
    if notice is not None:
        document["notice"] = notice
    return document


def _reader(audience: str | Audience) -> str:
    from journal.handouts.recap import Audience

    if isinstance(audience, Audience):
        return audience.name or audience.kind if audience.one_character else audience.kind
    return audience


def derived_ids_notice(campaign: Campaign) -> str | None:
    """What a proof of this campaign says when an older journal's import gave some of its
    events ids derived from their content (`journal.events.ids`). A campaign whose first
    event is salted was written by this journal: none can have one, and nothing is read."""
    from journal.events.ids import derived_from_content, derived_notice

    first = campaign.store.get(campaign.campaign, 1)
    if first is None or first.salts is not None:
        return None
    seqs = [r.seq for r in campaign.records() if derived_from_content(r)]
    return derived_notice(seqs) if seqs else None


def consistency(campaign: Campaign, old: int, new: int | None = None) -> ProofDocument:
    """The proof that the record of `new` events (the current one when None) extends the
    record of `old`: nothing before it was rewritten."""
    tree = CampaignTree(campaign.store, campaign.campaign)
    new = _size(tree, new, 0)
    if not 1 <= old <= new:
        raise JournalError(
            f"--since {old}: give the size of a head you kept, from 1 to {new} "
            "(the # of `Record #N` on a handout)"
        )
    return {
        "proof": CONSISTENCY,
        "format": FORMAT,
        "campaign": campaign.campaign,
        "old": head_json(tree.head(old), campaign),
        "new": head_json(tree.head(new), campaign),
        "path": [h.hex() for h in consistency_proof(tree, old, new)],
        "how": HOW,
    }


def session_heads(campaign: Campaign) -> list[SessionHead]:
    """The head at the end of every session (and the current one, last: the posts
    recorded last aside, as the handouts name it): what the players' shelf, each
    character's page and `journal heads` list."""
    from journal.proof.tree import told_size

    tree = CampaignTree(campaign.store, campaign.campaign)
    now = told_size(campaign.store, campaign.campaign, tree.size)
    ends = [*campaign.store.tree_nodes.session_ends(campaign.campaign), (now, None)]
    found: list[SessionHead] = []
    for seq, session in ends:
        head = tree.head(seq)
        short = head.short()
        found.append({"session": session, "size": head.size, "root": head.hex, "short": short})
    return found
