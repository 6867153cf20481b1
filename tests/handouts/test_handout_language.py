"""Issue 44 (C5): a campaign's language, as the GM sets it (`campaign language TAG`, a BCP 47
tag, English until set): an event of the log (its line, undone by a void), refused in one
`Error:` line when it is no tag or already the language, checked again on import; every
handout's HTML says it (`lang`) and every PDF (`/Lang`), the recaps of earlier sessions
too, as the log stood when the handout was made (`--as-of`)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pikepdf
import pytest
from support.cli import Cli, count_events
from support.handouts import worked_example


def _lang(data: bytes) -> str:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return str(pdf.Root.Lang)


def test_the_gm_sets_the_campaigns_language(runner: Cli, tmp_path: Path) -> None:
    worked_example(runner)
    assert runner("campaign", "language").stdout.startswith("The handouts are in en")
    document = {"campaign": "jackson-zombies", "language": "en"}
    assert json.loads(runner("campaign", "language", "--json").stdout) == document
    before = count_events(runner.db)
    set_ = runner("campaign", "language", "pt_br")
    assert set_.stdout.startswith(f"#{before + 1} The handouts are in pt-BR from now on")
    assert set_.stderr == ""  # a setting: no "no session is running" notice
    assert "The handouts are in pt-BR" in runner("log").stdout
    assert runner("campaign", "language").stdout.startswith("The handouts are in pt-BR")
    for args in (("campaign", "language", "sr-latn-rs"), ("campaign", "language", "DE")):
        runner(*args)
    assert json.loads(runner("campaign", "language", "--json").stdout)["language"] == "de"
    runner("audit")  # a setting, not a ruling: nothing to decide again
    runner("verify")


@pytest.mark.parametrize(
    ("tag", "said"),
    [
        ("english", "'english' is not a language tag"),
        ("de DE", "'de DE' is not a language tag"),
        ("x", "'x' is not a language tag"),
        ("de-", "'de-' is not a language tag"),
        ("12", "'12' is not a language tag"),
        ("de-\u0661\u0662", "is not a language tag"),
        ("en", "is in en already: nothing to record"),
        ("EN", "is in en already: nothing to record"),
    ],
)
def test_what_is_no_language_tag_is_refused(runner: Cli, tag: str, said: str) -> None:
    worked_example(runner)
    before = count_events(runner.db)
    assert said in runner.refused("campaign", "language", tag).stderr
    assert count_events(runner.db) == before


def test_every_handout_says_its_language(runner: Cli, tmp_path: Path) -> None:
    worked_example(runner)
    first = tmp_path / "first.pdf"
    runner("recap", "--format", "pdf", "-o", str(first))
    seq = count_events(runner.db)
    runner("campaign", "language", "de")
    for args in (("recap",), ("recap", "--for", "gm"), ("arc", "Linda"), ("book",)):
        html = runner(*args, "--format", "html").stdout
        assert html.startswith('<!DOCTYPE html>\n<html lang="de">'), args
    # the recap of a session played before the language was set is in it too; as the log
    # stood before it (`--as-of`), in English
    assert json.loads(runner("recap", "--json").stdout)["campaign"]["language"] == "de"
    earlier = runner("recap", "--as-of", str(seq), "--format", "html").stdout
    assert earlier.startswith('<!DOCTYPE html>\n<html lang="en">')
    printed = {}
    for name, args in (("recap", ("recap",)), ("arc", ("arc", "Linda")), ("book", ("book",))):
        target = tmp_path / f"{name}.pdf"
        runner(*args, "--format", "pdf", "-o", str(target))
        printed[name] = target.read_bytes()
        assert _lang(printed[name]) == "de", name
    assert _lang(first.read_bytes()) == "en"
    _served_in(runner.db, "de")
    runner("void", str(seq + 1), "--reason", "the table plays in English after all")
    again = tmp_path / "again.pdf"
    runner("recap", "--format", "pdf", "-o", str(again))
    assert _lang(again.read_bytes()) == "en"


def test_an_imported_language_must_be_a_tag_in_its_one_spelling(
    runner: Cli, tmp_path: Path
) -> None:
    worked_example(runner)
    runner("campaign", "language", "fr-CA")
    lines = runner("export").stdout.splitlines()
    kept = tmp_path / "kept.jsonl"
    kept.write_text("\n".join(lines) + "\n")
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    other("import", str(kept))
    assert other("recap", "--format", "html").stdout.startswith(
        '<!DOCTYPE html>\n<html lang="fr-CA">'
    )
    for tag in ("fr_ca", "FR-CA", "<script>", ""):
        last = json.loads(lines[-1])
        last.update(data={"language": tag}, hash=None, prev_hash=None)
        forged = [json.loads(line) for line in lines[:-1]] + [last]
        for line in forged:
            line.pop("hash", None)
            line.pop("prev_hash", None)
        bad = tmp_path / "bad.jsonl"
        bad.write_text("\n".join(json.dumps(line) for line in forged) + "\n")
        third = Cli(runner.runner, str(tmp_path / f"third-{len(tag)}.db"))
        error = third.refused("import", str(bad)).stderr
        assert error.startswith("Error: line 28: ") and "is not a language tag" in error


def _served_in(db: str, language: str) -> None:
    """The pages `journal serve` serves say the campaign's language too."""
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient
    from support.web import by_label, open_site

    from journal.web.app import create_app

    site = open_site(db)
    try:
        client = TestClient(create_app(site))
        for who in ("gm", "players", "Linda"):
            page = client.get(f"/{by_label(site)[who]}/").text
            assert page.startswith(f'<!DOCTYPE html>\n<html lang="{language}">'), who
    finally:
        site.database.close()
