"""The verifier: one self-contained HTML file (`journal verifier -o check.html`, and
`/verifier` on `journal serve`) that checks a proof in the browser, offline, with the
browser's own SHA-256 (WebCrypto): no network, no library."""

from __future__ import annotations

from importlib.resources import files


def page() -> str:
    return files("journal.proof").joinpath("verifier.html").read_text(encoding="utf-8")
