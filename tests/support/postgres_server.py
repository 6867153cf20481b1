"""A throwaway PostgreSQL server for the tests, when no JOURNAL_TEST_POSTGRES_URL is set.

Started on the first PostgreSQL test of a test process (each xdist worker has its own),
on a free loopback port with its data in a temporary folder, and stopped when the process
ends. PostgreSQL refuses to run as root; as root (the machine and CI), the server runs as
the `postgres` user through `runuser`, as `.ci/run` did. When it cannot be started, the
reason is one line and the PostgreSQL tests are skipped with it.

(pytest-postgresql starts its server with pg_ctl as the current user, which fails as root:
hence these few lines instead.)
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from functools import cache
from pathlib import Path

#: the user PostgreSQL runs as when the tests run as root
SERVER_USER = "postgres"


class NoServer(Exception):
    """Why no throwaway server could be started (one line)."""


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl: on PATH, else Debian's newest /usr/lib/postgresql."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    folders = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda f: int(f.split("/")[-2] or 0)
    )
    for folder in reversed(folders):
        if os.access(f"{folder}/initdb", os.X_OK) and os.access(f"{folder}/pg_ctl", os.X_OK):
            return Path(folder)
    return None


@cache
def throwaway_url() -> str:
    """The admin URL of this process's throwaway server (started on first call)."""
    folder = binaries()
    if folder is None:
        raise NoServer(
            "PostgreSQL tests need JOURNAL_TEST_POSTGRES_URL or PostgreSQL's binaries "
            "(initdb, pg_ctl; e.g. apt install postgresql)"
        )
    prefix: list[str] = []
    owner: int | None = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam(SERVER_USER).pw_uid
        except KeyError:
            raise NoServer(
                f"PostgreSQL refuses to run as root and there is no {SERVER_USER!r} user "
                "to run it as: set JOURNAL_TEST_POSTGRES_URL"
            ) from None
        prefix = ["runuser", "-u", SERVER_USER, "--"]
    root = Path(tempfile.mkdtemp(prefix="journal-test-pg-"))
    root.chmod(0o755)
    if owner is not None:
        os.chown(root, owner, -1)
    data = root / "data"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    def run(*command: str) -> None:
        done = subprocess.run(
            [*prefix, *command], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            shutil.rmtree(root, ignore_errors=True)
            last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            raise NoServer(f"could not start a throwaway PostgreSQL: {last[0]}")

    run(str(folder / "initdb"), "-D", str(data), "-A", "trust", "-U", "journal", "-N")
    options = (
        f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    run(str(folder / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"), "-w",
        "-o", options, "start")  # fmt: skip

    def stop() -> None:
        subprocess.run(
            [*prefix, str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True, timeout=60, check=False,
        )  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)

    atexit.register(stop)
    return f"postgresql+psycopg://journal@127.0.0.1:{port}/postgres"
