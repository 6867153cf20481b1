"""Receipts: `session end` prints the record's tree head (issue 40: the head every page
names), `verify` the head hash; `verify --head` takes either back in the form printed (a
tree head by its size and any 12 or more of its first digits; an older receipt's event
hash with or without its seq) and passes while the events it covered are all there,
whatever was added since."""

from __future__ import annotations

import json

import pytest
from support.cli import Cli


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("session", "start", "Arrival")
    runner("note", "The lights go out.")
    return runner


def test_session_end_prints_its_receipt(night: Cli) -> None:
    result = night("session", "end")
    root = night.json("heads")[0]["root"]  # type: ignore[index]
    assert result.stdout.splitlines() == [
        "#4 Session 1 ends",
        f"Receipt: Record #4 · {root[:16]}…  (#4 {root})",
    ]
    assert len(root) == 64
    night("session", "start", "Again")
    documents = json.loads(night("session", "end", "--json").stdout)
    assert "Receipt" not in json.dumps(documents)  # --json: the event's own hash is there
    assert documents[-1]["hash"] == night.json("verify")["head"]["hash"]  # type: ignore[index]


def test_verify_prints_the_head(night: Cli) -> None:
    head = night.json("log")[-1]  # type: ignore[index]
    assert f"Head: #3 {head['hash']}" in night("verify").stdout.splitlines()


def test_every_printed_form_of_a_receipt_checks_later(night: Cli) -> None:
    printed = night("session", "end").stdout.splitlines()[-1]
    root = printed.split()[-1].rstrip(")")
    chain = night.json("log")[-1]["hash"]  # type: ignore[index]  # an older receipt's
    night("session", "start", "The second night")
    night("note", "Something scratches at the door.")
    for receipt, kind in (
        (printed, "tree head"),
        (printed.removeprefix("Receipt: "), "tree head"),
        (printed.split("  ")[0], "tree head"),  # `Receipt: Record #4 · 16 digits…`
        (f"#4 {root}", "tree head"),
        (f"4 {root[:12]}", "tree head"),
        (f"#4 {root[:20].upper()}", "tree head"),
        (f"Receipt: #4 {chain}", "chain hash"),
        (f"4 {chain}", "chain hash"),
        (chain, "chain hash"),
        (chain[:12], "chain hash"),
    ):
        report = night.json("verify", "--head", receipt)
        assert isinstance(report, dict)
        assert report["ok"], receipt
        given = report["receipt"]["given"]
        assert report["receipt"] == {"given": given, "seq": 4, "kind": kind, "ok": True}
        assert report["checks"]["receipt"] is True
    text = night("verify", "--head", chain[:12]).stdout
    assert (
        f"Receipt {chain[:12]}: the hash of event 4 (a receipt of an older journal's `session "
        "end`); events 1 to 4 are all there, as they were."
    ) in text


@pytest.mark.parametrize("receipt", ["3f2a", "#4", "#4 zz2a9c41d0b7e3", "Receipt:", ""])
def test_what_is_not_a_receipt_is_a_usage_error(night: Cli, receipt: str) -> None:
    result = night("verify", "--head", receipt, ok=False)
    assert result.exit_code == 2
    assert "is not a receipt" in result.stderr and "Traceback" not in result.output


def test_a_receipt_of_another_campaign_does_not_check(night: Cli) -> None:
    digits = night.json("verify")["head"]["hash"]  # type: ignore[index]
    night("campaign", "new", "day", "--ruleset", "horror-factor")
    result = night("--campaign", "day", "verify", "--head", digits, ok=False)
    assert result.exit_code == 1
    assert f"BROKEN: no event of campaign 'day' has the hash {digits}" in result.stderr


def test_a_receipt_with_the_wrong_event_number_does_not_check(night: Cli) -> None:
    digits = night.json("verify")["head"]["hash"]  # type: ignore[index]
    result = night("verify", "--head", f"#2 {digits}", ok=False)
    assert (
        "BROKEN at event 2: neither the record's tree head at #2 nor the hash of event 2 is "
        "the receipt's"
    ) in result.stderr


def test_the_api_refuses_what_is_not_a_receipt(sqlite_url: str) -> None:
    import journal
    from journal.rules.core.commands import TakeNote

    journal.create(sqlite_url, "night", "horror-factor")
    with journal.open(sqlite_url) as night:
        night.run(TakeNote("The lights go out."))
        assert night.verify().ok
        with pytest.raises(ValueError, match="is not a receipt"):
            night.verify("3f2a")
        assert night.verify(night.verify().head_hash).receipt_seq == 2
