"""`journal audit` goes on from the last clean audit: a checkpoint bound to the event it
ended at and to the code, never trusted as it stands (edited, of another history, of other
code), and set aside when a correction reaches back before it or `--full` is given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli

import journal
from journal.audit import checkpoint as checkpoints
from journal.audit import replay

RESUMED = "Went on from the clean audit through #"


@pytest.fixture
def zombies(runner: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    runner("import", str(WORKED_EXAMPLE))
    return runner


@pytest.fixture
def decided(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seqs of the rulings the audit decides again, as it decides them."""
    seqs: list[int] = []
    redecide = replay.redecide

    def counted(state, seq, payload, command, ruleset, box):  # type: ignore[no-untyped-def]
        seqs.append(seq)
        return redecide(state, seq, payload, command, ruleset, box)

    monkeypatch.setattr(replay, "redecide", counted)
    return seqs


def _file(tmp_path: Path) -> Path:
    (found,) = (tmp_path / "cache" / "journal" / "audits").iterdir()
    return found


def _more(cli: Cli) -> None:
    cli("note", "The cellar door is open")
    cli("clock", "advance", "2h")
    cli("note", "Linda hears scratching", "--about", "Linda")


def test_the_next_audit_decides_only_what_follows_the_last_clean_one(
    zombies: Cli, decided: list[int]
) -> None:
    first = zombies("audit")
    assert RESUMED not in first.stderr
    assert min(decided) == 2 and len(decided) == 26
    _more(zombies)
    decided.clear()
    again = zombies("audit")
    assert f"{RESUMED}27;" in again.stderr
    assert decided == [28, 29, 30]
    assert again.stdout == zombies("audit", "--full").stdout  # the same report, all counted
    assert "Audited 30 events, 29 rulings" in again.stdout
    decided.clear()
    assert zombies.json("audit") == zombies.json("audit", "--full")
    assert len(decided) == 29  # the resumed one decided nothing new, --full all 29


def test_full_decides_every_ruling_again(zombies: Cli, decided: list[int]) -> None:
    zombies("audit")
    _more(zombies)
    decided.clear()
    result = zombies("audit", "--full")
    assert RESUMED not in result.stderr and len(decided) == 29


def test_an_edited_checkpoint_is_not_trusted(
    zombies: Cli, decided: list[int], tmp_path: Path
) -> None:
    zombies("audit")
    path = _file(tmp_path)
    document = json.loads(path.read_text())
    document["rulings"] = 1  # the count, edited: its digest no longer holds
    path.write_text(json.dumps(document))
    _more(zombies)
    decided.clear()
    result = zombies("audit")
    assert RESUMED not in result.stderr and len(decided) == 29
    assert "Audited 30 events, 29 rulings" in result.stdout


def _forged(path: Path, **change: object) -> None:
    """The checkpoint rewritten with `change`, its digest made again (what a forger with
    the code can do: the binding to the events and the code still refuses it)."""
    found = checkpoints.parse(path.read_text())
    assert found is not None
    fields = {**found.__dict__, **change}
    path.write_text(checkpoints.Checkpoint(**fields).text())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"head_hash": "0" * 64},  # of another history
        {"seq": 40},  # ahead of the log
        {"code": "horror-factor:older+audit:older"},  # of other rules or audit code
        {"campaign": "another"},
    ],
)
def test_a_checkpoint_not_bound_to_this_log_and_code_is_not_trusted(
    zombies: Cli, decided: list[int], tmp_path: Path, change: dict[str, object]
) -> None:
    zombies("audit")
    _forged(_file(tmp_path), **change)
    _more(zombies)
    decided.clear()
    result = zombies("audit")
    assert RESUMED not in result.stderr and len(decided) == 29


def test_a_correction_reaching_back_before_the_checkpoint_audits_from_the_first_event(
    zombies: Cli, decided: list[int]
) -> None:
    """Ariella's freeze on turn 1 voided after a clean audit: the rulings it changes are
    before the checkpoint, and the audit finds them."""
    zombies("audit")
    log = zombies.json("log")
    assert isinstance(log, list)
    freeze = next(
        e["seq"]
        for e in log
        if e["type"] == "InitiativeRolled"
        and e["data"]["character"] == "Ariella"
        and e["data"]["turn"] == 1
    )
    zombies("void", str(freeze), "--reason", "rolled for the wrong player")
    decided.clear()
    result = zombies("audit", ok=False)
    assert result.exit_code == 1 and RESUMED not in result.stderr
    assert "total: recorded 5, the rules give 6" in result.stdout
    assert min(decided) < freeze


def test_a_what_if_neither_uses_nor_leaves_a_checkpoint(
    zombies: Cli, decided: list[int], tmp_path: Path
) -> None:
    zombies("audit", "--option", "exceptional_margin=4", ok=False)
    assert not (tmp_path / "cache" / "journal" / "audits").exists()
    zombies("audit")
    decided.clear()
    zombies("audit", "--option", "exceptional_margin=4", ok=False)
    assert len(decided) == 26


def test_the_api_says_where_the_audit_started(zombies: Cli) -> None:
    with journal.open(zombies.db) as campaign:
        assert campaign.audit().resumed_from is None
        assert campaign.audit().resumed_from == 27
        assert campaign.audit(full=True).resumed_from is None
