"""The handout leak property, extended to every HTTP response of the players' and the
characters' links (`journal serve`): for random logs of either ruleset (the stories of
`tests/handouts/test_handout_leak_property.py`: audience-named and look-alike names,
GM-only notes with unique markers, voided notes, fights with dice and terms, and here a
rename too), no page of those links shows a GM-only note, a voided event, a die, a term or
a GM-only mark; a character's pages hold no note about someone else only. The GM's copy,
served the same way, shows every marker: the property can fail. What a page's event
stream sends (its live part) is checked to be part of the page."""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
from handouts.test_handout_leak_property import (
    SHEETS,
    Story,
    assert_clean,
    stories,
    write,
)
from hypothesis import given
from support.api import on_file, random_logs, state_of
from support.web import open_site  # noqa: F401 - skips the module without the serve extra

from journal.api.database_level import Database
from journal.api.journal import Journal
from journal.errors import JournalError
from journal.rules.core.commands import RenameCharacter
from journal.rules.core.events import NoteTaken
from journal.web.site import Site

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from journal.web.app import create_app

EXAMPLES = max(4, int(os.environ.get("JOURNAL_LEAK_EXAMPLES", "25")) // 3)


@pytest.fixture(scope="module", autouse=True)
def _seeded() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("JOURNAL_DICE_SEED", "14")
        yield


def _pages(site: Site, token: str, sessions: int, names: list[str]) -> list[str]:
    audience = site.audience(token)
    assert audience is not None
    pages = ["", *(f"recap/{n}" for n in range(1, sessions + 1))]
    if audience.character is not None:
        return [*pages, "arc"]
    return [*pages, "table", "shelf", *(f"arc/{quote(n, safe='')}" for n in names)]


def _on_file(night: Journal, folder: Path) -> Database:
    """The story's in-memory database copied to a file (the server reads it from its own
    threads, each with a connection of its own)."""
    target = on_file(night, folder / f"story-{next(_numbers)}.db")
    return Database.open(str(target), create=False)


_numbers = itertools.count()


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_no_page_of_a_players_or_character_link_shows_gm_only_content(
    ruleset: str, tmp_path: Path
) -> None:
    seen: Counter[str] = Counter()
    folder = tmp_path

    @random_logs(EXAMPLES)
    @given(stories(ruleset))
    def property_holds(case: tuple[Story, list[tuple[str, int, int]]]) -> None:
        story, actions = case
        with write(story, actions) as night:
            old = story.names[0]
            renamed = {}
            try:
                night.run(RenameCharacter(old, f"{old} Jr"))
                renamed[old] = f"{old} Jr"
                seen["renames"] += 1
            except JournalError:
                pass
            state = state_of(night)
            names = list(state.characters)
            site = Site(_on_file(night, folder))
            client = TestClient(create_app(site))
            links = site.links(create=True)[night.campaign]
            public = [
                (record.payload.text, {renamed.get(n, n) for n in record.payload.about})
                for record in night.records()
                if isinstance(record.payload, NoteTaken)
                and not record.payload.gm_only
                and record.payload.about
                and record.seq not in state.voided
            ]
            for token, audience in links.items():
                paths = _pages(site, token, state.sessions, names) if not audience.gm else []
                for path in paths:
                    answer = client.get(f"/{token}/{path}")
                    what = f"{audience.label}: /{path}"
                    assert answer.status_code in (200, 404), (what, answer.status_code)
                    seen["responses"] += 1
                    assert_clean(answer.text, story, what)
                    if answer.status_code == 200:  # what its stream sends is part of it
                        assert site.page(audience, unquote(path)).live in answer.text, what
                    if audience.character is None:
                        continue
                    for text, about in public:
                        if audience.character not in about:
                            assert text not in answer.text, (what, text)
                            seen["others' notes"] += 1
                if audience.gm:
                    for number in range(1, state.sessions + 1):
                        copy = client.get(f"/{token}/recap/{number}").text
                        for marker in story.secrets.get(number, []):
                            assert marker in copy, (number, marker)  # the markers are real
            site.database.close()
            seen["logs"] += 1
            seen["secrets"] += sum(map(len, story.secrets.values()))
            seen["audience names"] += sum(n in ("GM", "gm", "Players") for n in names)

    property_holds()
    assert seen["logs"] == EXAMPLES, seen
    for what in ("secrets", "renames", "others' notes"):
        assert seen[what] >= 1, seen
    assert seen["responses"] >= 10 * EXAMPLES, seen
    print(f"{ruleset}: {dict(seen)}")
