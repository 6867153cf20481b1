"""The campaign as an Obsidian vault for one audience (`journal export --vault DIR`): a
note per session (its recap, each ruling a `> [!note]` callout), per character and per
threat, with YAML properties (`session`, `date`, `seq`, `head`: the log's head event and
its hash, as a receipt names them) and `[[wikilinks]]` between them. The GM's vault is a
folder of its own.

A threat is what a session's fear rulings were made against, as the audience's recap tells
it and the ruleset's narrator names it (`Narrator.threats`: an encounter, what a check was
against). Its note names the sessions it was faced in, who faced it and what came of it.

A re-export rewrites only the notes whose text changed, and never a note edited by hand
since the journal wrote it: `.journal-vault.json` keeps the hash of what was written.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from journal.api.journal import Journal
from journal.errors import JournalError

if TYPE_CHECKING:
    from journal.handouts.documents import RecapDocument

MANIFEST = ".journal-vault.json"
_UNSAFE = re.compile(r'[\\/:*?"<>|#^\[\]]')


@dataclass
class VaultReport:
    folder: Path
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    left_alone: list[str] = field(default_factory=list)


def _name(text: str) -> str:
    return _UNSAFE.sub("-", " ".join(text.split())).strip(" .") or "untitled"


def _yaml(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)  # JSON scalars are YAML


def _front(properties: dict[str, object]) -> str:
    lines = [f"{key}: {_yaml(value)}" for key, value in properties.items()]
    return "---\n" + "\n".join(lines) + "\n---\n"


@dataclass
class ThreatNote:
    name: str
    #: session -> who faced it there (in the order they did), and what came of it each time
    faced: dict[int, list[str]] = field(default_factory=dict)
    told: dict[int, list[str]] = field(default_factory=dict)


def _threats(recaps: dict[int, RecapDocument], ruleset: str) -> dict[str, ThreatNote]:
    """The threats each session's recap tells of, by their note's name (casefolded)."""
    from journal.handouts.hooks import narrator_of

    narrator = narrator_of(ruleset)
    found: dict[str, ThreatNote] = {}
    for number, recap in recaps.items():
        for threat in narrator.threats(recap):
            note = found.setdefault(_name(threat.name).casefold(), ThreatNote(threat.name))
            met = note.faced.setdefault(number, [])
            met.extend(w for w in threat.faced_by if w not in met)
            note.told.setdefault(number, []).append(threat.told)
    return found


def notes(journal: Journal, audience: str) -> dict[str, str]:
    """Note path (inside the vault) -> its text."""
    state = journal.overview()
    records = list(journal.records())
    head = f"#{records[-1].seq} {records[-1].hash}" if records else ""
    found: dict[str, str] = {}
    sessions: dict[int, str] = {}
    appears: dict[str, list[int]] = {}
    recaps = {}
    for number in range(1, state.sessions + 1):
        recap = journal.recap(number, audience)
        recaps[number] = recap
        sessions[number] = f"Sessions/Session {number} - {_name(recap['session']['title'])}"
        for who in recap["cast"]:
            appears.setdefault(str(who), []).append(number)
    characters = {n: f"Characters/{_name(n)}" for n in state.characters}
    threats = _threats(recaps, state.ruleset)
    threat_notes = {key: f"Threats/{_name(t.name)}" for key, t in threats.items()}
    for number, recap in recaps.items():
        links = [f"[[{characters[n]}|{n}]]" for n in recap["cast"] if n in characters]
        faced = [
            f"[[{threat_notes[key]}|{t.name}]]" for key, t in threats.items() if number in t.faced
        ]
        nav = []
        if number > 1:
            nav.append(f"Previous: [[{sessions[number - 1]}|Session {number - 1}]]")
        if number < state.sessions:
            nav.append(f"Next: [[{sessions[number + 1]}|Session {number + 1}]]")
        body = journal.recap_text(number, audience, "md", callouts=True).strip()
        properties = {
            "session": number,
            "title": recap["session"]["title"],
            "date": recap["session"]["began"],
            "seq": state.seq,
            "head": head,
            "campaign": state.campaign,
            "audience": audience,
        }
        cast = "Cast: " + ", ".join(links) if links else ""
        against = "Threats: " + ", ".join(faced) if faced else ""
        found[sessions[number] + ".md"] = (
            _front(properties)
            + "\n"
            + "\n\n".join(p for p in (cast, against, body, " · ".join(nav)) if p)
            + "\n"
        )
    for name, path in characters.items():
        seen = appears.get(name, [])
        if (
            audience not in ("players", "gm")
            and name.casefold() != audience.casefold()
            and not seen
        ):
            continue
        lines = [f"- [[{sessions[n]}|Session {n}]]" for n in seen]
        properties = {"character": name, "seq": state.seq, "head": head, "campaign": state.campaign}
        text = _front(properties) + f"\n# {name}\n\n## Sessions\n\n"
        text += ("\n".join(lines) if lines else "_Not in a session yet._") + "\n"
        met = [
            f"- [[{threat_notes[key]}|{t.name}]]"
            for key, t in threats.items()
            if any(name in who for who in t.faced.values())
        ]
        if met:
            text += "\n## Threats faced\n\n" + "\n".join(met) + "\n"
        charts = _charts(journal, name, path) if seen else {}
        if charts:
            text += "\n## Arc\n\n" + "\n".join(f"![[{c}]]" for c in charts) + "\n"
        found.update(charts)
        found[path + ".md"] = text
    for key, threat in threats.items():
        found[threat_notes[key] + ".md"] = _threat_note(
            threat,
            sessions,
            characters,
            {"seq": state.seq, "head": head, "campaign": state.campaign},
        )
    return found


def _threat_note(
    threat: ThreatNote,
    sessions: dict[int, str],
    characters: dict[str, str],
    common: dict[str, object],
) -> str:
    properties = {"threat": threat.name, "sessions": sorted(threat.faced), **common}
    lines = []
    for number, who in sorted(threat.faced.items()):
        named = ", ".join(f"[[{characters[w]}|{w}]]" if w in characters else w for w in who)
        lines.append(f"- [[{sessions[number]}|Session {number}]]" + (f": {named}" if named else ""))
        lines.extend(f"    - {told}" for told in threat.told.get(number, []))
    return _front(properties) + f"\n# {threat.name}\n\n## Faced\n\n" + "\n".join(lines) + "\n"


def _charts(journal: Journal, name: str, path: str) -> dict[str, str]:
    """The character's arc charts as SVG files beside their note (the arc is the
    players' handout: the same for every audience)."""
    from journal.handouts.charts import Series, line_chart

    drawn: dict[str, str] = {}
    for chart in journal.arc(name)["charts"]:
        series = [
            Series(s["label"], s["values"], s["style"], frozenset(s.get("crossed", ())))
            for s in chart["series"]
        ]
        svg = line_chart(
            chart["title"], chart["x_labels"], series, chart["y_max"], chart["y_label"],
            chart.get("x_title", "session"),
        )  # fmt: skip
        drawn[f"{path} - {_name(chart['title'])}.svg"] = svg + "\n"
    return drawn


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_vault(journal: Journal, audience: str, root: Path) -> VaultReport:
    gm = " ".join(audience.split()).casefold() == "gm"
    label = "GM" if gm else ("players" if audience.casefold() == "players" else audience)
    folder = root / f"{_name(journal.overview().title or journal.campaign)} ({label})"
    report = VaultReport(folder)
    manifest_path = folder / MANIFEST
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        manifest = {}
    except (OSError, ValueError) as exc:
        raise JournalError(f"{manifest_path} cannot be read ({exc}): move it away") from None
    kept: dict[str, str] = {}
    try:
        for relative, text in notes(journal, audience).items():
            target = folder / relative
            data = text.encode()
            if target.exists():
                now = _digest(target.read_bytes())
                if now == _digest(data):
                    report.unchanged.append(relative)
                    kept[relative] = now
                    continue
                if manifest.get(relative) != now:  # edited since the journal wrote it
                    report.left_alone.append(relative)
                    kept[relative] = manifest.get(relative, "")
                    continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            if gm:
                target.chmod(0o600)
            report.written.append(relative)
            kept[relative] = _digest(data)
        manifest_path.write_text(json.dumps(kept, indent=2, sort_keys=True) + "\n")
    except OSError as exc:
        raise JournalError(f"cannot write the vault in {folder}: {exc.strerror}") from None
    return report
