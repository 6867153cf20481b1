"""What a handout template may do: Jinja's sandbox, with numbers and repetitions bounded,
templates read from their own folder only, and any failure of a template said as one line
naming the template and its line.

An override folder (`--templates DIR`, or `templates/` beside a shared database) may hold
templates the GM did not write: they run in the sandbox (no attribute of Python's insides,
no file), cannot reach a file outside their folder through a link, and cannot make the
journal compute for ever.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, TemplateNotFound
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

from journal.errors import JournalError

#: what a template may build: a number of this many bits, a text or list of this length
LARGEST_NUMBER_BITS = 4096
LONGEST_REPEAT = 1_000_000


class TemplateProblem(JournalError):
    """A handout template failed to load or render (a typo, a forbidden access)."""


class FolderLoader(BaseLoader):
    """The templates of one override folder, never through a link leading out of it (a
    folder beside a shared database must not show the handout another file's text)."""

    def __init__(self, folder: str) -> None:
        self.folder = Path(folder).resolve()

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        if not path.is_file():
            raise TemplateNotFound(template)
        real = path.resolve()
        if not real.is_relative_to(self.folder):
            raise TemplateProblem(
                f"template {template} in {self.folder} links to {real}, outside that folder: "
                "copy the template into the folder instead"
            )
        contents = real.read_text(encoding="utf-8")
        mtime = real.stat().st_mtime

        def uptodate() -> bool:
            try:
                return path.resolve() == real and real.stat().st_mtime == mtime
            except OSError:
                return False

        return contents, str(path), uptodate


class HandoutSandbox(SandboxedEnvironment):
    """Jinja's sandbox, where a power or a repetition cannot grow without bound either
    (`{{ 9 ** 9 ** 9 }}` would run for ever)."""

    intercepted_binops = frozenset({"**", "*"})

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and _power_bits(left, right) > LARGEST_NUMBER_BITS:
            raise SecurityError(f"{left} ** {right} is too large a number for a handout")
        if operator == "*" and _repeated_length(left, right) > LONGEST_REPEAT:
            raise SecurityError("a text or list repeated that often is too long for a handout")
        return super().call_binop(context, operator, left, right)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _power_bits(base: Any, exponent: Any) -> int:
    """About how many bits `base ** exponent` has (0 when it is not a whole power)."""
    if not (_whole(base) and _whole(exponent)) or exponent <= 0 or abs(base) <= 1:
        return 0
    return int(exponent * abs(base).bit_length())


def _repeated_length(left: Any, right: Any) -> int:
    """The length of `text * count` or `list * count` (0 for a product of numbers)."""
    count, other = (left, right) if _whole(left) else (right, left)
    if not _whole(count) or not isinstance(other, str | list | tuple):
        return 0
    return int(count * len(other))


def template_line(exc: BaseException) -> str:
    """Where in a template the error happened (Jinja rewrites the traceback so that its
    frames are the template's lines), e.g. " at line 3 of recap.md.j2"."""
    lineno = getattr(exc, "lineno", None)  # a syntax error says where
    if lineno:
        name = getattr(exc, "name", None) or getattr(exc, "filename", None)
        return f" at line {lineno}" + (f" of {name}" if name else "")
    found = ""
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            found = f" at line {tb.tb_lineno} of {Path(filename).name}"
        tb = tb.tb_next
    return found
