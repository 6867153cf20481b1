"""`journal webhook` and `journal post` against a local Discord stand-in (loopback): the
webhooks kept private and masked, a long recap split in order within every limit, a 429
waited out, a refusal and an unreachable webhook one `Error:` line with nothing recorded,
a repost refused unless `--again`, and the audience filter on every webhook."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli, count_events
from support.discord_standin import StandIn, discord_standin, refusal
from support.evening import play_evening
from support.long_session import SECRET, forty_turns

from journal.posting.discord import for_discord

#: the record head a recap was made from (a post leaves it as it was, issue 41 E7:
#: tests/proof/test_one_head.py; the words are compared without it all the same)
HEAD = re.compile(
    r"Record #\d+ · [0-9a-f]{16}…\*\* · the whole head, for a proof: `#\d+ [0-9a-f]{64}`"
)


def _words(text: str) -> str:
    """`text`'s words in order, its record head left out."""
    return " ".join(HEAD.sub("HEAD", text).split())


def _posted(markdown: str) -> str:
    """The words of a handout as it is posted: in the Markdown Discord renders."""
    return _words(for_discord(markdown))


@pytest.fixture
def standin():  # type: ignore[no-untyped-def]
    with discord_standin() as found:
        yield found


def test_a_webhook_is_kept_private_and_masked(
    runner: Cli, standin: StandIn, tmp_path: Path
) -> None:
    forty_turns(runner)
    added = runner("webhook", "add", "table", standin.url, "--for", "players")
    assert "s3cr3t-t0ken" not in added.output and "1234" not in added.output
    assert (
        "Notice: http://127.0.0.1:" in added.stderr and "not Discord's https host" in added.stderr
    )
    assert (
        added.stdout
        == f"Added webhook table (http://{standin.url.split('/')[2]}/…) for the players\n"
    )
    runner("webhook", "add", "gm", standin.url, "--for", "gm", "--thread", "987")
    listed = runner("webhook", "list").output
    assert "table  for players" in listed and "gm  for gm" in listed and "thread 987" in listed
    assert "s3cr3t" not in listed
    kept = tmp_path / "config" / "journal" / "webhooks.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and "s3cr3t-t0ken" in kept.read_text()
    runner("post", "recap", "--to", "table")
    runner("post", "recap", "--to", "gm")
    assert standin.thread_ids()[-1] == ["987"]
    assert b"s3cr3t" not in (tmp_path / "journal.db").read_bytes()
    everything = runner("export").stdout + runner("log").stdout + runner("log", "--json").stdout
    assert "s3cr3t" not in everything and "127.0.0.1" not in everything
    removed = runner("webhook", "remove", "table")
    assert "s3cr3t" not in removed.output and "Removed webhook table" in removed.stdout
    assert "table" not in runner("webhook", "list").stdout


def test_webhook_refusals(runner: Cli, standin: StandIn) -> None:
    forty_turns(runner)
    for args, said in [
        (("ftp://example.org/x", "--for", "players"), "is not an http(s) URL"),
        (("not a url", "--for", "players"), "is not an http(s) URL"),
        ((standin.url, "--for", "Nobody"), "no audience 'Nobody'"),
        ((standin.url, "--for", "players", "--thread", "abc"), "is not a thread's ID"),
    ]:
        assert said in runner.refused("webhook", "add", "t", *args).stderr
    runner("webhook", "add", "t", standin.url, "--for", "Linda")
    assert (
        "already has a webhook 't'"
        in runner.refused("webhook", "add", "T", standin.url, "--for", "gm").stderr
    )
    assert "no webhook 'x'" in runner.refused("webhook", "remove", "x").stderr
    assert "no webhook 'x'" in runner.refused("post", "recap", "--to", "x").stderr
    https = runner(
        "webhook", "add", "real", "https://discord.com/api/webhooks/1/tok", "--for", "gm"
    )
    assert https.stderr == "" and "https://discord.com/…" in https.stdout


