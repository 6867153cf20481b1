"""The transcripts of the README and the manual's pages (docs/*.md): the `$ journal ...`
steps of a section's first ```text block, typed as shown, each printing what the page shows
after it. `JOURNAL_UPDATE_README=1` writes what the journal prints now into the page
instead of comparing."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from support import ROOT
from support.cli import Cli

README = "README.md"
#: a step's words (after `journal`) typed with a runner: what it shows
Shown = Callable[[Cli, Sequence[str]], str]


def page_text(page: str = README) -> str:
    """The text of a page: `README.md`, or a page of the manual such as `docs/play.md`."""
    return (ROOT / page).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Section:
    page: str
    heading: str
    head: str
    before: str
    transcript: str
    after: str

    @classmethod
    def of(cls, heading: str, page: str = README) -> Section:
        """The section under `heading` of `page` (README.md, or docs/NAME.md)."""
        head, rest = page_text(page).split(heading, 1)
        before, block = rest.split("```text\n", 1)
        transcript, after = block.split("```", 1)
        return cls(page, heading, head, before, transcript, after)

    @property
    def steps(self) -> list[tuple[str, str]]:
        """Each step's command line and what the README shows after it."""
        return [
            (command, expected)
            for command, _, expected in (
                step.partition("\n") for step in re.split(r"^\$ ", self.transcript, flags=re.M)[1:]
            )
        ]

    def rewrite(self, printed: str) -> None:
        text = f"{self.head}{self.heading}{self.before}```text\n{printed}```{self.after}"
        (ROOT / self.page).write_text(text, encoding="utf-8")


def as_typed(runner: Cli, words: Sequence[str]) -> str:
    """What a step prints on stdout, its database path as the README's reader typed it."""
    return runner(*words).stdout.replace(runner.db, Path(runner.db).name)


def exported(runner: Cli, command: str) -> Cli:
    """`export JOURNAL_DB=night.db`: the commands after it use that database, beside."""
    name, _, value = command.removeprefix("export ").partition("=")
    assert name == "JOURNAL_DB", command
    return Cli(runner.runner, str(Path(runner.db).parent / value))


def type_section(
    heading: str,
    runner: Cli,
    *,
    shown: Shown = as_typed,
    same: Callable[[str], str] = str.strip,
    at_least: int = 1,
    page: str = README,
) -> Cli:
    """Type the transcript under `heading` of `page` with `runner`; each step must show
    (`shown`) what the page shows, compared as `same` makes them. The runner after the last
    step (an `export JOURNAL_DB=` step switches databases)."""
    section = Section.of(heading, page)
    assert len(section.steps) >= at_least, heading
    updating = bool(os.environ.get("JOURNAL_UPDATE_README"))
    printed = []
    for command, expected in section.steps:
        if command.startswith("export "):
            runner = exported(runner, command)
            printed.append(f"$ {command}\n")
            continue
        words = shlex.split(command)
        assert words[0] == "journal", command
        output = shown(runner, words[1:])
        printed.append(f"$ {command}\n{output}")
        if not updating:
            assert same(output) == same(expected), command
    if updating:
        section.rewrite("".join(printed))
    return runner


def section(heading: str, page: str = README) -> str:
    """The text under `heading` of `page`, to the next heading of its level or above."""
    level = len(heading.split(" ", 1)[0])
    rest = page_text(page).split(f"\n{heading}\n", 1)[1]
    ends = re.search(rf"^#{{1,{level}}} ", rest, flags=re.M)
    return rest[: ends.start()] if ends else rest
