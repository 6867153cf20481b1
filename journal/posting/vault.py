"""The campaign as an Obsidian vault for one audience (`journal export --vault DIR`): a
note per session (its recap, each ruling a `> [!note]` callout), per character and per
threat, with properties (`session`, `title`, `date`: the game's Date & time, `played`: the
real Date, `seq`, `head`: the record's tree head, as a receipt and every handout name it) and
`[[wikilinks]]` between them. Each audience has a folder of its own (`The Ward
(players)`, `The Ward (GM)`), and every link names its note from the vault's root through
that folder (`[[The Ward (players)/Characters/Linda|Linda]]`), so with every audience's
folder in one vault no link resolves into another audience's (Obsidian resolves a path
from the root first; a bare `[[Characters/Linda]]` matched the GM's copy as well).

The vault's root is the nearest folder up from DIR holding `.obsidian/` (DIR itself when
none does). What the GM typed never becomes syntax (`journal.posting.obsidian`, and the
recap's Markdown escaped by `handouts.render.obsidian_escape`); every note's name fits 255
bytes and is unique in its folder (`journal.files.UniqueNames`).

A threat is what a session's fear rulings were made against, as the audience's recap tells
it and the ruleset's narrator names it (`Narrator.threats`: an encounter, what a check was
against). Its note names the sessions it was faced in, who faced it and what came of it.
How the notes reach the disk: `journal.posting.vault_files`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from journal.api.journal import Journal
from journal.files import UniqueNames, fit_name
from journal.posting import obsidian
from journal.posting.obsidian import Date, Property, file_name

if TYPE_CHECKING:
    from journal.handouts.documents import RecapDocument

#: what a link path cannot hold, in the folders above the audience's
_NOT_IN_A_LINK = frozenset("[]|#^")


@dataclass(frozen=True)
class Note:
    """A file of the vault: its text, and the paths of the links and of the embeds the
    journal wrote in it, each in order (what a reader of the note must find there, and
    nothing else)."""

    text: str
    links: tuple[str, ...] = ()
    embeds: tuple[str, ...] = ()


@dataclass
class ThreatNote:
    name: str
    #: session -> who faced it there (in the order they did), and what came of it each time
    faced: dict[int, list[str]] = field(default_factory=dict)
    told: dict[int, list[str]] = field(default_factory=dict)


class _Links:
    """One note's links, written and kept."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.links: list[str] = []
        self.embeds: list[str] = []

    def to(self, relative: str, text: str) -> str:
        path = f"{self.base}/{relative}" if self.base else relative
        self.links.append(path)
        return obsidian.link(path, text)

    def embed(self, relative: str) -> str:
        path = f"{self.base}/{relative}" if self.base else relative
        self.embeds.append(path)
        return obsidian.embed(path)

    def note(self, text: str) -> Note:
        return Note(text, tuple(self.links), tuple(self.embeds))


def audience_label(audience: str) -> tuple[str, bool]:
    """The folder's label for `audience` (`GM`, `players` or the name) and whether it is
    the GM's."""
    gm = " ".join(audience.split()).casefold() == "gm"
    return ("GM" if gm else "players" if audience.casefold() == "players" else audience), gm


def folder_name(journal: Journal, audience: str) -> str:
    """The audience's folder in DIR: `The Ward (players)`, cut to fit 255 bytes."""
    label = f" ({file_name(audience_label(audience)[0])})"
    overview = journal.overview()
    return fit_name(file_name(overview.title or journal.campaign), label) + label


def vault_base(root: Path, folder: str) -> str:
    """The audience folder's path from the vault's root, as links name it: the root is the
    nearest folder up from `root` holding `.obsidian/`, `root` itself when none does (or
    when the folders between hold what a link path cannot)."""
    real = root.expanduser().resolve()
    for top in (real, *real.parents):
        if (top / ".obsidian").is_dir():
            between = real.relative_to(top).parts
            if not any(_NOT_IN_A_LINK & set(part) for part in between):
                return "/".join((*between, folder))
            break
    return folder


def _threats(recaps: dict[int, RecapDocument], ruleset: str) -> dict[str, ThreatNote]:
    """The threats each session's recap tells of, by their note's name (casefolded)."""
    from journal.handouts.hooks import narrator_of

    narrator = narrator_of(ruleset)
    found: dict[str, ThreatNote] = {}
    for number, recap in recaps.items():
        for threat in narrator.threats(recap):
            note = found.setdefault(file_name(threat.name).casefold(), ThreatNote(threat.name))
            met = note.faced.setdefault(number, [])
            met.extend(w for w in threat.faced_by if w not in met)
            note.told.setdefault(number, []).append(threat.told)
    return found


def played_on(moment: datetime | None) -> Date | None:
    """The real date an event was recorded, in this machine's time zone (a stored time
    without one is UTC)."""
    if moment is None:
        return None
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return Date(aware.astimezone().date().isoformat())


def _text(value: str) -> str:
    """What the GM typed, as text of a note (no syntax of Obsidian's or Markdown's)."""
    from journal.handouts.render import obsidian_escape

    return str(obsidian_escape(value))


