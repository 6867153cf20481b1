"""Issue 29 (F3, F1): voiding the `CharacterAdded` of a character whose page stream is open
ends that stream cleanly at the next event (no traceback), and the link is then a 404."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli
from support.web import by_label, open_site, served

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")


def test_a_voided_characters_open_stream_ends_cleanly(
    runner: Cli, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    runner("import", str(WORKED_EXAMPLE))
    runner("character", "add", "Newt", *SHEET)
    site = open_site(str(tmp_path / "journal.db"))
    newt = by_label(site)["Newt"]
    added = site.head("jackson-zombies")
    try:
        with served(site) as base:
            parts = urlsplit(base)
            sock = socket.create_connection((parts.hostname, parts.port), 5)
            sock.sendall(
                f"GET /{newt}/events?view=&seq={added} HTTP/1.1\r\nHost: t\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            sock.settimeout(5)
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")
            time.sleep(0.3)
            runner("void", str(added), "--reason", "added by mistake")
            received = b""
            deadline = time.monotonic() + 5
            while not received.endswith(b"0\r\n\r\n") and time.monotonic() < deadline:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                received += chunk
            sock.close()
            assert received.endswith(b"0\r\n\r\n"), received  # the stream's clean end
            parts_ok = site.audience(newt) is None
            assert parts_ok
    finally:
        site.database.close()
    assert "Traceback" not in capfd.readouterr().err
