"""`journal recap|arc --format pdf`: the HTML handout printed by WeasyPrint, on A4 or
Letter, for each audience; its bytes depend on the log alone; refused clearly when
WeasyPrint is missing or the PDF would land on a terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from freezegun import freeze_time
from support.cli import Cli
from support.handouts import hardening_story, morgue, worked_example
from support.pdf import SIZES, metadata, pages, sizes, text

#: the worked example's recap: pages by audience and paper (the players' copy is the one
#: that Letter's shorter page pushes onto a fourth)
RECAP_PAGES = {
    ("players", "a4"): 4,  # each card names the training beside its Hardness (issue 30)
    ("players", "letter"): 4,
    ("gm", "a4"): 4,
    ("gm", "letter"): 4,
    ("Linda", "a4"): 3,
    ("Linda", "letter"): 3,
}


@pytest.mark.parametrize(("audience", "paper"), sorted(RECAP_PAGES))
def test_recap_pdf_for_each_audience_and_paper(
    runner: Cli, tmp_path: Path, audience: str, paper: str
) -> None:
    worked_example(runner)
    target = tmp_path / "recap.pdf"
    said = runner(
        "recap", "--for", audience, "--format", "pdf", "--paper", paper, "-o", str(target)
    )
    assert said.stderr == f"Wrote the recap ({audience}, pdf) to {target}\n"
    data = target.read_bytes()
    assert data.startswith(b"%PDF-")
    assert sizes(data) == {SIZES[paper]}
    found = pages(data)
    assert len(found) == RECAP_PAGES[audience, paper]
    for number, page in enumerate(found, 1):
        assert page.rstrip().endswith(f"Page {number} of {len(found)}"), page[-200:]
    whole = "\n".join(found)
    assert "The horde" in whole and "Jackson Zombies" in whole
    # the running header on a later page: the campaign and session, and the session's title
    assert "Jackson Zombies · Session 1" in found[1]
    dice = "initiative +1/-8"  # Ariella's first roll, with its terms
    secret = "keep count of the cartridges"
    if audience == "gm":
        assert dice in whole and secret in whole and "GM ONLY" in whole
    else:
        assert dice not in whole and secret not in whole and "GM ONLY" not in whole.upper()
    if audience == "Linda":
        assert "Where Linda stands".upper() in whole and "Freddie\nHardness" not in whole


def test_arc_pdf_holds_the_arc_with_its_charts_as_vectors(runner: Cli, tmp_path: Path) -> None:
    hardening_story(runner)
    target = tmp_path / "linda.pdf"
    runner("arc", "Linda", "-o", str(target))  # the suffix says PDF
    data = target.read_bytes()
    whole = text(data)
    assert "Linda" in whole and "MILESTONES" in whole and "Night Shift · Character arc" in whole
    assert "Hardened" in whole
    assert sizes(data) == {SIZES["a4"]}
    from pypdf import PdfReader

    reader = PdfReader(str(target))
    # the charts are drawn (paths in the page's content), not pasted in as pictures
    assert all(not page.images for page in reader.pages)
    assert any(b" l\n" in page.get_contents().get_data() for page in reader.pages)


def test_fright_check_recap_pdf(runner: Cli, tmp_path: Path) -> None:
    morgue(runner)
    target = tmp_path / "morgue.pdf"
    runner("recap", "--for", "gm", "--format", "pdf", "--paper", "letter", "-o", str(target))
    whole = text(target.read_bytes())
    assert "The Morgue" in whole and "Mara" in whole and "The coroner is the ghoul." in whole


def test_pdf_goes_down_a_pipe_as_bytes(runner: Cli) -> None:
    worked_example(runner)
    piped = runner("recap", "--format", "pdf")  # CliRunner's stdout is no terminal
    assert piped.stdout_bytes.startswith(b"%PDF-") and piped.stdout_bytes.rstrip().endswith(
        b"%%EOF"
    )
    assert "Jackson Zombies" in text(piped.stdout_bytes)


def test_the_same_log_gives_the_same_bytes(runner: Cli, tmp_path: Path) -> None:
    """Two builds a year apart on the clock: the same bytes; the dates and /ID inside are
    the head event's. One more event changes them."""
    worked_example(runner)
    made = []
    for moment in ("2030-01-01 09:00:00", "2031-06-15 23:59:59"):
        with freeze_time(moment):
            for what in (("recap", "--for", "gm"), ("arc", "Linda")):
                target = tmp_path / f"{what[0]}-{moment[:4]}.pdf"
                runner(*what, "--format", "pdf", "-o", str(target))
                made.append(target.read_bytes())
    assert made[0] == made[2] and made[1] == made[3]
    head = json.loads(runner("log", "--json").stdout)[-1]
    info, ids = metadata(made[0])
    stamp = head["recorded_at"].replace("-", "").replace(":", "").replace("T", "")[:14]
    assert info["/CreationDate"] == info["/ModDate"] == f"D:{stamp}Z", (info, head)
    assert ids[0] == bytes.fromhex(head["hash"])[:16]
    runner("note", "The sirens start.")  # after the session: the recap reads the same
    target = tmp_path / "later.pdf"
    runner("recap", "--for", "gm", "--format", "pdf", "-o", str(target))
    later = target.read_bytes()
    # the same recap, but for the tree head it was made from (its last lines)
    assert later != made[0] and pages(later)[:-1] == pages(made[0])[:-1]
    assert "Record #28" in pages(later)[-1] and "Record #27" in pages(made[0])[-1]
    assert (
        metadata(later)[1][0]
        == bytes.fromhex(json.loads(runner("log", "--json").stdout)[-1]["hash"])[:16]
    )


