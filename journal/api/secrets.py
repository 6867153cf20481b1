"""`journal secrets` and `journal safety list`: the knowledge ledger (every secret, who knew
it from which event and session, who does not know it yet) and the safety tools in force,
as typed documents. Both read the one fold (`journal.rules.core.knowledge`)."""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from journal.documents import Document
from journal.events.recorded import Recorded
from journal.rules.core.knowledge import PLAYERS
from journal.rules.core.state import CampaignState, CharacterId


class Knower(Document, Struct, frozen=True):
    """Who knows a secret (`players`: every player; else a character, named as now), from
    which event and session."""

    who: str
    since: int
    session: int | None


class SecretEntry(Document, Struct, frozen=True):
    """One secret: the note (`for`: a `note --for`, `gm-only`), who knows it, who not yet."""

    seq: int
    kind: str
    text: str
    session: int | None
    knowers: tuple[Knower, ...]
    not_yet: tuple[str, ...]


class SecretsDocument(Document, Struct, frozen=True):
    """`secrets --json`: the ledger as of `as_of` (`of`: the character asked for, whose
    secrets the players do not know, or None for every secret)."""

    campaign: str
    as_of: int
    of: str | None
    secrets: tuple[SecretEntry, ...]

    def text(self) -> list[str]:
        if not self.secrets:
            whose = f" that {self.of} knows and the players do not" if self.of else ""
            return [f"No secrets{whose} (as of #{self.as_of})."]
        lines = []
        for s in self.secrets:
            where = f"session {s.session}" if s.session is not None else "between sessions"
            lines.append(f"#{s.seq} ({s.kind}, {where}): {s.text}")
            known = ", ".join(
                f"{'every player' if k.who == 'players' else k.who} since #{k.since}"
                + (f" (session {k.session})" if k.session is not None else "")
                for k in s.knowers
            )
            lines.append(f"  known to: the GM{', ' + known if known else ''}")
            lines.append(f"  not yet: {', '.join(s.not_yet) or 'nobody'}")
        return lines


class SafetyTool(Document, Struct, frozen=True):
    seq: int
    kind: str
    text: str


class SafetyDocument(Document, Struct, frozen=True):
    """`safety list --json`: the lines and veils in force (`void SEQ` lifts one)."""

    campaign: str
    tools: tuple[SafetyTool, ...]

    def text(self) -> list[str]:
        if not self.tools:
            return ["No lines or veils in force: add one with `journal safety line TEXT`."]
        return [f"#{t.seq} {t.kind}: {t.text}" for t in self.tools]

    def of(self, kind: str) -> list[str]:
        return [t.text for t in self.tools if t.kind == kind]


def safety_tools(state: CampaignState) -> SafetyDocument:
    tools = tuple(SafetyTool(seq, kind, text) for seq, (kind, text) in sorted(state.safety.items()))
    return SafetyDocument(state.slug, tools)


def knowledge_table(
    state: CampaignState,
    event: Callable[[int], Recorded | None],
    of: CharacterId | None = None,
) -> SecretsDocument:
    """Every secret as of `state` (with `of`, only those character `of` knows and the
    players do not), each one's note read by `event`."""
    entries = []
    for seq, held in sorted(state.secrets.items()):
        knowers = {k for k, _ in held}
        if of is not None and (of not in knowers or PLAYERS in knowers):
            continue
        record = event(seq)
        if record is None:
            continue
        kind = "for" if record.type == "SecretNoted" else "gm-only"
        known = []
        for who, since in held:
            found = event(since)
            session = found.session if found is not None else None
            name = "players" if who == PLAYERS else state.name_of(who)
            known.append(Knower(name, since, session))
        not_yet = (
            ()
            if PLAYERS in knowers
            else tuple(n for n in state.cast if state.ids[n] not in knowers)
        )
        text = str(record.data.get("text", ""))
        entries.append(SecretEntry(seq, kind, text, record.session, tuple(known), not_yet))
    whose = None if of is None else state.name_of(of)
    return SecretsDocument(state.slug, state.seq, whose, tuple(entries))
