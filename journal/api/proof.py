"""The proof checks the command line offers (`journal check-proof`, `journal verifier`):
they need no database and no campaign, so they live here, apart from `Journal`."""

from __future__ import annotations

from journal.merkle import ProofError
from journal.proof.check import Checked, check
from journal.proof.documents import ProofDocument, SessionHead
from journal.proof.tree import Head, HeadRef, parse_head
from journal.proof.verifier import page as verifier_page

__all__ = [
    "Checked",
    "Head",
    "HeadRef",
    "ProofDocument",
    "ProofError",
    "SessionHead",
    "check",
    "parse_head",
    "verifier_page",
]