def test_without_weasyprint_pdf_says_what_to_install(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worked_example(runner)
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # `import weasyprint` fails
    for args in (
        ("recap", "--format", "pdf", "-o", str(tmp_path / "r.pdf")),
        ("arc", "Linda", "-o", str(tmp_path / "a.pdf")),
        ("book", "-o", str(tmp_path / "b.pdf")),
    ):
        refused = runner.refused(*args)
        assert refused.stderr == (
            "Error: PDF needs the pdf extra: pip install 'horror-journal[pdf,postgres,serve]'\n"
        )
    assert list(tmp_path.glob("*.pdf*")) == []  # nothing written, not even a partial file
    # Markdown and HTML need no WeasyPrint
    assert "The horde" in runner("recap", "--format", "html").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("recap", "--format", "pdf", "--paper", "a5"), "Invalid value for '--paper'"),
        (("book", "--paper", "legal", "-o", "b.pdf"), "Invalid value for '--paper'"),
        (("book", "--format", "md", "-o", "b.md"), "unknown format 'md': use html or pdf"),
    ],
)
def test_refusals(runner: Cli, args: tuple[str, ...], message: str) -> None:
    worked_example(runner)
    exit_code = 2 if "Invalid value" in message else 1
    assert message in runner.refused(*args, exit_code=exit_code).stderr
    assert not Path("b.pdf").exists() and not Path("b.md").exists()


def test_a_pdf_is_refused_at_a_terminal(tmp_path: Path) -> None:
    """At a terminal a PDF would be noise on the screen: -o FILE, or a pipe, please."""
    from support.pty import Terminal

    db = tmp_path / "journal.db"
    subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), "import", str(_worked_example_log())],
        check=True,
        capture_output=True,
    )
    for args in (["recap", "--format", "pdf"], ["book"]):
        terminal = Terminal(["--db", str(db), *args], cwd=tmp_path)
        try:
            terminal.shows("Error: a PDF is not for the terminal: give -o FILE")
            assert terminal.finish() == 1
        finally:
            terminal.close()
    assert list(tmp_path.glob("*.pdf")) == []


def test_markdown_recap_imports_no_weasyprint(runner: Cli, tmp_path: Path) -> None:
    worked_example(runner)
    probe = (
        "import sys\n"
        "from journal.cli.main import main\n"
        f"sys.argv = ['journal', '--db', {runner.db!r}, 'recap', '--format', 'html']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('weasyprint' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stderr.strip().splitlines()[-1] == "False", done.stderr


def _worked_example_log() -> Path:
    from support import WORKED_EXAMPLE

    return WORKED_EXAMPLE
