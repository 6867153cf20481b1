"""What `Journal` (one campaign) gained for the CLI to print through the API only: the
character added as a document, the sheet as `character show` lists it, explain's text, a
receipt checked, the campaign's size and place, a `play` session's own writer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.api import store_of

import journal
import journal.api
from journal.api.commands import TakeNote
from journal.api.journal import Journal, NewCharacter, check_receipt
from journal.errors import JournalError, NotFound

SHEET = {"reaction": 12, "willpower": 9, "hardness": 1, "training": "professional"}


@pytest.fixture
def night(db_url: str) -> Iterator[Journal]:
    with journal.create(db_url, "night", "horror-factor", writer="gm@table") as opened:
        yield opened


def test_add_character_returns_what_was_recorded(night: Journal) -> None:
    added = night.add_character("Linda", SHEET)
    assert isinstance(added, NewCharacter)
    assert (added.seq, added.character, added.campaign) == (2, "Linda", "night")
    assert added.to_json() == {"seq": 2, "character": "Linda", "sheet": added.sheet}
    assert added.sheet["reaction"] == 12  # type: ignore[index]
    with pytest.raises(JournalError, match="Linda"):
        night.add_character("Linda", SHEET)  # a name is one character's
    assert night.count() == 2


def test_character_view_lists_the_numbers_as_show_prints_them(night: Journal) -> None:
    night.add_character("Linda", SHEET)
    view = night.character("Linda")
    shown = dict(view.shown)
    assert shown and "name" not in shown and "events" not in shown
    assert 12 in shown.values()  # the reaction, under the ruleset's label
    assert view.to_json()["name"] == "Linda"  # the JSON is unchanged by it
    with pytest.raises(NotFound):
        night.character("Nobody")


def test_explain_text_is_the_text_of_the_explanation(night: Journal) -> None:
    night.add_character("Linda", SHEET)
    text = night.explain_text(night.explain("Linda"))
    assert text.startswith("Linda")


def test_check_receipt_takes_a_receipt_and_refuses_anything_else(night: Journal) -> None:
    head = night.records()
    last = list(head)[-1]
    assert check_receipt(f"#{last.seq} {last.hash}") == f"#{last.seq} {last.hash}"
    with pytest.raises(ValueError):
        check_receipt("not a receipt")


def test_a_play_session_records_as_its_own_writer(night: Journal) -> None:
    assert night.writer == "gm@table"
    name = night.as_play_session()
    assert name.startswith("gm@table/play-") and night.writer == name
    outcome = night.run(TakeNote("typed at the table"))
    assert outcome.records[-1].writer == name
    assert night.describe() == store_of(night).describe()


def test_the_overview_is_the_campaign_at_a_glance(night: Journal) -> None:
    from journal.api.commands import RenameCharacter, StartSession
    from journal.api.journal import CampaignOverview

    night.add_character("Linda", SHEET)
    night.add_character("Tobais", SHEET)
    night.run(StartSession("The farm"))
    night.run(RenameCharacter("Tobais", "Tobias"))
    found = night.overview()
    assert isinstance(found, CampaignOverview)
    status = night.status()
    assert (found.campaign, found.ruleset, found.title, found.seq) == (
        status.campaign,
        status.ruleset,
        status.title,
        status.seq,
    )
    assert (found.session, found.sessions, found.clock) == (1, 1, status.clock)
    assert found.characters == ("Linda", "Tobias")  # names now, in the order they joined
    assert found.to_json()["characters"] == ["Linda", "Tobias"]
    assert night.known_name("tobais") == "Tobias"  # an old name, any case
    with pytest.raises(NotFound):
        night.known_name("Nobody")


def test_a_journal_hands_out_no_store_service_or_state(night: Journal) -> None:
    from architecture.test_public_types import api_modules, public_names

    from journal.api.database_level import Database

    for name in ("store", "service", "state"):
        assert not hasattr(night, name), name
        assert not hasattr(Database, name), name
    assert not [m for m in api_modules() if "unfit_names" in public_names(m)]


def test_what_a_command_hands_back_holds_no_state(night: Journal) -> None:
    from journal.api.commands import TakeNote

    outcome = night.run(TakeNote("The lights go out."))
    assert not hasattr(outcome, "state")
    assert outcome.lines() == [f"#{outcome.records[-1].seq} Note: The lights go out."]
    assert outcome.notices() == []
    planned = night.plan_rerule()
    assert not hasattr(planned, "state") and planned.seq == outcome.records[-1].seq


def test_watch_tells_of_another_writers_events(db_url: str) -> None:
    """`Database.watch` calls back at once, then when another connection appends, and
    returns once stopped."""
    import threading

    with journal.create(db_url, "night", "horror-factor") as night:
        told: list[int] = []
        stop = threading.Event()
        seen = threading.Event()

        def changed() -> None:
            told.append(night.head())
            if len(told) > 1 and told[-1] == 2:
                seen.set()

        database = journal.open_database(db_url)
        watcher = threading.Thread(
            target=database.watch, args=(stop, changed, print), kwargs={"poll": 0.01}
        )
        watcher.start()
        try:
            with journal.open(db_url) as other:  # another writer
                other.run(TakeNote("the lights go out"))
            assert seen.wait(10), told
        finally:
            stop.set()
            watcher.join(10)
            database.close()
        assert not watcher.is_alive()
        assert told[0] == 1  # told at once, before any change
