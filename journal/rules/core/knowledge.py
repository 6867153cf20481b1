"""Who knows what, since when: the fold of secrets and reveals, and the one question every
way out asks of it (`knows`).

A secret is a `--for` note (`SecretNoted`) or a `--gm-only` one (`NoteTaken` with
`gm_only`), keyed by its seq. Its knowers grow by `SecretRevealed` events: each a
character's identity (the seq of their `CharacterAdded`, so a rename, a newcomer taking
the name or a swap change nothing) or `PLAYERS` (every player, every character). The GM
knows every secret. A void of a reveal takes it out of every fold read after the void
(`projection.Corrections`), so the secret is as secret as it was before it for any view
made afterwards; a view as of an earlier seq still shows what was known then.

A view for an audience at seq N asks `knows(state_at_N, secret_seq, gm, ident)`, through
the one audience filter (`handouts.recap.sees`: recaps, the book, pages, posts, proofs,
`Journal.public_notes`); the GM's ledger (`Journal.secrets`) asks who knows each."""

from __future__ import annotations

from journal.rules.core.state import CampaignState, CharacterId

#: the knower that stands for every player (no character's id is 0: ids are seqs >= 1)
PLAYERS: CharacterId = 0


def noted(state: CampaignState, seq: int, knowers: tuple[CharacterId, ...]) -> CampaignState:
    """`state` with the secret noted at `seq`, known to `knowers` from then on."""
    from journal.frozen import changed

    pairs = tuple((k, seq) for k in dict.fromkeys(knowers))
    return changed(state, secrets={**state.secrets, seq: pairs})


def revealed(
    state: CampaignState, secret: int, seq: int, knowers: tuple[CharacterId, ...]
) -> CampaignState:
    """`state` with the secret noted at `secret` known to `knowers` from `seq` on."""
    from journal.frozen import changed

    held = state.secrets.get(secret)
    if held is None:
        return state
    already = {k for k, _ in held}
    added = tuple((k, seq) for k in dict.fromkeys(knowers) if k not in already)
    return changed(state, secrets={**state.secrets, secret: (*held, *added)})


def knows(state: CampaignState, secret: int, gm: bool, ident: CharacterId | None) -> bool:
    """Whether an audience knows the secret noted at `secret`, as of `state`: the GM
    always; the players (`ident` None) once it is revealed to them; a character once it
    is theirs or the players'. A seq that is no secret (a public note) is known to all."""
    if gm:
        return True
    held = state.secrets.get(secret)
    if held is None:
        return secret not in state.voided
    knowers = {k for k, _ in held}
    return PLAYERS in knowers or (ident is not None and ident in knowers)


def since(state: CampaignState, secret: int, ident: CharacterId | None) -> int | None:
    """From which seq the players (`ident` None) or character `ident` know the secret, as
    of `state`; None when they do not know it yet."""
    held = dict(state.secrets.get(secret, ()))
    seqs = [s for k, s in held.items() if k == PLAYERS or (ident is not None and k == ident)]
    return min(seqs) if seqs else None
