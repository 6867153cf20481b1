"""Property: a GM-only note never reaches a player handout, whatever the notes say.

Run through the API (`journal.create`, `Journal.recap_text`): the CLI's `recap` is a thin
layer over the same call, tested on its own in test_handout_recap.py."""

from __future__ import annotations

import html
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import journal
from journal.rules.core.commands import AddCharacter, StartSession, TakeNote

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


def _words(text: str) -> str:
    """Only letters survive: escaping never hides a marker from this comparison."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(notes=st.lists(NOTE, min_size=1, max_size=6))
def test_gm_only_notes_never_reach_players(tmp_path_factory, notes) -> None:
    folder: Path = tmp_path_factory.mktemp("prop")
    sheet = {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}
    with journal.create(str(folder / "journal.db"), "night", "horror-factor") as night:
        for name in CAST:
            night.run(AddCharacter(name, sheet))
        night.run(StartSession("One"))
        secrets, public = [], []
        for i, (gm_only, about, before, after) in enumerate(notes):
            marker = f"{'secret' if gm_only else 'public'}{i}q"
            night.run(TakeNote(f"{before} {marker} {after}", gm_only, tuple(about)))
            (secrets if gm_only else public).append((marker, about))
        for audience in ("players", *CAST):
            for fmt in ("md", "html"):
                plain = _words(html.unescape(night.recap_text(None, audience, fmt)))
                for marker, _ in secrets:
                    assert _words(marker) not in plain, (audience, fmt, marker)
                for marker, about in public:
                    if audience == "players" or not about or audience in about:
                        assert _words(marker) in plain, (audience, fmt, marker)
        gm = _words(night.recap_text(None, "gm"))
        assert all(_words(marker) in gm for marker, _ in secrets)
