"""How many of the commands a property generated the journal accepted.

A property over generated commands skips those the journal refuses (a random fight tries
many out of place). Were all of them refused (a strategy gone stale, a fixture that no
longer opens a session), the property would hold of nothing and still pass. So each such
property counts what it tried and what was accepted, by kind (`commands`, `voids`,
`amends`...), and states the share of each it needs (issue 47); `pytest -s` prints the
shares. The shares a property needs are set about half the shares it gets, so a run of
other examples passes while one that accepts few fails.

    TALLY = Accepted(commands=0.5, voids=0.2)
    _tallied = TALLY.fixture()  # each test of the module: counted, then checked after all
                                # its examples

    TALLY.count("voids", accepted)  # where the property runs a command of its own;
                                    # `support.api.recorded` counts its commands itself
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

#: the tallies counting what `support.api.recorded` records or is refused (`watching`)
_WATCHING: list[Accepted] = []


def counted(kind: str, accepted: bool) -> None:
    """A command of `kind` tried by a helper (`support.api.recorded`): counted by every
    tally watching that counts its kind."""
    for tally in _WATCHING:
        if kind in tally.at_least:
            tally.count(kind, accepted)


class Accepted:
    """What a property tried and what the journal accepted, by kind, against the share of
    each kind it needs."""

    def __init__(self, **at_least: float) -> None:
        assert at_least and all(0 < share <= 1 for share in at_least.values()), at_least
        self.at_least = at_least
        self.tried: Counter[str] = Counter()
        self.accepted: Counter[str] = Counter()

    def count(self, kind: str, accepted: bool) -> bool:
        """One command of `kind` tried; returns `accepted`."""
        assert kind in self.at_least, f"{kind!r} is not one of {sorted(self.at_least)}"
        self.tried[kind] += 1
        self.accepted[kind] += accepted
        return accepted

    def run(self, kind: str, attempt: Callable[[], object], refused: type[Exception]) -> bool:
        """`attempt()` counted as one command of `kind`: accepted unless it raises `refused`."""
        try:
            attempt()
        except refused:
            return self.count(kind, False)
        return self.count(kind, True)

    def share(self, kind: str) -> float:
        return self.accepted[kind] / self.tried[kind] if self.tried[kind] else 0.0

    def reset(self) -> None:
        self.tried.clear()
        self.accepted.clear()

    def __str__(self) -> str:
        return ", ".join(
            f"{kind} {self.accepted[kind]}/{self.tried[kind]} accepted ({self.share(kind):.0%}, "
            f"needs {need:.0%})"
            for kind, need in self.at_least.items()
        )

    def check(self) -> None:
        """Every kind was tried, and at least its share accepted."""
        print(f"\naccepted: {self}")
        short = [k for k, need in self.at_least.items() if self.share(k) < need]
        assert not short, f"too few generated commands accepted for the property: {self}"

    @contextmanager
    def watching(self) -> Iterator[Accepted]:
        """Count the commands `support.api.recorded` tries meanwhile (from zero)."""
        self.reset()
        _WATCHING.append(self)
        try:
            yield self
        finally:
            _WATCHING.remove(self)

    def fixture(self) -> Any:
        """A module's autouse fixture: each test watched (`watching`), and checked after it
        when it counted anything (after every example of a @given test)."""

        @pytest.fixture(autouse=True)
        def tallied() -> Iterator[Accepted]:
            with self.watching():
                yield self
            if self.tried:
                self.check()

        return tallied
