"""Property: a GM-only note never reaches a player handout, whatever the notes say."""

from __future__ import annotations

import html
import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from journal.cli.main import cli

CAST = ("Freddie", "Linda")
WORDS = st.text(
    alphabet=st.sampled_from(list("abcxyz <>&*_|`[]#-!\"'/\\")), min_size=0, max_size=12
)
NOTE = st.tuples(
    st.booleans(),  # gm only
    st.lists(st.sampled_from(CAST), unique=True, max_size=2),  # about
    WORDS,
    WORDS,
)


def _run(db: str, *args: str) -> str:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    assert result.exit_code == 0, (args, result.output, result.stderr)
    return result.stdout


def _words(text: str) -> str:
    """Only letters survive: escaping never hides a marker from this comparison."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(notes=st.lists(NOTE, min_size=1, max_size=6))
def test_gm_only_notes_never_reach_players(tmp_path_factory, notes) -> None:
    folder: Path = tmp_path_factory.mktemp("prop")
    db = str(folder / "journal.db")
    _run(db, "campaign", "new", "night", "--ruleset", "horror-factor")
    for name in CAST:
        _run(
            db,
            "character",
            "add",
            name,
            "--reaction",
            "10",
            "--willpower",
            "10",
            "--hardness",
            "0",
            "--training",
            "none",
        )
    _run(db, "session", "start", "One")
    secrets, public = [], []
    for i, (gm_only, about, before, after) in enumerate(notes):
        marker = f"{'secret' if gm_only else 'public'}{i}q"
        args = ["note"]
        if gm_only:
            args.append("--gm-only")
        if about:
            args += ["--about", ",".join(about)]
        _run(db, *args, "--", f"{before} {marker} {after}")
        (secrets if gm_only else public).append((marker, about))
    for audience in ("players", *CAST):
        for fmt in ("md", "html"):
            text = _run(db, "recap", "--for", audience, "--format", fmt)
            plain = _words(html.unescape(text))
            for marker, _ in secrets:
                assert _words(marker) not in plain, (audience, fmt, marker)
            for marker, about in public:
                if audience == "players" or not about or audience in about:
                    assert _words(marker) in plain, (audience, fmt, marker)
    gm = _words(_run(db, "recap", "--for", "gm"))
    assert all(_words(marker) in gm for marker, _ in secrets)
