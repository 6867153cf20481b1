"""The journal as a GM installs it, run the way a GM runs it: a built wheel or the single
file, in a clean environment of its own (no JOURNAL_* settings, its own HOME and XDG
folders, its own PATH), with the helpers the install tests share: the distribution built
from this checkout, a page fetched from `journal serve`, and the files a run opened."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from ctypes.util import find_library
from dataclasses import dataclass
from pathlib import Path

from support import ROOT

#: the distribution's files: sdist and wheel, as `python -m build` names them
SDIST = "horror_journal-*.tar.gz"
WHEEL = "horror_journal-*-py3-none-any.whl"
#: every kind of file the journal reads as it runs, besides its code
DATA_SUFFIXES = (".j2", ".jsonl", ".css", ".js", ".html", ".txt", ".mako", ".toml")


def source_copy(target: Path) -> Path:
    """This checkout's files as git sees them (tracked, and new files not ignored), copied
    to `target`: what a clone holds, without the build's leftovers or a `.venv`."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def build_distribution(folder: Path) -> tuple[Path, Path]:
    """The sdist and the wheel, built from a copy of this checkout with `python -m build`
    (the wheel from the sdist, so the sdist is proved complete too); the copy is deleted
    afterwards, so nothing later can read the source."""
    source = source_copy(folder / "source")
    out = folder / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    shutil.rmtree(source)
    (sdist,), (wheel,) = sorted(out.glob(SDIST)), sorted(out.glob(WHEEL))
    return sdist, wheel


def clean_environment(home: Path, path: list[Path]) -> dict[str, str]:
    """A GM's shell, nothing of this test run's: HOME and the XDG folders under `home`,
    PATH only `path`, no PYTHON* variable, no JOURNAL_* setting, no virtual environment."""
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "HOME": str(home),
        "PATH": os.pathsep.join(str(p) for p in path),
        "LANG": "C.UTF-8",
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "TMPDIR": str(home / "tmp"),
    }
    (home / "tmp").mkdir(exist_ok=True)
    return env


#: the machine's own network settings (a proxy, its certificates, the package index), which
#: an installer needs to reach PyPI here as it does on the GM's machine
_NETWORK = re.compile(r"proxy|ssl_cert|_ca_|ca_bundle|cert|^pip_|^uv_", re.I)


def installer_environment(env: dict[str, str]) -> dict[str, str]:
    """`env`, with the machine's network settings an installer needs (never a JOURNAL_*
    or PYTHON* variable, nor this test run's virtual environment)."""
    network = {k: v for k, v in os.environ.items() if _NETWORK.search(k)}
    return {**network, **env}


def run(
    command: list[str], env: dict[str, str], cwd: Path, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    """`command` as the GM types it, in `cwd`, with no standard input."""
    return subprocess.run(
        command, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


def ok(command: list[str], env: dict[str, str], cwd: Path, timeout: float = 180) -> str:
    """What `command` prints, after it succeeded."""
    done = run(command, env, cwd, timeout)
    assert done.returncode == 0, f"{command}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def sandboxed(
    command: list[str], hidden: Sequence[Path], blanked: Sequence[Path] = ()
) -> list[str]:
    """`command`, run where each folder of `hidden` is an empty one and each file of
    `blanked` an empty file (a private mount namespace: root's `unshare`); nothing outside
    the command sees it."""
    mounts = [f"/bin/mount -t tmpfs journal-test {shlex.quote(str(p))}" for p in hidden]
    mounts += [f"/bin/mount --bind /dev/null {shlex.quote(str(p))}" for p in blanked]
    script = " && ".join([*mounts, 'exec "$@"'])
    return ["/usr/bin/unshare", "--mount", "/bin/sh", "-c", script, "sandbox", *command]


def can_sandbox() -> bool:
    """Whether this machine lets a test hide folders from a command (root, `unshare`)."""
    if not Path("/usr/bin/unshare").exists() or os.geteuid() != 0:
        return False
    probe = subprocess.run(sandboxed(["/bin/true"], [Path("/mnt")]), capture_output=True)
    return probe.returncode == 0


def pythons() -> list[Path]:
    """Where Python lives on this machine: its installations, this test run's environment
    and the checkout (whatever exists of them)."""
    candidates = {
        Path(sys.base_prefix), Path(sys.prefix), ROOT, Path("/usr/lib/python3"),
        *Path("/usr/lib").glob("python3.*"), *Path("/usr/local/lib").glob("python3.*"),
    }  # fmt: skip
    found = {p.resolve() for p in candidates if p.is_dir()}
    return sorted(p for p in found if not any(o in p.parents for o in found))  # outermost


def pango_loads() -> bool:
    """Whether this system has Pango for WeasyPrint (the pdf extra's printer)."""
    return bool(find_library("pango-1.0") and find_library("pangoft2-1.0"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Served:
    """What `journal serve` gave: the players' page and its stylesheet, and what the
    server printed until it stopped."""

    page: str
    stylesheet: str
    printed: str


def serve_a_page(journal: list[str], env: dict[str, str], cwd: Path) -> Served:
    """Start `journal serve` on a free port, fetch the players' page (and the stylesheet it
    links), then stop it with Ctrl-C (SIGINT) as a GM does."""
    port = free_port()
    server = subprocess.Popen(
        [*journal, "serve", "--port", str(port), "--qr", "none"],
        env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert server.stdout is not None
    printed = []
    try:
        deadline = time.monotonic() + 120
        while not any(line.startswith("Serving ") for line in printed):
            line = server.stdout.readline()
            assert line or server.poll() is None, "".join(printed)
            assert time.monotonic() < deadline, "".join(printed)
            printed.append(line)
        players = next(re.findall(r"https?://\S+", p)[0] for p in printed if "Players:" in p)
        page = _fetch(players)
        css = re.search(r'href="([^"]+\.css)"', page)
        assert css is not None, page[:2000]
        stylesheet = _fetch(urllib.request.urljoin(players, css.group(1)))
    finally:
        server.send_signal(signal.SIGINT)
        rest, _ = server.communicate(timeout=60)
    printed.append(rest)
    assert server.returncode == 0, "".join(printed)
    return Served(page, stylesheet, "".join(printed))


def _fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200, url
        return str(response.read().decode("utf-8"))


#: a `sitecustomize` that records every file the process opens (the `open` audit event),
#: written as JSON to a file of its own per process when it exits
_PROBE = """
import atexit, json, os, sys
_opened = []
def _hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes)):
        _opened.append(os.fsdecode(args[0]))
sys.addaudithook(_hook)
def _dump():
    path = os.path.join(os.environ["JOURNAL_TEST_OPENED"], f"{os.getpid()}.json")
    with open(path, "w") as out:
        json.dump([os.path.realpath(p) for p in _opened], out)
atexit.register(_dump)
"""


def opened_probe(folder: Path, env: dict[str, str]) -> dict[str, str]:
    """`env`, with Python made to record every file it opens into `folder` (read back by
    `opened_files`): a `sitecustomize` on PYTHONPATH, no package in its folder."""
    probe = folder / "probe"
    probe.mkdir(parents=True)
    (probe / "sitecustomize.py").write_text(_PROBE)
    (folder / "opened").mkdir()
    return {**env, "PYTHONPATH": str(probe), "JOURNAL_TEST_OPENED": str(folder / "opened")}


def opened_files(folder: Path) -> set[str]:
    """Every file the probed processes opened (real paths)."""
    found: set[str] = set()
    for record in (folder / "opened").glob("*.json"):
        found.update(json.loads(record.read_text()))
    return found
