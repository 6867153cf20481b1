"""How this journal was installed, so that a refusal for a missing part names the one
command that adds it: an extra (`serve`, `pdf`) through the installer the GM used, or
Pango, a library of the system that PDF printing needs."""

from __future__ import annotations

import sys
from pathlib import Path

#: the distribution's name on PyPI (the command and the package stay `journal`)
DISTRIBUTION = "horror-journal"

#: what makes Pango load, per system (WeasyPrint's own install notes)
PANGO = (
    "Debian, Ubuntu: sudo apt install libpango-1.0-0 libpangoft2-1.0-0; "
    "Fedora: sudo dnf install pango; macOS: brew install pango; "
    "Windows: install Pango with MSYS2"
)


def installer() -> str:
    """`one-file` (a single executable), `uv` (`uv tool install`), `pipx`, or `pip`."""
    if getattr(sys, "frozen", False):
        return "one-file"
    prefix = Path(sys.prefix)
    if (prefix / "uv-receipt.toml").is_file():
        return "uv"
    if (prefix / "pipx_metadata.json").is_file():
        return "pipx"
    return "pip"


#: a module each extra brings, to tell the extras this installation already has
EXTRAS = {"serve": "uvicorn", "pdf": "weasyprint", "postgres": "psycopg"}


def installed_extras() -> list[str]:
    """The extras whose libraries this installation holds (found, not imported)."""
    from importlib.util import find_spec

    found = []
    for extra, module in EXTRAS.items():
        try:
            if find_spec(module) is not None:
                found.append(extra)
        except (ImportError, ValueError):  # a module set aside (None in sys.modules)
            continue
    return found


def add_extra(extra: str) -> str:
    """The command that adds `extra` to this installation, keeping the extras it has."""
    extras = ",".join(sorted({extra, *installed_extras()}))
    wanted = f"'{DISTRIBUTION}[{extras}]'"
    return {
        "uv": f"uv tool install {wanted}",  # a changed requirement reinstalls the tool
        "pipx": f"pipx install --force {wanted}",
        # the single file holds `serve` and `pdf`; the rest needs an installation of Python's
        "one-file": f"uv tool install {wanted} (the single file holds serve and pdf only)",
    }.get(installer(), f"pip install {wanted}")


def needs_extra(what: str, extra: str) -> str:
    """`what` needs the extra `extra`, and the command that adds it."""
    return f"{what} needs the {extra} extra: {add_extra(extra)}"


def needs_pango(reason: object) -> str:
    """PDF printing found WeasyPrint but not Pango (`reason`, the loader's words)."""
    return f"PDF needs Pango, a library of the system, which does not load ({reason}): {PANGO}"
