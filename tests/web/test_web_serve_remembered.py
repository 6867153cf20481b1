"""Issue 30: `journal serve` remembers where it listens (a 0600 file beside the link
secret, gone when it stops) and `journal links` names that address; one QR code (the
players', on the network: none for a link only this computer opens) unless `--qr all`;
Ctrl-C, SIGTERM or a closed terminal stops it with one clean line and forgets it."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from support import WORKED_EXAMPLE


def _journal(db: Path, *args: str) -> str:
    return subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), "--no-input", *args],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout  # fmt: skip


def _serve(db: Path, *args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable, ["-m", "journal", "--db", str(db), "serve", "--port", "0", *args],
        encoding="utf-8", timeout=30, dimensions=(50, 120),
    )  # fmt: skip


def test_links_names_the_running_servers_port_and_ctrl_c_stops_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    _journal(db, "import", str(WORKED_EXAMPLE))
    assert ":8000/" in _journal(db, "links")  # no server: the default
    remembered = Path(os.environ["XDG_CONFIG_HOME"]) / "journal" / "serving.json"
    server = _serve(db)
    try:
        server.expect(r"Serving (http://127\.0\.0\.1:(\d+))/ - Ctrl-C stops\.")
        base = server.match.group(1)
        printed = server.before
        assert "No QR code" in printed and "█" not in printed  # 127.0.0.1: no phone's
        assert stat.S_IMODE(remembered.stat().st_mode) == 0o600
        links = _journal(db, "links")
        assert f"Players: {base}/" in links and ":8000/" not in links
        assert _journal(db, "links", "--url", "http://table.local:9").count("table.local:9") > 2
        server.sendintr()
        server.expect(rf"Stopped serving {re.escape(base)}/\.")
        server.expect(pexpect.EOF)
        assert "Aborted" not in server.before and "Traceback" not in server.before
    finally:
        server.close(force=True)
    assert not remembered.exists()
    assert ":8000/" in _journal(db, "links")


def test_on_the_network_one_qr_code_unless_qr_all(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    _journal(db, "import", str(WORKED_EXAMPLE))
    for asked, names in (((), ()), (("--qr", "all"), ("Freddie", "Ariella", "Linda"))):
        server = _serve(db, "--host", "0.0.0.0", *asked)
        try:
            server.expect("Serving http")
            printed = server.before
            assert "The players' link" in printed and "█" in printed
            assert printed.count("'s link:") == len(names)
            for name in names:
                assert f"{name}'s link:" in printed
            server.sendintr()
            server.expect(pexpect.EOF)
        finally:
            server.close(force=True)


def test_no_qr_code_for_a_link_a_phone_cannot_open(tmp_path: Path) -> None:
    """Issue 41, E16: `serve` printed a QR code for a 127.0.0.1 link, which a phone scans
    and cannot open. It says why there is none, and how to serve on the network."""
    db = tmp_path / "journal.db"
    _journal(db, "import", str(WORKED_EXAMPLE))
    for host in ("127.0.0.1", "localhost"):
        server = _serve(db, "--host", host, "--qr", "all")
        try:
            server.expect("Serving http")
            printed = " ".join(server.before.split())
            assert "█" not in printed and "'s link:" not in printed
            assert (
                f"No QR code: these links name {host}, which only this computer can open "
                "(a phone cannot). For phones: `journal serve --host 0.0.0.0` serves on your "
                "network"
            ) in printed
            server.sendintr()
            server.expect(pexpect.EOF)
        finally:
            server.close(force=True)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_every_way_the_server_stops_cleans_up(tmp_path: Path, stop: signal.Signals) -> None:
    """Issue 41, E16: `serving.json` stayed after a SIGTERM (uvicorn raises the signal
    again once it has shut down, and the default handler ended the process before its
    cleanup); the terminal closing (SIGHUP) left it too."""
    db = tmp_path / "journal.db"
    _journal(db, "import", str(WORKED_EXAMPLE))
    remembered = Path(os.environ["XDG_CONFIG_HOME"]) / "journal" / "serving.json"
    server = _serve(db)
    try:
        server.expect(r"Serving (http://127\.0\.0\.1:\d+)/ - Ctrl-C stops\.")
        base = server.match.group(1)
        assert remembered.exists() and base in _journal(db, "links")
        server.kill(stop)
        server.expect(rf"Stopped serving {re.escape(base)}/\.")
        server.expect(pexpect.EOF)
        assert "Traceback" not in server.before
        server.close()
        assert server.exitstatus == 0, (server.exitstatus, server.signalstatus)
    finally:
        server.close(force=True)
    assert not remembered.exists()
    assert ":8000/" in _journal(db, "links")
