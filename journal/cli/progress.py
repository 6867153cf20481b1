"""Progress bars on a terminal for the commands that take a while: `audit`, `export` and
`import` over the log's events, the book over its recaps, arcs and chapters, a PDF over
its making and printing. On stderr, and only when stderr is a terminal: a pipe or a file
gets nothing of them."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import Any, TypeVar

import click

T = TypeVar("T")
#: a walk of the log shows its bar from this many events on (a shorter one is quick)
LONG_WALK = 2000


def _terminal() -> Any:
    """The terminal's own stream under the journal's filter, or None off a terminal."""
    if not sys.stderr.isatty():
        return None
    from journal.cli.terminal import unwrapped

    return unwrapped(sys.stderr)


def with_progress(items: Iterable[T], length: int, label: str) -> Iterator[T]:
    """A progress bar on stderr when it is a terminal and the job is long."""
    stream = _terminal() if length >= LONG_WALK else None
    if stream is None:
        yield from items
        return
    with click.progressbar(items, length=length, label=label, file=stream) as bar:
        yield from bar


class Bar:
    """A progress bar fed (steps done, steps in all) as the work goes (a handout's
    `progress`): shown from the first step on, at a terminal only, and taken down when
    the work ends (`with Bar("Making the book") as bar: journal.book_text(...,
    progress=bar)`)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._bar: Any = None
        self._stream = _terminal()

    def __enter__(self) -> Bar:
        return self

    def __call__(self, done: int, total: int) -> None:
        if self._stream is None or total <= 0:
            return
        if self._bar is None:
            self._bar = click.progressbar(
                length=total, label=self.label, file=self._stream, show_percent=True
            )
            self._bar.__enter__()
        self._bar.update(done - self._bar.pos)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.__exit__(kind, error, trace)
            self._bar = None
