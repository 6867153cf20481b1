"""Where a newcomer adds... (docs/ARCHITECTURE.md): each task the doc counts is done here as
a newcomer would do it, in a copy of the journal (the files the doc names, nothing else),
and used as a GM uses it; the files it took are at most the files the doc says.

A command for one ruleset is planted and driven by `test_one_place.py` (its three files:
a rules module, a telling module, its block in `cli.py`); a whole ruleset is the example
plugin (`examples/stress-ruleset/`), which the suite installs and plays."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.planting import ROOT, Planted, after, before

DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "examples" / "stress-ruleset"


def counted(task: str) -> int:
    """The files the doc says `task` takes (`- **TASK** ...: N files`)."""
    found = re.search(
        rf"^- \*\*{re.escape(task)}\*\*[^:\n]*: (?:a package of )?(\d+) files", DOC, re.M
    )
    assert found, f"docs/ARCHITECTURE.md counts no files for {task!r}"
    return int(found.group(1))


def _night(planted: Planted) -> str:
    """A Horror Factor campaign, `night`, with Linda in it; its database."""
    db = str(planted.folder / "night.db")
    planted.journal(db, "campaign", "new", "night", "--ruleset", "horror-factor")
    planted.journal(db, "character", "add", "Linda", "--reaction", "12", "--willpower", "10",
                    "--hardness", "2", "--training", "some")  # fmt: skip
    return db


#: a page of the live board: the roster, for every audience but a character
ROSTER = {
    "journal/web/site.py": before(
        '        raise NotFound("no such page")',
        '            case ["roster"] if not audience.character:\n'
        "                board = self.journal.board_grid(gm=audience.gm)\n"
        '                return self.own("roster.html.j2", "roster", "The roster", board=board)\n',
    ),
    "journal/web/templates/roster.html.j2": (
        '{% extends "_page.html.j2" %}\n{% import "_board.html.j2" as b %}\n'
        "{% block live %}<h1>The roster</h1>{{ b.board(board, marks, True) }}{% endblock %}\n"
    ),
    "journal/web/templates/_nav.html.j2": before(
        "\n{% else %}", '<a href="{{ up }}roster">Roster</a>'
    ),
}
SERVED = """
import json, sys
from starlette.testclient import TestClient
from journal.api.database_level import Database
from journal.web.app import create_app
from journal.web.site import Site

site = Site(Database.open(sys.argv[1], create=False), None)
links = {a.character or a.key: t for t, a in site.links(create=True)["night"].items()}
client = TestClient(create_app(site))
pages = {who: client.get(f"/{links[who]}/roster") for who in ("players", "gm", "Linda")}
nav = client.get(f"/{links['players']}/").text
print(json.dumps({
    "status": {who: page.status_code for who, page in pages.items()},
    "players": pages["players"].text, "gm": pages["gm"].text, "nav": nav,
}))
site.database.close()
"""


def test_a_web_page_of_the_live_board(tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="journal serve's pages need the serve extra")
    planted = Planted(tmp_path, ROSTER)
    assert planted.where().startswith(str(tmp_path))
    db = _night(planted)
    (tmp_path / "served.py").write_text(SERVED, encoding="utf-8")
    found = json.loads(planted.python(str(tmp_path / "served.py"), db).stdout.splitlines()[-1])
    assert found["status"] == {"players": 200, "gm": 200, "Linda": 404}
    assert "<h1>The roster</h1>" in found["players"] and "Linda" in found["players"]
    assert 'href="roster">Roster</a>' in found["nav"]
    assert len(planted.files) <= counted("a web page of the live board")


#: a handout format: the recap as plain text, from its HTML
PLAIN = {
    "journal/handouts/plain.py": (
        '"""A handout as plain text: its HTML\'s words, a paragraph a line."""\n\n'
        "from html.parser import HTMLParser\n\n\n"
        "class _Words(HTMLParser):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.lines: list[str] = ['']\n"
        "        self.skip = 0\n\n"
        "    def handle_starttag(self, tag, attrs):\n"
        "        self.skip += tag in ('style', 'script', 'svg')\n"
        "        if tag in ('p', 'li', 'h1', 'h2', 'h3', 'tr', 'br'):\n"
        "            self.lines.append('')\n\n"
        "    def handle_endtag(self, tag):\n"
        "        self.skip -= tag in ('style', 'script', 'svg')\n\n"
        "    def handle_data(self, data):\n"
        "        if not self.skip:\n"
        "            self.lines[-1] += data\n\n\n"
        "def plain_text(html: str) -> str:\n"
        "    words = _Words()\n"
        "    words.feed(html)\n"
        "    return '\\n'.join(' '.join(line.split()) for line in words.lines if line.strip())\n"
    ),
    "journal/handouts/render.py": lambda text: text.replace(
        'PRINTED = (*FORMATS, "pdf")', 'PRINTED = (*FORMATS, "pdf", "txt")'
    ),
    "journal/api/journal.py": before(
        "    def recap_pdf(",
        "    def recap_plain(self, session=None, audience='players', templates=None, as_of=None):\n"
        "        from journal.handouts.plain import plain_text\n\n"
        "        html = self.recap_text(session, audience, 'html', templates, as_of)\n"
        "        return plain_text(html)\n\n",
    ),
    "journal/cli/handouts.py": lambda text: after('".md": "md"', ', ".txt": "txt"')(
        before(
            "    else:\n        text = journal.recap_text(session, audience, chosen, folder, "
            "as_of)",
            '    elif chosen == "txt":\n'
            "        text = journal.recap_plain(session, audience, folder, as_of)\n",
        )(text)
    ),
}


