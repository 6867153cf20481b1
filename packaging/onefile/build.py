"""Build the journal as one executable that needs no Python: `dist/onefile/journal` (on
Windows `journal.exe`), for the system and processor this runs on.

    python3 packaging/onefile/build.py            # Linux, macOS
    py packaging\\onefile\\build.py                 # Windows

It makes a fresh virtual environment under `build/onefile/`, installs the journal from
this checkout with the `serve` and `pdf` extras and PyInstaller, and has PyInstaller
freeze `main.py` into a single file with the journal's data (`hooks/`). Python, SQLite
and every library come inside; Pango (for PDF) is the system's. PyInstaller builds for the
machine it runs on: run this script on a Mac for the macOS file, on Windows for the
Windows one. It needs Python 3.11 or later and a package index (PyPI) to install from.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: PyInstaller: the release whose hook priorities let `hooks/` replace contributed hooks
PYINSTALLER = "pyinstaller>=6.10"
#: the libraries' symbols stripped on Linux (a smaller file, faster to unpack at each start);
#: PyInstaller advises against it on Windows, and macOS signs what it bundles
STRIP = ["--strip"] if sys.platform.startswith("linux") else []


def _python(environment: Path) -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return environment / scripts / ("python.exe" if os.name == "nt" else "python")


def _step(what: str, command: list[str], cwd: Path) -> None:
    print(f"+ {what}", flush=True)
    subprocess.run(command, check=True, cwd=cwd)


def build(out: Path, work: Path) -> Path:
    """The single file, built into `out` (the build's own files under `work`)."""
    if sys.version_info < (3, 11):
        raise SystemExit("Error: the build needs Python 3.11 or later")
    shutil.rmtree(work, ignore_errors=True)
    environment = work / "venv"
    venv.create(environment, with_pip=True, clear=True)
    python = str(_python(environment))
    _step(
        "install the journal (serve, pdf) and PyInstaller",
        [python, "-m", "pip", "install", "--quiet", f"{ROOT}[serve,pdf]", PYINSTALLER],
        work,
    )
    _step(
        "freeze it into one file",
        [python, "-m", "PyInstaller", "--onefile", "--name", "journal", "--noconfirm",
         "--log-level", "WARN", "--additional-hooks-dir", str(HERE / "hooks"),
         "--distpath", str(out), "--workpath", str(work / "pyinstaller"),
         "--specpath", str(work), *STRIP, str(HERE / "main.py")],
        work,  # never the checkout: there `import journal` would find its source, not the wheel's
    )  # fmt: skip
    built = out / ("journal.exe" if os.name == "nt" else "journal")
    if not built.is_file():
        raise SystemExit(f"Error: PyInstaller made no {built}")
    return built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "onefile",
                        help="where the executable goes (default dist/onefile)")  # fmt: skip
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "onefile",
                        help="the build's own files, made anew (default build/onefile)")  # fmt: skip
    args = parser.parse_args()
    started = time.monotonic()
    built = build(args.out.resolve(), args.work.resolve())
    size = built.stat().st_size / 2**20
    print(f"Built {built} ({size:.1f} MiB) in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
