"""Shared pieces of the commands: options, output (text or --json, every JSON document
printed by `emit_json`), small parsers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from journal.cli.settings import Settings, fail, json_flag, settings_of
from journal.documents import Document

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from journal.api.commands import Command
    from journal.api.journal import Outcome
    from journal.api.rulesets import Ruleset

Completer = Callable[[click.Context, click.Parameter, str], "list[CompletionItem]"]

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


pass_settings = click.make_pass_decorator(Settings)


def json_option(fn: F) -> F:
    flag = json_flag()
    return click.option(
        *flag.opts, flag.name, is_flag=True, callback=flag.callback, help=flag.help
    )(fn)


def complete(slot: str, *, listed: bool = False) -> Completer:
    """A `shell_complete` callback: what the campaign knows for `slot` (`Journal.choices`:
    "character" with a running fight's cast first, "audience", "told", "session",
    "secret", "event", "ruling", or a slot of the ruleset's commands), matching what was
    typed so far regardless of case, each with a few words of what it is (the menu's
    help); `listed` completes after the last comma of `A,B` (names already listed are not
    offered again). The `play` prompt and bash, zsh and fish complete through it alike."""

    def callback(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        head, comma, last = incomplete.rpartition(",") if listed else ("", "", incomplete)
        taken = {n.strip().casefold() for n in head.split(",")} if comma else set()
        return [
            CompletionItem(head + comma + value, help=words or None)
            for value, words in known_choices(ctx, slot, last.strip())
            if value.casefold() not in taken
        ]

    return callback


def known_choices(ctx: click.Context, slot: str, typed: str = "") -> list[tuple[str, str]]:
    """What the campaign knows for `slot` beginning with `typed`, each with its few words;
    nothing when it cannot be opened (completion never fails loudly)."""
    settings = settings_of(ctx)
    try:
        with ctx.scope():  # a shell's completion process closes the database it opened
            return [(c.value, c.words) for c in settings.journal().choices(slot, typed)]
    except Exception:
        return []


class FilePath(click.Path):
    """click's Path, where a name holding a NUL character (no file's can) is a usage error
    like any other, not a failure of the check for the file."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and "\x00" in value:
            self.fail(f"{value!r} cannot be a file name (it holds a NUL character)", param, ctx)
        return super().convert(value, param, ctx)


def journal_files(settings: Settings) -> list[Path]:
    """The files of the journal's SQLite database, through any link: the file itself and
    its `-wal`, `-shm` and `-journal` (for a link, both the link's and the real file's)."""
    from journal.api.files import real_target

    database = settings.database().sqlite_path
    if database is None:
        return []
    given = Path(database).expanduser()
    names = {given.absolute(), real_target(given)}
    return [
        Path(f"{name}{suffix}") for name in names for suffix in ("", "-wal", "-shm", "-journal")
    ]


def refuse_writing_over_the_journal(settings: Settings, output: str | None) -> None:
    """`-o FILE` never names the journal's own database or its -wal, -shm and -journal
    files, whatever links lead there: writing a handout or an export there would lose
    the journal."""
    from journal.api.files import real_target

    if output is None:
        return
    target = Path(output).expanduser()
    real = real_target(target)
    for own in journal_files(settings):
        try:
            same = real == real_target(own) or (
                real.exists() and own.exists() and os.path.samefile(real, own)
            )
        except (OSError, ValueError):
            continue
        if same:
            fail(f"-o {output} is the journal's own database ({own.name}): write to another file")


def as_of_options(fn: F) -> F:
    """`--as-of SEQ` and `--as-of-session N`: look back in time."""
    fn = click.option(
        "--as-of-session",
        type=click.IntRange(min=1),
        metavar="N",
        help="As it stood at the end of session N.",
        shell_complete=complete("session"),
    )(fn)
    return click.option(
        "--as-of",
        type=click.IntRange(min=1),
        metavar="SEQ",
        help="As it stood after event SEQ.",
        shell_complete=complete("event"),
    )(fn)


def emit_json(document: Document | object, *, err: bool = False, compact: bool = False) -> None:
    """Print a document's JSON form (`to_json()`), as every `--json` prints it (`compact`:
    on one line, as a refusal is printed on standard error)."""
    import json

    data = document.to_json() if isinstance(document, Document) else document
    indent = None if compact else 2
    click.echo(json.dumps(data, indent=indent, ensure_ascii=False, default=str), err=err)


def run_and_show(
    settings: Settings,
    command: Command,
    as_json: bool,
    dice: Mapping[str, Sequence[int]] | None = None,
    dice_flags: Mapping[str, str] | None = None,
    sealed: bool = False,
) -> Outcome:
    """Run a command through the API; print each event's line, or its `--json` document
    (`sealed`: its dice rolled behind the screen)."""
    outcome = settings.journal().run(
        command, dice, dice_flags, settings.dice_asker(), sealed=sealed
    )
    if as_json:
        emit_json(outcome.document())
    else:
        for line in outcome.lines():
            click.echo(line)
    for notice in outcome.notices():
        click.echo(f"Notice: {notice}", err=True)
    if any(r.session is None and r.type not in SETTING_UP for r in outcome.records):
        click.echo(
            "(No session is running: this shows in the next session's recap, "
            'under "Since last time".)',
            err=True,
        )
    return outcome


