"""What a command says when something other than a refusal goes wrong: a full disk, a
name no file can have, a database that fails, or a bug (one `Error:` line, no traceback
without --debug)."""

from __future__ import annotations

import errno
import os
import sys

from journal.cli.settings import Settings
from journal.errors import JournalError

#: a full disk or quota, a file grown too big, a device failing
_OUTPUT_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def drop_stdout() -> None:
    """Send what is left of standard output nowhere: Python's flush at exit would fail
    again (a pipe closed, a disk full) and print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (click's test runner)
        pass


def output_failure(exc: Exception) -> JournalError | None:
    """Standard output that cannot take what the command prints (`> /dev/full`)."""
    if not isinstance(exc, OSError) or exc.filename is not None or exc.errno not in _OUTPUT_FULL:
        return None
    drop_stdout()
    return JournalError(f"cannot write the output: {exc.strerror}")


def name_failure(exc: Exception) -> JournalError | None:
    """A path no file can have (`--db`, `--templates`, `import FILE` of thousands of
    characters): the system refuses the name before it looks for the file."""
    if not isinstance(exc, OSError) or exc.errno != errno.ENAMETOOLONG:
        return None
    name = str(exc.filename or "")
    shown = name if len(name) <= 60 else f"{name[:40]}...{name[-10:]}"
    return JournalError(f"{shown!r} is too long for a file name: give a shorter path")


def database_failure(exc: Exception, settings: Settings | None) -> JournalError | None:
    """A failure of the database itself (locked past the timeout, read-only, a disk that
    fails, a server that went away), in the GM's words; None for anything else."""
    if "journal.api.database_level" not in sys.modules:
        return None  # no command opened a database
    from journal.api.database_level import failure_message

    found = failure_message(exc, settings.opened if settings is not None else None)
    return None if found is None else JournalError(found)


def first_line(exc: BaseException) -> str:
    """The failure's type and the first line of its words, any URL in them masked."""
    from journal.api.text import masked_urls

    first = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or [""])[0]
    return f"{type(exc).__name__}: {masked_urls(first)[:200]}"


def failure_text(exc: BaseException, settings: Settings | None) -> str:
    """What went wrong, as the `Error:` line of a command would say it (for `play`'s
    board, which must never fail)."""
    if isinstance(exc, JournalError):
        from journal.api.text import masked_urls

        return masked_urls(str(exc))
    if isinstance(exc, Exception):
        found = database_failure(exc, settings)
        if found is not None:
            return str(found)
    return first_line(exc)