def notes(journal: Journal, audience: str, base: str = "") -> dict[str, Note]:
    """Note path (inside the audience's folder) -> its note; `base` is that folder's path
    from the vault's root, which every link starts with."""
    state = journal.overview()
    records = list(journal.records())
    now = journal.heads()[-1]  # the record's tree head, as every handout names it
    head = f"#{now['size']} {now['root']}" if records else ""
    when = {r.seq: r.recorded_at for r in records}
    started = {s.number: when.get(s.seq) for s in journal.sessions()}
    common: dict[str, Property | None] = {"seq": state.seq, "head": head}
    common["campaign"] = state.campaign
    recaps = {number: journal.recap(number, audience) for number in range(1, state.sessions + 1)}
    appears: dict[str, list[int]] = {}
    in_sessions = UniqueNames()
    sessions = {}
    for number, recap in recaps.items():
        title = file_name(recap["session"]["title"])
        sessions[number] = f"Sessions/{in_sessions.take(f'Session {number} - {title}', '.md')}"
        for who in recap["cast"]:
            appears.setdefault(str(who), []).append(number)
    in_characters = UniqueNames()  # their notes, then their charts
    characters = {
        n: f"Characters/{in_characters.take(file_name(n), '.md')}" for n in state.characters
    }
    threats = _threats(recaps, state.ruleset)
    threat_names = UniqueNames()
    threat_notes = {
        key: f"Threats/{threat_names.take(file_name(t.name), '.md')}" for key, t in threats.items()
    }
    found: dict[str, Note] = {}
    for number, recap in recaps.items():
        links = _Links(base)
        cast = [links.to(characters[n], n) for n in recap["cast"] if n in characters]
        faced = [links.to(threat_notes[k], t.name) for k, t in threats.items() if number in t.faced]
        nav = []
        if number > 1:
            nav.append(f"Previous: {links.to(sessions[number - 1], f'Session {number - 1}')}")
        if number < state.sessions:
            nav.append(f"Next: {links.to(sessions[number + 1], f'Session {number + 1}')}")
        body = journal.recap_text(number, audience, "md", callouts=True).strip()
        session = recap["session"]
        properties: dict[str, Property | None] = {
            "session": number,
            "title": session["title"],
            "date": obsidian.date_time(session["began_at"]),
            "played": played_on(started.get(number)),
            **common,
            "audience": audience,
        }
        parts = (
            "Cast: " + ", ".join(cast) if cast else "",
            "Threats: " + ", ".join(faced) if faced else "",
            body,
            " · ".join(nav),
        )
        text = obsidian.front(properties) + "\n" + "\n\n".join(p for p in parts if p) + "\n"
        found[sessions[number] + ".md"] = links.note(text)
    private = audience.casefold() not in ("players", "gm")
    for name, path in characters.items():
        seen = appears.get(name, [])
        if private and name.casefold() != audience.casefold() and not seen:
            continue
        links = _Links(base)
        lines = [f"- {links.to(sessions[n], f'Session {n}')}" for n in seen]
        properties = {"character": name, **common}
        text = obsidian.front(properties) + f"\n# {_text(name)}\n\n## Sessions\n\n"
        text += ("\n".join(lines) if lines else "_Not in a session yet._") + "\n"
        met = [
            f"- {links.to(threat_notes[key], t.name)}"
            for key, t in threats.items()
            if any(name in who for who in t.faced.values())
        ]
        if met:
            text += "\n## Threats faced\n\n" + "\n".join(met) + "\n"
        charts = _charts(journal, name, path, in_characters) if seen else {}
        if charts:
            text += "\n## Arc\n\n" + "\n".join(links.embed(c) for c in charts) + "\n"
        found.update((chart, Note(svg)) for chart, svg in charts.items())
        found[path + ".md"] = links.note(text)
    for key, threat in threats.items():
        found[threat_notes[key] + ".md"] = _threat_note(threat, sessions, characters, common, base)
    return found


def _threat_note(
    threat: ThreatNote,
    sessions: dict[int, str],
    characters: dict[str, str],
    common: dict[str, Property | None],
    base: str,
) -> Note:
    links = _Links(base)
    properties: dict[str, Property | None] = {
        "threat": threat.name,
        "sessions": sorted(threat.faced),
        **common,
    }
    lines = []
    for number, who in sorted(threat.faced.items()):
        session = links.to(sessions[number], f"Session {number}")
        named = ", ".join(links.to(characters[w], w) if w in characters else _text(w) for w in who)
        lines.append(f"- {session}" + (f": {named}" if named else ""))
        lines.extend(f"    - {_text(told)}" for told in threat.told.get(number, []))
    text = obsidian.front(properties) + f"\n# {_text(threat.name)}\n\n## Faced\n\n"
    return links.note(text + "\n".join(lines) + "\n")


def _charts(journal: Journal, name: str, path: str, taken: UniqueNames) -> dict[str, str]:
    """The character's arc charts as SVG files beside their note (the arc is the
    players' handout: the same for every audience)."""
    from journal.handouts.charts import Series, line_chart

    drawn: dict[str, str] = {}
    folder, _, note = path.rpartition("/")
    for chart in journal.arc(name)["charts"]:
        series = [
            Series(s["label"], s["values"], s["style"], frozenset(s.get("crossed", ())))
            for s in chart["series"]
        ]
        svg = line_chart(
            chart["title"], chart["x_labels"], series, chart["y_max"], chart["y_label"],
            chart.get("x_title", "session"),
        )  # fmt: skip
        file = taken.take(f"{note} - {file_name(chart['title'])}", ".svg")
        drawn[f"{folder}/{file}.svg"] = svg + "\n"
    return drawn