def test_a_forty_turn_recap_is_split_in_order_and_recorded(runner: Cli, standin: StandIn) -> None:
    forty_turns(runner)
    runner("webhook", "add", "table", standin.url, "--for", "players")
    events = count_events(runner.db)
    posted = runner("post", "recap", "1", "--to", "table")
    whole = runner("recap", "1").stdout.strip()
    assert len(whole) > 2000 and len(standin.taken) >= 2
    assert all(refusal(m) is None for _, m in standin.taken)
    assert all(len(c) <= 2000 for c in standin.contents)
    joined = _words(" ".join(standin.contents))
    assert joined == _posted(whole)  # every word, in order
    turns = [int(w[:-1]) for c in standin.contents for w in c.split() if w[:-1].isdigit()
             and w.endswith(":")]  # fmt: skip
    assert turns == list(range(1, 41))  # split in order: turn 1 first, turn 40 last
    assert all(m["allowed_mentions"] == {"parse": []} for _, m in standin.taken)
    assert count_events(runner.db) == events + 1
    assert f"posted to table ({len(standin.taken)} messages)" in posted.stdout
    log = runner("log", "--json").stdout
    assert '"HandoutPosted"' in log and "127.0.0.1" not in log and "s3cr3t" not in log
    # a second post says so and sends nothing; --again posts it again
    again = runner("post", "recap", "1", "--to", "table")
    assert again.stdout.startswith("Already posted: the recap of session 1 to table (#")
    assert count_events(runner.db) == events + 1 and len(standin.seen) == len(standin.taken)
    sent = len(standin.taken)
    runner("post", "recap", "1", "--to", "table", "--again")
    assert len(standin.taken) == 2 * sent and count_events(runner.db) == events + 2


def test_a_429_is_waited_out(runner: Cli, standin: StandIn) -> None:
    forty_turns(runner)
    runner("webhook", "add", "table", standin.url, "--for", "players")
    standin.answers.append((429, {"message": "You are being rate limited.", "retry_after": 0.05,
                                  "global": False}))  # fmt: skip
    runner("post", "recap", "--to", "table")
    assert standin.seen[0][0] == 429 and standin.seen[1][0] == 204
    assert standin.seen[0][1] == standin.seen[1][1]  # the same message, again
    assert _words(" ".join(standin.contents)) == _posted(runner("recap").stdout)


def test_a_refusal_or_no_answer_is_one_error_and_nothing_recorded(
    runner: Cli, standin: StandIn
) -> None:
    forty_turns(runner)
    runner("webhook", "add", "table", standin.url, "--for", "players")
    events = count_events(runner.db)
    standin.answers.append((500, {"message": "500: Internal Server Error", "code": 0}))
    error = runner.refused("post", "recap", "--to", "table").stderr
    assert error.startswith("Error: webhook 'table' (http://127.0.0.1:")
    assert "answered HTTP 500: 500: Internal Server Error; nothing was posted or recorded" in error
    assert "s3cr3t" not in error and count_events(runner.db) == events
    standin.answers.extend([(204, {}), (500, {"message": "boom"})])
    error = runner.refused("post", "recap", "--to", "table").stderr
    assert "1 message went through first, nothing was recorded" in error
    runner("webhook", "add", "gone", "http://127.0.0.1:9/api/webhooks/1/tok", "--for", "gm")
    error = runner.refused("post", "recap", "--to", "gone").stderr
    assert error.startswith("Error: cannot reach webhook 'gone' (http://127.0.0.1:9/…)")
    assert count_events(runner.db) == events


