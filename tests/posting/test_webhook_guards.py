"""Issue 39's webhook rows: a webhook `--for NAME` follows that character's identity (D2)
through a rename and a newcomer who takes the old name, as links and secrets do; a URL
with whitespace or a control character is refused, and no error message ever shows a
webhook's token, the unexpected ones included (D1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli, count_events
from support.discord_standin import StandIn, discord_standin

TOKEN = "s3cr3t-t0ken"
COLE = "COLE-KNOWS-the-butler-did-it"
NEWCOMER = "NEWCOMER-KNOWS-the-cellar-key"
SHEET = ("--reaction", "12", "--willpower", "10", "--hardness", "2", "--training", "some")


@pytest.fixture
def standin():  # type: ignore[no-untyped-def]
    with discord_standin() as found:
        yield found


def _kept(tmp_path: Path) -> dict[str, object]:
    return json.loads((tmp_path / "config" / "journal" / "webhooks.json").read_text())


def _entries(tmp_path: Path) -> dict[str, dict[str, str]]:
    (campaigns,) = _kept(tmp_path).values()
    assert isinstance(campaigns, dict)
    return campaigns["manor"]  # type: ignore[no-any-return]


def _cole_and_a_newcomer(runner: Cli, standin: StandIn, *, newcomer: bool = True) -> None:
    """Cole learns a secret and gets a webhook; he becomes Colin; a newcomer named Cole
    learns another in the next session."""
    runner("campaign", "new", "manor", "--ruleset", "horror-factor")
    runner("character", "add", "Cole", *SHEET)
    runner("character", "add", "Ann", *SHEET)
    runner("webhook", "add", "coles-channel", standin.url, "--for", "Cole")
    runner("session", "start", "The manor")
    runner("note", COLE, "--for", "Cole")
    runner("session", "end")
    runner("character", "rename", "Cole", "Colin")
    if newcomer:
        runner("character", "add", "Cole", *SHEET)
    runner("session", "start", "The cellar")
    if newcomer:
        runner("note", NEWCOMER, "--for", "Cole")
    runner("note", "The cellar door is open.")
    runner("session", "end")


def test_a_webhook_follows_its_character_not_the_name(
    runner: Cli, standin: StandIn, tmp_path: Path
) -> None:
    _cole_and_a_newcomer(runner, standin)
    runner("post", "recap", "1", "--to", "coles-channel")
    runner("post", "recap", "2", "--to", "coles-channel")
    posted = "\n".join(standin.contents)
    assert NEWCOMER not in posted  # the newcomer's secret never reaches the old channel
    assert COLE in posted  # what Colin (once Cole) learnt does
    assert "The cellar door is open." in posted
    assert "Colin's handout" in posted
    assert _entries(tmp_path)["coles-channel"]["for"].startswith("character:")
    assert "coles-channel  for Colin  http://127.0.0.1:" in runner("webhook", "list").stdout
    # the newcomer's own webhook gets theirs and not Colin's
    runner("webhook", "add", "new-cole", standin.url, "--for", "Cole")
    before = len(standin.contents)
    runner("post", "recap", "2", "--to", "new-cole")
    theirs = "\n".join(standin.contents[before:])
    assert NEWCOMER in theirs and COLE not in theirs


def test_an_older_journals_webhook_is_bound_to_the_one_who_held_the_name(
    runner: Cli, standin: StandIn, tmp_path: Path
) -> None:
    _cole_and_a_newcomer(runner, standin, newcomer=False)
    path = tmp_path / "config" / "journal" / "webhooks.json"
    kept = _kept(tmp_path)
    (key,) = kept
    kept[key] = {"manor": {"coles-channel": {"url": standin.url, "for": "Cole"}}}  # the old way
    path.write_text(json.dumps(kept))
    runner("post", "recap", "1", "--to", "coles-channel")
    assert COLE in "\n".join(standin.contents)
    assert _entries(tmp_path)["coles-channel"]["for"].startswith("character:")  # bound now
    runner("character", "add", "Cole", *SHEET)  # a newcomer later: the binding holds
    runner("note", NEWCOMER, "--for", "Cole")
    runner("post", "recap", "2", "--to", "coles-channel", "--again")
    assert NEWCOMER not in "\n".join(standin.contents)


def test_an_older_journals_webhook_two_characters_were_named_for_is_refused(
    runner: Cli, standin: StandIn, tmp_path: Path
) -> None:
    _cole_and_a_newcomer(runner, standin)
    path = tmp_path / "config" / "journal" / "webhooks.json"
    kept = _kept(tmp_path)
    (key,) = kept
    kept[key] = {"manor": {"coles-channel": {"url": standin.url, "for": "Cole"}}}
    path.write_text(json.dumps(kept))
    events = count_events(runner.db)
    error = runner.refused("post", "recap", "2", "--to", "coles-channel").stderr
    assert "was added for 'Cole' by an older journal and 2 characters have been called" in error
    assert "now Colin" in error and "now Cole" in error and "webhook remove coles-channel" in error
    assert standin.seen == [] and count_events(runner.db) == events
    assert "coles-channel  for Cole (unbound" in runner("webhook", "list").stdout


@pytest.mark.parametrize(
    "url",
    [
        "https://discord.com/api/webhooks/1/TOKEN abc",
        "https://discord.com/api/webhooks/1/TOKEN\rabc",
        "https://discord.com/api/webhooks/1/TOKEN\nabc",
        "https://discord.com/api/webhooks/1/TOK\tEN",
        "https://discord.com/api/webhooks/1/TOK\x00EN",
        "https://discord.com/api/webhooks/1/TOK\u200bEN",
        "https://discord.com/api/webhooks/1/TOK\u00a0EN",
        "https://discord.com/api/webhooks/1/TOK\u2028EN",
    ],
)
def test_a_url_with_whitespace_or_a_control_character_is_refused(
    runner: Cli, url: str, tmp_path: Path
) -> None:
    runner("campaign", "new", "manor", "--ruleset", "horror-factor")
    result = runner.refused("webhook", "add", "t", url, "--for", "players")
    assert "TOK" not in result.output and "abc" not in result.output
    error = result.stderr
    assert error.startswith("Error: the URL https://discord.com/… holds ")
    assert "copy it again from Discord" in error
    assert not (tmp_path / "config" / "journal" / "webhooks.json").exists()


def test_an_older_journals_url_with_a_space_is_refused_without_its_token(
    runner: Cli, standin: StandIn, tmp_path: Path
) -> None:
    _cole_and_a_newcomer(runner, standin)
    kept = _kept(tmp_path)
    (key,) = kept
    broken = "https://discord.com/api/webhooks/1/TOKEN abc"
    kept[key] = {"manor": {"t": {"url": broken, "for": "players"}}}
    (tmp_path / "config" / "journal" / "webhooks.json").write_text(json.dumps(kept))
    error = runner.refused("post", "recap", "--to", "t").stderr
    assert error.startswith("Error: the URL of webhook 't' (https://discord.com/…) holds ")
    assert "TOKEN" not in error and "abc" not in error and "webhooks/1" not in error


def test_no_failure_while_posting_shows_the_token(
    runner: Cli, standin: StandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever fails while a webhook is in play (urllib's InvalidURL quotes the path, a bug
    may quote the URL whole), the message shows its host alone."""
    import http.client
    import urllib.request

    _cole_and_a_newcomer(runner, standin)
    runner("webhook", "add", "t", standin.url, "--for", "players")
    path = standin.url.split("127.0.0.1:")[1].split("/", 1)[1]
    failures: list[Exception] = [
        http.client.InvalidURL(f"URL can't contain control characters. '/{path}' (found ' ')"),
        ValueError(f"unknown url type: {standin.url}"),
        http.client.BadStatusLine(f"GET /{path}"),
        RuntimeError(f"boom at {standin.url}?wait=true"),
        KeyError(path),
        OSError(f"[Errno 5] {standin.url}"),
    ]
    for failure in failures:

        def fails(*args: object, failure: Exception = failure, **kwargs: object) -> object:
            raise failure

        monkeypatch.setattr(urllib.request, "urlopen", fails)
        result = runner.refused("post", "recap", "--to", "t")
        assert TOKEN not in result.output and "1234" not in result.output, result.output
        assert "http://127.0.0.1:" in result.stderr


def test_every_error_message_masks_every_url(runner: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The unexpected-failure line and a refusal, wherever they come from, show any URL by
    its host alone (the token of a webhook, the token of a served link)."""
    from journal.api.errors import JournalError

    runner("campaign", "new", "manor", "--ruleset", "horror-factor")
    url = f"https://discord.com/api/webhooks/1/{TOKEN}?wait=true"
    for failure in (RuntimeError(f"InvalidURL: {url}"), JournalError(f"refused {url} here")):

        def fails(*args: object, failure: Exception = failure, **kwargs: object) -> object:
            raise failure

        monkeypatch.setattr("journal.api.journal.Journal.status", fails)
        for as_json in ((), ("--json",)):
            result = runner("status", *as_json, ok=False)
            assert result.exit_code == 1 and TOKEN not in result.output, result.output
            assert "https://discord.com/…" in result.stderr, result.stderr
