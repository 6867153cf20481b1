"""What the GM may type where a command asks for something, each with a few words of what
it is: the completion of the `play` prompt and of bash, zsh and fish (`Journal.choices`).

The journal's own slots are worded here: a character (in the fight, retired), a session
(its title), a threat (what it carries, from `Ruleset.threats`), a secret (`secret for
Cole: "Cole sees his…"`), an event or a ruling by its seq (its log line, clipped), an
audience (`players`, `gm`, each character), whose view a proof holds and whom a secret may
be told to. Every other slot is the ruleset's
(`Ruleset.completions`: causes, presets, threats, kinds...), worded by its telling
(`Telling.choice_words`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from msgspec import Struct

from journal.app import Campaign
from journal.documents import Document
from journal.events.recorded import Recorded
from journal.rules.core.state import CampaignState
from journal.telling.contract import Telling
from journal.telling.lines import describe

#: at most this many seqs are offered at once (the newest matching what was typed)
MOST_SEQS = 40
#: how long the few words of a seq get
WORDS = 52


class Choice(Document, Struct, frozen=True):
    """One thing the GM may type (`value`) and a few words of what it is (`words`)."""

    value: str
    words: str = ""


@dataclass(frozen=True)
class Sources:
    """What the choices are read from: the campaign as it stands, its log, its telling,
    and its sessions (number, title) when asked."""

    state: CampaignState
    campaign: Campaign
    telling: Telling
    sessions: Callable[[], Iterable[tuple[int, str]]]


def clipped(text: str, most: int = WORDS) -> str:
    """`text` on one line, cut at a word with "…" when longer than `most` characters."""
    flat = " ".join(text.split())
    if len(flat) <= most:
        return flat
    head = flat[: most - 1]
    cut = head.rsplit(" ", 1)[0] if " " in head else head
    return cut.rstrip(" ,;:.") + "…"


def secret_seqs(state: CampaignState) -> tuple[int, ...]:
    """The seqs of the secrets some player does not know yet."""
    from journal.rules.core.knowledge import PLAYERS

    return tuple(seq for seq, held in state.secrets.items() if PLAYERS not in {k for k, _ in held})


def sealed_seqs(state: CampaignState) -> tuple[int, ...]:
    """The seqs of the rolls made behind the screen and not unsealed yet."""
    return tuple(seq for seq, roll in state.sealed.items() if roll[4] is None)


def choices(sources: Sources, slot: str, typed: str = "") -> list[Choice]:
    """What is offered for `slot`, beginning with `typed` (case aside)."""
    wanted = typed.strip().casefold()
    if slot in ("event", "ruling", "secret", "sealed"):
        return list(_seqs(sources, slot, wanted))
    own = _OWN.get(slot)
    found = own(sources) if own is not None else _rulesets(sources, slot)
    return [c for c in found if c.value.casefold().startswith(wanted)]


def _rulesets(sources: Sources, slot: str) -> list[Choice]:
    state, telling = sources.state, sources.telling
    return [
        Choice(value, telling.choice_words(state, slot, value))
        for value in sources.campaign.ruleset.completions(state, slot)
    ]


def _characters(sources: Sources) -> list[Choice]:
    state, ruleset = sources.state, sources.campaign.ruleset
    words = {name: "in the fight" for name in ruleset.fight_cast(state)}
    words.update({name: "retired" for name in state.retired})
    return [Choice(name, words.get(name, "")) for name in ruleset.completions(state, "character")]


def _audiences(sources: Sources) -> list[Choice]:
    return [
        Choice("players", "the players' copy: nothing GM-only"),
        Choice("gm", "the GM's copy: everything"),
        *(Choice(c.value, f"{c.value}'s own") for c in _characters(sources)),
    ]


def _readers(sources: Sources) -> list[Choice]:
    """Whose view a proof holds: the players', or one character's."""
    return [c for c in _audiences(sources) if c.value != "gm"]


def _told(sources: Sources) -> list[Choice]:
    """Whom a secret may be revealed to: every player, or characters in the story."""
    return [
        Choice("players", "every player"),
        *(c for c in _characters(sources) if c.words != "retired"),
    ]


def _threats(sources: Sources) -> list[Choice]:
    """The threats the campaign remembers, each with what players read for it, its kind and
    what it carries (`the night nurse (ghoul): monster -4`), as `threat list` shows them;
    the ruleset's own words for one it does not describe."""
    state, ruleset = sources.state, sources.campaign.ruleset
    described = {entry.threat: entry for entry in ruleset.threats(state)}
    found = []
    for value in ruleset.completions(state, "threat"):
        entry = described.get(value)
        if entry is None:
            found.append(Choice(value, sources.telling.choice_words(state, "threat", value)))
            continue
        head = " ".join(w for w in (entry.name, f"({entry.kind})" if entry.kind else "") if w)
        carries = ", ".join(f"{label} {amount:+d}" for label, amount in entry.terms)
        found.append(Choice(value, ": ".join(w for w in (head, carries) if w)))
    return found


def _sessions(sources: Sources) -> list[Choice]:
    return [Choice(str(number), title) for number, title in reversed(list(sources.sessions()))]


_OWN: dict[str, Callable[[Sources], list[Choice]]] = {
    "character": _characters,
    "audience": _audiences,
    "reader": _readers,
    "told": _told,
    "session": _sessions,
    "threat": _threats,
}


def _seqs(sources: Sources, slot: str, wanted: str) -> Iterator[Choice]:
    """The newest events of `slot` whose seq begins with what was typed (none voided), each
    with the start of its log line (a secret: whom it is for, and the start of its text)."""
    campaign = sources.campaign
    records: Iterable[Recorded | None]
    if slot in ("secret", "sealed"):
        seqs = secret_seqs(sources.state) if slot == "secret" else sealed_seqs(sources.state)
        ordered = sorted(seqs, reverse=True)
        records = (campaign.event(seq) for seq in ordered if str(seq).startswith(wanted))
    else:
        newest = campaign.store.read_backwards(campaign.campaign)
        records = (r for r in newest if str(r.seq).startswith(wanted))
    voided = campaign.corrections().voided
    shown = 0
    for record in records:
        if shown >= MOST_SEQS:
            return
        if record is None or record.seq in voided:
            continue
        if slot == "ruling" and not _ruling(campaign, record):
            continue
        shown += 1
        yield Choice(str(record.seq), _words(campaign, record))


def _ruling(campaign: Campaign, record: Recorded) -> bool:
    """Whether `amend` may correct the event: a ruling its rules decide from inputs."""
    kind = type(record.payload)
    ruleset = campaign.ruleset
    return kind in ruleset.events and ruleset.recallers.handler(kind) is not None


def _words(campaign: Campaign, record: Recorded) -> str:
    from journal.rules.core.events import NoteTaken, SecretNoted

    payload = record.payload
    if isinstance(payload, SecretNoted):
        return f'secret for {", ".join(payload.known_by)}: "{clipped(payload.text, 24)}"'
    if isinstance(payload, NoteTaken) and payload.gm_only:
        return f'GM-only: "{clipped(payload.text, 30)}"'
    return clipped(describe(record, campaign.ruleset))
