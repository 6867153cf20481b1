"""Issue 30: `journal serve` remembers where it listens (a 0600 file beside the link
secret, gone when it stops) and `journal links` names that address; one QR code (the
players') unless `--qr all`; Ctrl-C stops it with one clean line."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pexpect
from support import WORKED_EXAMPLE
from support.extras import needed

pytestmark = needed("serve")


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
        assert printed.count("link") == 1 and "The players' link" in printed  # one QR code
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


def test_qr_all_shows_each_characters_code_too(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    _journal(db, "import", str(WORKED_EXAMPLE))
    server = _serve(db, "--qr", "all")
    try:
        server.expect("Serving http")
        printed = server.before
        for name in ("Freddie", "Ariella", "Linda"):
            assert f"{name}'s link:" in printed
        server.sendintr()
        server.expect(pexpect.EOF)
    finally:
        server.close(force=True)
