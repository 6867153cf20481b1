"""The one way out to the terminal: while a command runs, standard output and standard
error pass through `Shown`, which prints control characters visibly (`journal.text.visible`)
and masks the password of any database URL, so nothing the journal prints (a note, a
name, a reason imported or typed by another writer) can move the cursor, retitle the
terminal or overwrite the line above. A command's `--json` document and `export`'s lines
are data and pass unchanged (`Settings.raw_output`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from journal.api.text import visible, without_passwords


class Shown:
    """A text stream that shows what it is given (no `buffer`: click writes text)."""

    def __init__(self, inner: TextIO, raw: Callable[[], bool]) -> None:
        self.inner = inner
        self.raw = raw

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("Shown takes text")
        if not self.raw():
            text = visible(without_passwords(text))
        return self.inner.write(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # click would write bytes there, past this filter
            raise AttributeError(name)
        return getattr(self.inner, name)


def unwrapped(stream: Any) -> Any:
    """The real stream under `Shown` (for prompt_toolkit and progress bars, which write
    their own escape sequences)."""
    while isinstance(stream, Shown):
        stream = stream.inner
    return stream


@contextmanager
def shown(raw: Callable[[], bool]) -> Iterator[None]:
    """Standard output and error shown visibly until the block ends (already so when a
    command runs inside `journal play`)."""
    if isinstance(sys.stdout, Shown):
        yield
        return
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Shown(out, raw), Shown(err, raw)
    try:
        yield
    finally:
        if isinstance(sys.stdout, Shown) and sys.stdout.inner is out:
            sys.stdout = out
        if isinstance(sys.stderr, Shown) and sys.stderr.inner is err:
            sys.stderr = err
