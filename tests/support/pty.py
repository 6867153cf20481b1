"""A `journal` process on a pseudo-terminal (pexpect), its screen kept by a terminal
emulator (pyte), for the tests of `journal play` and of dice asked for at a terminal.

Every wait is on what the screen shows (with a generous deadline), never a sleep: keys are
sent, then the test waits until the line under the cursor reads what the GM would see.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pexpect
import pyte

TIMEOUT = 30.0
#: a colour in an SGR sequence: 30-38, 40-48, 90-97, 100-107 (39/49 reset to default)
COLOUR = re.compile(r"\x1b\[(?:[0-9]*;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9]*)*m")


class Terminal:
    """`python -m journal ARGS...` (or `program ARGS...`, a built journal) on a terminal of
    `rows` x `columns` (wide: a typed line never wraps, so the line under the cursor is all
    of it). `clean`: the environment is `env` alone, nothing of this test run's."""

    def __init__(
        self,
        args: list[str],
        cwd: Path,
        env: dict[str, str] | None = None,
        rows: int = 40,
        columns: int = 200,
        program: Sequence[str] = (sys.executable, "-m", "journal"),
        clean: bool = False,
    ) -> None:
        environment = {
            k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_") and not clean
        }
        for inherited in ("NO_COLOR", "COLUMNS", "LINES"):  # the pty's size is the truth
            environment.pop(inherited, None)
        environment.update(
            {"TERM": "xterm-256color", "XDG_STATE_HOME": str(cwd / "state"), **(env or {})}
        )
        self.screen = pyte.HistoryScreen(columns, rows, history=5000)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn(
            program[0],
            [*program[1:], *args],
            cwd=str(cwd),
            env=environment,
            dimensions=(rows, columns),
        )
        self.child.delaybeforesend = None  # every wait is on the screen
        # answer prompt_toolkit's cursor position requests, as a real terminal does
        self.screen.write_process_input = lambda data: self.child.send(data.encode())  # type: ignore[method-assign]

    # --- reading the screen ---------------------------------------------------------------

    def pump(self, timeout: float = 0.2) -> None:
        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return
        self.raw += data
        self.stream.feed(data)

    def text(self) -> str:
        """All that was shown: the lines scrolled off the top, then the screen."""
        width = self.screen.columns
        gone = ["".join(line[x].data for x in range(width)) for line in self.screen.history.top]
        return "\n".join(line.rstrip() for line in [*gone, *self.screen.display]).strip("\n")

    @property
    def line(self) -> str:
        """The line under the cursor, as shown."""
        return self.screen.display[self.screen.cursor.y].rstrip()

    def wait(self, predicate: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline or (not self.child.isalive() and not self._more()):
                raise AssertionError(f"no {what} after {timeout}s; the screen:\n{self.text()}")
            self.pump()

    def _more(self) -> bool:
        before = len(self.raw)
        self.pump(0.05)
        return len(self.raw) > before

    def shows(self, text: str, timeout: float = TIMEOUT) -> None:
        self.wait(lambda: text in self.text(), repr(text), timeout)

    def at(self, line: str, timeout: float = TIMEOUT) -> None:
        """Wait until the line under the cursor reads `line` (trailing spaces aside)."""
        self.wait(lambda: self.line == line.rstrip(), f"line {line!r}", timeout)

    # --- typing -----------------------------------------------------------------------------

    def keys(self, keys: str, then: str) -> None:
        """Send `keys` and wait until the cursor's line reads `then`."""
        self.child.send(keys.encode())
        self.at(then)

    def finish(self, timeout: float = TIMEOUT) -> int:
        """Wait for the process to end; its exit status."""
        deadline = time.monotonic() + timeout
        while self.child.isalive():
            if time.monotonic() > deadline:
                self.child.terminate(force=True)
                raise AssertionError(f"still running after {timeout}s:\n{self.text()}")
            self.pump()
        while self._more():
            pass
        self.child.close()
        return int(self.child.exitstatus if self.child.exitstatus is not None else -1)

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


class Table(Terminal):
    """`journal play` at its prompt."""

    def __init__(
        self,
        db: str,
        cwd: Path,
        env: dict[str, str] | None = None,
        program: Sequence[str] = (sys.executable, "-m", "journal"),
        clean: bool = False,
        **size: int,
    ):
        super().__init__(["--db", db, "play"], cwd, env, program=program, clean=clean, **size)
        self.prompt = ""

    def started(self, slug: str) -> Table:
        self.prompt = f"{slug}> "
        self.at(self.prompt)
        return self

    def type(self, line: str, shown: str | None = None) -> None:
        """Type `line` (a Tab in it completes), check the prompt line reads `shown`, and
        press Enter."""
        self.keys(line, self.prompt + (shown if shown is not None else line))
        self.child.send(b"\r")

    def ready(self) -> None:
        """Wait for the next empty prompt."""
        self.at(self.prompt)

    def run(self, line: str, shown: str | None = None) -> None:
        """Type a command that asks nothing, and wait for the next prompt."""
        self.type(line, shown)
        self.ready()

    def answer(self, label: str, faces: str) -> None:
        """Answer a dice prompt that reads `label [Enter rolls]`."""
        asked = f"{label} [Enter rolls] "
        self.at(asked)
        self.keys(faces, asked + faces)
        self.child.send(b"\r")

    def board(self) -> str:
        """The board over the prompt: the lines between its rule and the cursor's line."""
        above = [line.rstrip() for line in self.screen.display[: self.screen.cursor.y]]
        rules = [i for i, line in enumerate(above) if line.startswith("───")]
        return "\n".join(above[rules[-1] + 1 :]) if rules else ""