#: what happens outside sessions as a matter of course (no notice when it does)
SETTING_UP = frozenset(
    {
        "CampaignCreated",
        "CharacterAdded",
        "CharacterRenamed",
        "CharacterRetired",
        "SessionStarted",
        "SessionEnded",
        "ClockSet",
        "ClockAdvanced",
        "EventVoided",
        "RulingAmended",
        "HandoutPosted",
        "LanguageSet",
    }
)


def split_names(values: Iterable[str]) -> tuple[str, ...]:
    """`--cast A,B --cast C` as ("A", "B", "C")."""
    names = [n.strip() for v in values for n in v.split(",")]
    return tuple(n for n in names if n)


def key_values(pairs: Iterable[str], what: str) -> dict[str, str]:
    """`K=V` options as a mapping, refusing anything else."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"{what} {pair!r} is not KEY=VALUE")
        result[key.strip()] = value.strip()
    return result


def whole_number(text: str, what: str) -> int:
    """A whole number in ASCII digits (`١٢` and `1_0` are not)."""
    from journal.api.text import signed

    number = signed(text)
    if number is None:
        fail(f"{what} must be a whole number in the digits 0-9, not {text!r}")
    return number


def by_owner(
    scope: Sequence[Ruleset], items: Callable[[Ruleset], Iterable[tuple[str, T]]]
) -> dict[str, tuple[Ruleset, T]]:
    """What every installed ruleset brings to a command (its sheet options, its adjustable
    numbers), by name and with the ruleset it came from: the scope's rulesets first, so a
    name two rulesets share is the campaign's. Another ruleset's are accepted by the
    command only to be refused by name (`refuse_others`)."""
    from journal.api.rulesets import installed

    found: dict[str, tuple[Ruleset, T]] = {}
    for ruleset in [*scope, *(r for r in installed() if r not in scope)]:
        for name, item in items(ruleset):
            found.setdefault(name, (ruleset, item))
    return found


def owned_options(
    scope: Sequence[Ruleset],
    owners: Mapping[str, tuple[Ruleset, str]],
    flag: Callable[[str], str],
    multiple: bool = False,
) -> list[click.Option]:
    """A `--NAME VALUE` option for each of `owners` (`by_owner`: name -> (ruleset, its
    help)): shown for the rulesets in scope (named when several are), hidden for others'
    (accepted only to be refused by name, `refuse_others`)."""
    return [
        click.Option(
            [flag(name), name],
            multiple=multiple,
            metavar="VALUE",
            hidden=ruleset not in scope,
            help=(f"({ruleset.name}) " if len(scope) > 1 else "") + meaning,
        )
        for name, (ruleset, meaning) in owners.items()
    ]


def refuse_others(
    given: Mapping[str, object],
    owners: Mapping[str, tuple[Ruleset, object]],
    flag: Callable[[str], str],
    ruleset: Ruleset,
) -> None:
    """Refuse the options given that belong to another ruleset than the campaign's."""
    stray: dict[str, list[str]] = {}
    for key, value in given.items():
        owner = owners[key][0]
        if owner.name != ruleset.name and value not in (None, ()):
            stray.setdefault(owner.name, []).append(flag(key))
    for other, flags in stray.items():
        verb = "belongs" if len(flags) == 1 else "belong"
        fail(f"{', '.join(flags)} {verb} to {other}; this campaign plays {ruleset.name}")


def write_output(
    target: Path | str,
    chunks: Iterable[str] | Iterable[bytes],
    output: str,
    *,
    private: bool = True,
) -> Path:
    """Write the file `-o OUTPUT` names (text, or bytes such as a PDF), or end in one
    `Error:` line; every command's `-o` goes through here. Never the journal's own files;
    a missing folder is created (with a notice); the file is written beside the real
    target and then replaces it (`journal.files.replace_file`), so an old file stays whole
    until the new one is, a link is followed to the file it names, and an old file keeps
    its mode. A new file is 0600 when `private` (an export, the GM's copy), else readable
    by all (a players' handout). A device or a pipe (`-o /dev/stdout`) is written directly:
    it is never replaced by a file. Returns the file written."""
    from journal.api.files import (
        disk_problem,
        is_device,
        public_mode,
        real_target,
        replace_file,
    )

    target = Path(target).expanduser()
    context = click.get_current_context(silent=True)
    if context is not None:
        found = context.find_object(Settings)
        if found is not None and found.opened is not None:
            refuse_writing_over_the_journal(found, str(target))
    try:
        if is_device(target):
            with target.open("ab" if target.is_char_device() else "wb") as handle:
                for chunk in chunks:
                    handle.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
            return target
        folder = real_target(target).parent
        if not folder.is_dir():
            folder.mkdir(parents=True)
            click.echo(f"Notice: created folder {folder}", err=True)
        return replace_file(
            target, chunks, mode=0o600 if private else public_mode(), notice=_notice
        )
    except OSError as exc:
        fail(f"cannot write {output}: {disk_problem(exc)}")


def _notice(text: str) -> None:
    click.echo(f"Notice: {text}", err=True)