def test_each_webhook_gets_what_its_audience_may_read(runner: Cli, standin: StandIn) -> None:
    forty_turns(runner)
    runner("webhook", "add", "table", standin.url, "--for", "players")
    runner("webhook", "add", "linda", standin.url, "--for", "linda")
    runner("webhook", "add", "gm", standin.url, "--for", "gm")
    runner("post", "recap", "--to", "table")
    players = list(standin.contents)
    runner("post", "recap", "--to", "linda")
    linda = standin.contents[len(players) :]
    runner("post", "recap", "--to", "gm")
    gm = standin.contents[len(players) + len(linda) :]
    assert SECRET not in "".join(players) and SECRET not in "".join(linda)
    assert "".join(gm).count(SECRET) == 4
    for mine, audience in [(players, "players"), (linda, "Linda"), (gm, "gm")]:
        told = runner("recap", "--for", audience).stdout
        assert _words(" ".join(mine)) == _posted(told)


def test_on_session_end_posts_the_last_session_once_to_every_webhook(
    runner: Cli, standin: StandIn
) -> None:
    forty_turns(runner)
    runner("webhook", "add", "table", standin.url, "--for", "players")
    runner("webhook", "add", "gm", standin.url, "--for", "gm")
    first = runner("post", "--on-session-end")
    assert first.stdout.count("The recap of session 1 is posted to") == 2
    taken = len(standin.taken)
    second = runner("post", "--on-session-end")
    assert second.stdout.count("Already posted") == 2 and len(standin.taken) == taken
    runner("session", "start", "Morning")
    runner("note", "Dawn comes.")
    third = runner("post", "--on-session-end")  # session 2 is still open
    assert third.stdout.count("Already posted: the recap of session 1") == 2
    runner("session", "end")
    fourth = runner("post", "--on-session-end")
    assert fourth.stdout.count("The recap of session 2 is posted to") == 2
    assert "Dawn comes." in standin.contents[-1]


#: what Discord shows as typed rather than rendering it: a table row or separator, a rule,
#: a heading deeper than `###`
SHOWN_AS_TYPED = re.compile(r"^(\|.*|\s*:?-{3,}:?\s*\|.*|\s*([-*_])( *\2){2,}\s*|#{4,} .*)$", re.M)


def test_a_post_is_in_the_markdown_discord_renders(runner: Cli, standin: StandIn) -> None:
    """Issue 41, E6: the GM's evening posted to Discord showed its pipe tables and the
    `---` rule as typed. Each outcome and standing row is a list item, its character in
    bold and each cell named by its column; the HF turn tables too (`#### Turn 1` bold)."""
    play_evening(runner)
    runner("webhook", "add", "table", standin.url, "--for", "players")
    runner("webhook", "add", "gm", standin.url, "--for", "gm")
    runner("post", "recap", "1", "--to", "table")
    players = "\n\n".join(standin.contents)
    runner("post", "recap", "1", "--to", "gm")
    gm = "\n\n".join(standin.contents)[len(players) :]
    for posted in (players, gm):
        assert SHOWN_AS_TYPED.findall(posted) == []
        assert "## Outcomes" in posted and "## Where everyone stands" in posted
    assert (
        "- **Priya** — Threat: nurse · Result: critical failure by 4 · Effects: stun 2 "
        "seconds, then modified Will every second" in players
    )
    assert "- **Cole** — Will / HT / IQ: 10 / 10 / 12 · HP / FP: 10 of 10 / 10 of 10; faint" in (
        players
    )
    assert "· Row: 17 · Effects: faint 1 minute (1d: 1)" in gm
    assert "\\[veiled: self-harm\\] The patient's arms are scarred." in gm
    # the Horror Factor turn tables of the worked example read as Discord renders them too
    hf = runner.db.replace(".db", "-hf.db")
    runner("--db", hf, "import", str(WORKED_EXAMPLE))
    told = for_discord(runner("--db", hf, "recap", "--for", "gm").stdout)
    assert SHOWN_AS_TYPED.findall(told) == []
    assert "**Turn 1**" in told
    assert "- **Ariella** — HF: 7 · Initiative: -4 · Acted?: **froze**" in told
