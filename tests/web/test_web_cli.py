"""`journal links` and `journal serve` at the command line: the links of every audience,
a revoke, the secret kept out of the database and the export, the default bind (and what
another host prints), and refusals (no serve extra, a port in use, an unknown campaign)."""

from __future__ import annotations

import socket
import stat
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from support import WORKED_EXAMPLE

EXTRA = (
    "Error: journal serve needs the serve extra: pip install 'horror-journal[pdf,postgres,serve]'\n"
)


@pytest.fixture
def worked(runner):  # type: ignore[no-untyped-def]
    runner("import", str(WORKED_EXAMPLE))
    return runner


def test_links_lists_every_audience(worked, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    text = worked("links").stdout.splitlines()
    assert [line.split(":")[0] for line in text] == ["GM", "Players", "Freddie", "Ariella", "Linda"]
    document = worked.json("links", "--json", "--url", "http://192.168.1.20:8080")
    assert set(document) == {"gm", "players", "characters"}
    assert list(document["characters"]) == ["Freddie", "Ariella", "Linda"]
    assert document["gm"].startswith("http://192.168.1.20:8080/") and document["gm"].endswith("/")
    assert worked.json("links", "--json")["gm"].split("/")[-2] == document["gm"].split("/")[-2]
    kept = tmp_path / "config" / "journal" / "links.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    secret = kept.read_text()
    database = (tmp_path / "journal.db").read_bytes()
    exported = worked("export").stdout
    for token in [document["gm"], document["players"], *document["characters"].values()]:
        key = token.split("/")[-2]
        assert key.encode() not in database and key not in exported
    assert '"secret"' in secret


def test_a_rename_keeps_the_link_and_a_revoke_changes_only_one(worked) -> None:  # type: ignore[no-untyped-def]
    before = worked.json("links", "--json")
    worked("character", "rename", "Linda", "Lindy")
    after = worked.json("links", "--json")
    assert after["characters"]["Lindy"] == before["characters"]["Linda"]
    result = worked("links", "--revoke", "players")
    assert "Revoked the link of the players" in result.stderr
    revoked = worked.json("links", "--json")
    assert revoked["players"] != after["players"]
    assert revoked["gm"] == after["gm"] and revoked["characters"] == after["characters"]


class Captured:
    """uvicorn's Server.run, recording the sockets it was given instead of serving."""

    sockets: ClassVar[list[socket.socket]] = []

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        Captured.sockets = list(sockets or [])


def _serve(worked: Any, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[Any, str]:
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", Captured.run)
    result = worked("serve", "--port", "0", *args)
    (sock,) = Captured.sockets
    host = sock.getsockname()[0]
    sock.close()
    return result, host


def test_serve_binds_this_computer_only_unless_told(worked, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    result, host = _serve(worked, monkeypatch)
    assert host == "127.0.0.1"
    assert "Only this computer can open them" in result.stderr
    assert "Players: http://127.0.0.1:" in result.stdout and "█" not in result.stdout  # no QR
    assert "No QR code: these links name 127.0.0.1" in result.stdout
    result, host = _serve(worked, monkeypatch, "--host", "0.0.0.0")
    assert host == "0.0.0.0"
    assert "█" in result.stdout and "No QR code" not in result.stdout  # the players' QR
    assert "anyone on that network who has a link can read its pages" in result.stderr


def test_serve_answers_without_nagle(worked, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A response's headers and body are two writes: with Nagle on, the body waited for
    the ACK of the headers (~40 ms of a keep-alive request). asyncio turns Nagle off on an
    accepted socket whose proto says TCP; it inherits its listener's proto and option."""
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", Captured.run)
    worked("serve", "--port", "0")
    (listener,) = Captured.sockets
    with listener, socket.create_connection(listener.getsockname()[:2]):
        accepted, _ = listener.accept()
        with accepted:
            assert accepted.proto == socket.IPPROTO_TCP
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_serve_refusals(worked, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        refused = worked.refused("serve", "--port", port)
        assert refused.stderr.startswith("Error: cannot listen on 127.0.0.1:" + port)
    assert "no campaign 'nope'" in worked.refused("serve", "--campaign", "nope").stderr
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert worked.refused("serve").stderr == EXTRA


def test_serve_on_no_database_says_how_to_start(runner) -> None:  # type: ignore[no-untyped-def]
    refused = runner.refused("serve")
    assert refused.stderr.startswith("Error: ") and "Traceback" not in refused.stderr


def test_links_and_other_commands_import_no_web_stack(worked, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import subprocess

    db = str(tmp_path / "journal.db")
    probe = (
        "import sys\n"
        "from journal.cli.main import cli\n"
        "for args in (['links'], ['status'], ['serve', '--help']):\n"
        f"    try:\n        cli(['--db', {db!r}, *args], prog_name='journal')\n"
        "    except SystemExit:\n        pass\n"
        "web = ('starlette', 'uvicorn', 'segno', 'sse_starlette')\n"
        "print([m for m in web if m in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


def test_serve_on_a_journal_with_no_campaign_says_how_to_start(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from journal.store import Store

    with Store.open(str(tmp_path / "journal.db")) as store:
        store.ensure_schema()
    assert "no campaign in" in runner.refused("serve").stderr
