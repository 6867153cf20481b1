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

FORMAT = 1
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


def head_json(head: Head) -> dict[str, JSON]:
    return {"size": head.size, "root": head.hex, "short": head.short()}


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
    events (the current head when None); with `reveal`, its full hashed body."""
    from journal.events.chain import hashed_body
    from journal.proof.view import view_of

    tree = CampaignTree(campaign.store, campaign.campaign)
    if not 1 <= seq <= tree.size:
        raise JournalError(f"there is no event {seq}: the record has {tree.size} events")
    size = _size(tree, size, seq)
    view = view_of(campaign, seq, audience)
    record = campaign.store.get(campaign.campaign, seq)
    assert record is not None
    head = tree.head(size)
    document: ProofDocument = {
        "proof": INCLUSION,
        "format": FORMAT,
        "campaign": campaign.campaign,
        "head": head_json(head),
        "event": as_json(view),
        "chain_hash": record.hash,
        "path": [h.hex() for h in inclusion_proof(tree, seq - 1, size)],
        "how": HOW,
    }
    if reveal:
        body = hashed_body(record)
        if body is None:
            raise JournalError(f"event {seq} does not hash as stored: run `journal verify`")
        document["revealed"] = {"prev_hash": record.prev_hash, "body": body.decode("utf-8")}
    return document


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
        "old": head_json(tree.head(old)),
        "new": head_json(tree.head(new)),
        "path": [h.hex() for h in consistency_proof(tree, old, new)],
        "how": HOW,
    }


def session_heads(campaign: Campaign) -> list[SessionHead]:
    """The head at the end of every session (and the current one, last): what the players'
    shelf, each character's page and `journal heads` list."""
    tree = CampaignTree(campaign.store, campaign.campaign)
    ends = [*campaign.store.tree_nodes.session_ends(campaign.campaign), (tree.size, None)]
    found: list[SessionHead] = []
    for seq, session in ends:
        head = tree.head(seq)
        short = head.short()
        found.append({"session": session, "size": head.size, "root": head.hex, "short": short})
    return found
