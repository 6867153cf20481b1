"""Which salted parts of an event a players' or character's proof discloses: the parts of an
event that audience sees (the audience filter, `proof.view`, decides that first) that
are not the GM's. The rest stay digests: their salts never leave the journal for them.

The GM's, whatever the event: its dice faces and the terms of its numbers (`dice`,
`terms`, `modifiers`, any `*_terms`), and the GM's reason for changing a table's row,
and any part that holds one of those inside it (a turn's changes, each with its terms).
What the players' handouts never show (`handouts.recap`), a proof does not disclose.

The core's events add their own: a character's sheet (the GM's columns of the board are
in it), who besides an audience was told a secret, a veiled scene's words, why a scene was
cut, a void's or an amendment's reason and the voided ruling in the GM's words (its dice),
the webhook a handout was posted to. A roll of `journal roll` records its faces as what it
is about: they are disclosed, but of a roll made behind the screen (`--sealed`) its faces
and total only once `journal unseal` disclosed it; the amended data of such a roll
likewise.
"""

from __future__ import annotations

from collections.abc import Mapping

from journal.rules.core.state import CampaignState
from journal.rules.ruleset import Ruleset

#: the names of the GM's details, at any depth of a payload
GM_DETAILS = frozenset({"dice", "terms", "modifiers", "change_reason"})
#: the core's events: the fields no players' or character's proof discloses
HIDDEN: Mapping[str, frozenset[str]] = {
    "CharacterAdded": frozenset({"sheet"}),
    "SecretNoted": frozenset({"known_by"}),
    "VeiledNoteTaken": frozenset({"text"}),
    "SceneCut": frozenset({"reason"}),
    "EventVoided": frozenset({"reason", "what"}),
    "RulingAmended": frozenset({"reason"}),
    "HandoutPosted": frozenset({"webhook"}),
}
#: a roll behind the screen: what stays sealed until it is unsealed
SEALED = frozenset({"dice", "total"})


def gm_detail(name: str) -> bool:
    return name in GM_DETAILS or name.endswith("_terms")


def holds_gm_detail(value: object) -> bool:
    """Whether a part's value holds a GM's detail at any depth (a key named so)."""
    if isinstance(value, Mapping):
        return any(gm_detail(str(k)) or holds_gm_detail(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(holds_gm_detail(v) for v in value)
    return False


def shown_parts(
    kind: str,
    data: Mapping[str, object],
    seq: int,
    now: CampaignState,
    ruleset: Ruleset | None = None,
) -> frozenset[str]:
    """The parts of event `seq` (of type `kind`, payload `data`) a players' or character's
    proof discloses, as the record stands `now` (a sealed roll unsealed since shows its
    faces); what the campaign's `ruleset` keeps from the players (`hidden_parts`) too."""
    if kind == "DiceRolled":  # `journal roll`: its faces are what it records
        sealed = bool(data.get("sealed")) and not _unsealed(seq, now)
        return frozenset(data) - (SEALED if sealed else frozenset())
    hidden = HIDDEN.get(kind, frozenset())
    if ruleset is not None:
        hidden = hidden | ruleset.hidden_parts(kind, data)
    if kind == "RulingAmended" and data.get("ruling") == "DiceRolled":
        target, amended = data.get("seq"), data.get("data")
        sealed = (
            isinstance(amended, Mapping)
            and bool(amended.get("sealed"))
            and not (isinstance(target, int) and _unsealed(target, now))
        )
        return frozenset(data) - hidden - (frozenset({"data"}) if sealed else frozenset())
    if _unsealed(seq, now):  # a ruling rolled behind the screen, unsealed: its dice
        hidden = hidden - {"dice"}
        return frozenset(
            name
            for name, value in data.items()
            if name not in hidden
            and (name == "dice" or not gm_detail(name))
            and (name == "dice" or not holds_gm_detail(value))
        )
    return frozenset(
        name
        for name, value in data.items()
        if name not in hidden and not gm_detail(name) and not holds_gm_detail(value)
    )


def _unsealed(seq: int, now: CampaignState) -> bool:
    from journal.rules.core.rolls import unsealed_by

    return unsealed_by(now.sealed.get(seq)) is not None
