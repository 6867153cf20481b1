"""A refusal for a missing part names the command that adds it, in the words of the way the
GM installed the journal (issue 43): pip, `uv tool install`, pipx, or the single file; and
PDF without Pango names the system's package for it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli

from journal import installation


@pytest.mark.parametrize(
    ("marker", "frozen", "expected"),
    [
        (None, False, "pip install 'horror-journal[serve]'"),
        ("uv-receipt.toml", False, "uv tool install 'horror-journal[serve]'"),
        ("pipx_metadata.json", False, "pipx install --force 'horror-journal[serve]'"),
        (None, True, "uv tool install 'horror-journal[serve]' (the single file holds serve"),
    ],
)
def test_the_command_that_adds_an_extra_follows_the_installer(
    marker: str | None,
    frozen: bool,
    expected: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if marker:
        (tmp_path / marker).write_text("")
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    monkeypatch.setattr(installation, "installed_extras", list)  # none of them yet
    if frozen:
        monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert installation.add_extra("serve").startswith(expected)


def test_the_command_keeps_the_extras_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """`uv tool install 'horror-journal[serve]'` would drop an installed `pdf`: the command
    names every extra this installation has, and the one it needs."""
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # serve is missing; pdf, postgres not
    assert installation.installed_extras() == ["pdf", "postgres"]
    assert installation.add_extra("serve") == "pip install 'horror-journal[pdf,postgres,serve]'"


def test_serve_without_its_extra_says_how_uv_adds_it(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner("import", str(WORKED_EXAMPLE))
    (tmp_path / "uv-receipt.toml").write_text("")
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert runner.refused("serve").stderr == (
        "Error: journal serve needs the serve extra: "
        "uv tool install 'horror-journal[pdf,postgres,serve]'\n"
    )


def test_pdf_without_pango_says_how_to_install_it(
    runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """WeasyPrint installed, Pango missing: its import raises OSError (cffi's dlopen)."""
    import builtins

    runner("import", str(WORKED_EXAMPLE))
    real_import = builtins.__import__

    def no_pango(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("weasyprint"):
            print("\n-----\n\nWeasyPrint could not import some external libraries.")
            raise OSError("cannot load library 'libpango-1.0-0': no such file")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.delitem(sys.modules, "weasyprint", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_pango)
    target = tmp_path / "r.pdf"
    refused = runner.refused("recap", "--format", "pdf", "-o", str(target))
    assert refused.stderr.startswith(
        "Error: PDF needs Pango, a library of the system, which does not load "
        "(cannot load library 'libpango-1.0-0': no such file): "
    )
    assert "sudo apt install libpango-1.0-0 libpangoft2-1.0-0" in refused.stderr
    assert "brew install pango" in refused.stderr
    assert refused.stdout == ""  # WeasyPrint's own page of advice is not shown
    assert not target.exists()


def test_postgres_without_its_driver_says_which_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    monkeypatch.setitem(sys.modules, "psycopg", None)
    url = "postgresql+psycopg://gm:secret@127.0.0.1:1/horror"
    refused = Cli(CliRunner(), url).refused("status")
    assert refused.stderr == (
        "Error: A PostgreSQL database needs the postgres extra: "
        "pip install 'horror-journal[pdf,postgres,serve]'\n"
    )