def test_a_handout_format(tmp_path: Path) -> None:
    planted = Planted(tmp_path, PLAIN)
    db = _night(planted)
    planted.journal(db, "session", "start", "Arrival")
    planted.journal(db, "note", "The lights go out.")
    planted.journal(db, "note", "planted-secret-x9", "--gm-only")
    planted.journal(db, "session", "end")
    target = tmp_path / "session-1.txt"
    planted.journal(db, "recap", "1", "-o", str(target))  # the suffix names the format
    told = target.read_text(encoding="utf-8")
    assert "The lights go out." in told and "<" not in told
    assert "planted-secret-x9" not in told  # through the one audience filter, as every format
    gm = planted.journal(db, "recap", "1", "--for", "gm", "--format", "txt")
    assert "planted-secret-x9" in gm
    assert len(planted.files) <= counted("a handout format")


#: a shift cause of Horror Factor: "doors-slam", +1
CAUSE = {
    "journal/rulesets/horror_factor/rules/catalog.py": after(
        '        "reinforcements": Cause(1, "enemy reinforcements arrive"),\n',
        '        "doors-slam": Cause(1, "every door of the house slams at once"),\n',
    ),
    "journal/rulesets/horror_factor/cli.py": lambda text: text.replace(
        "outgunned,\n             reinforcements;",
        "outgunned,\n             reinforcements, doors-slam;",
    ),
    "docs/RULES.md": after(
        "`outgunned` (opponent draws a lethal weapon, he has none),\n   `reinforcements`",
        ", `doors-slam` (every door of the house slams at once)",
    ),
}


def test_a_shift_cause(tmp_path: Path) -> None:
    planted = Planted(tmp_path, CAUSE)
    db = _night(planted)
    planted.journal(db, "encounter", "start", "The house", "--hf", "4", "--cast", "Linda")
    shifted = json.loads(planted.journal(db, "shift", "Linda", "doors-slam", "--json"))
    assert shifted[-1]["data"]["cause"] == "doors-slam" and shifted[-1]["data"]["applied"] == 1
    assert "doors-slam" in planted.journal(db, "shift", "--help")
    assert len(planted.files) <= counted("a shift cause")


def test_a_command_for_one_ruleset_takes_the_files_test_one_place_plants() -> None:
    from test_one_place import CLI, RULES, TELLING

    assert RULES and TELLING and CLI  # rules/calm.py, telling/calm.py, cli.py
    assert counted("a command for one ruleset") >= 3


def test_a_whole_ruleset_is_the_example_plugin() -> None:
    """The example plugin, played by the suite (tests/rulesets/stress), installed by its
    own pyproject: its files are a whole ruleset's."""
    files = [
        p
        for p in EXAMPLE.rglob("*")
        if p.is_file()
        and not {"build", "__pycache__"} & set(p.parts)
        and ".egg-info" not in str(p)
        and p.name != "README.md"
    ]
    assert len(files) <= counted("a whole ruleset")
