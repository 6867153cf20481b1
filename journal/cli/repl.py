"""The table session behind `journal play`, on prompt_toolkit.

Each line typed is a `journal` command without `journal`: it runs in this process through
the very click commands of the CLI (`cli.main(..., obj=settings)`), on the database and
campaign the session opened once, so it prints what the CLI prints, refuses with the same
`Error:` line, and answers in milliseconds. Between commands the board (the API's
`Journal.board()`: the ruleset's grid during a fight, the roster otherwise) stays under
the prompt, read again whenever any writer appended. Dice a ruling needs and the GM did not
enter are asked for in the order the ruling needs them (`DiceBox` asks through
`Settings.ask`). Completion goes through click's shell completion, so the prompt and
bash/zsh/fish offer the same values.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
from collections.abc import Iterator

import click
from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import get_app, run_in_terminal
from prompt_toolkit.completion import (
    CompleteEvent,
    Completer,
    Completion,
    PathCompleter,
    get_common_complete_suffix,
)
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import create_output
from prompt_toolkit.styles import Style
from prompt_toolkit.validation import ValidationError, Validator

from journal.api.dice import DiceRequest, read_faces
from journal.api.journal import Journal
from journal.api.text import visible, without_passwords
from journal.cli import free_text
from journal.cli.failures import failure_text
from journal.cli.history import typed_lines
from journal.cli.main import cli
from journal.cli.rows import row_lines
from journal.cli.settings import SCOPE, Settings
from journal.cli.terminal import unwrapped
from journal.documents import FROZEN, WAITING, Board
from journal.errors import JournalError, RuleError

#: the words of the session itself, beside the CLI's commands
QUIT = ("quit", "exit")
HELP = "help"
#: how often the board looks for another writer's events while the GM thinks
REFRESH_SECONDS = 2.0
#: a board mark: its symbol (and a plain one for terminals without it), style and legend
MARKS = {
    FROZEN: ("✗", "!", "class:board.frozen", "froze"),
    WAITING: ("○", "?", "class:board.waiting", "yet to act"),
}
STYLE = Style.from_dict(
    {
        "prompt": "bold",
        "board.rule": "fg:ansibrightblack",
        "board.heading": "bold",
        "board.frozen": "fg:ansired bold",
        "board.waiting": "fg:ansiyellow",
        "board.error": "fg:ansired",
        "dice": "fg:ansicyan bold",
    }
)
SUMMARY_LINES = 18


class PlayRepl:
    """One GM at one campaign, until Ctrl-D or `quit`."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.journal: Journal = settings.journal()
        # the session's own writer: its `undo` takes back what was typed here
        settings.writer = self.journal.as_play_session()
        settings.scope()
        self.slug = self.journal.campaign
        self._board: Board | None = None
        self._board_error = ""
        self._shown = 0  # lines of the board on screen over the prompt
        self.unicode = _can_write("✗○─")
        settings.ask = self.ask_dice
        completer = PlayCompleter(settings)
        # prompt_toolkit writes its own escape sequences: to the terminal itself, past the
        # filter that shows everything else visibly (the board's text is made visible here)
        self.output = create_output(stdout=unwrapped(sys.stdout))
        self.history = typed_lines(self.journal)
        self.prompt: PromptSession[str] = PromptSession(
            output=self.output,
            history=self.history,
            completer=completer,
            complete_while_typing=False,  # Tab completes (at once when one thing fits)
            key_bindings=tab_completes(completer),
            erase_when_done=True,  # the line typed is echoed again, under no board
            style=STYLE,
        )
        self.dice: PromptSession[str] = PromptSession(
            history=InMemoryHistory(), style=STYLE, output=self.output
        )

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> None:
        ruleset = self.journal.ruleset.name
        click.echo(
            f"Playing {self.slug!r} ({ruleset}) as {self.journal.writer}. Commands without "
            "`journal`; Tab completes; `help`; Ctrl-D leaves."
        )
        self.tell_history()
        while True:
            self.show_board()
            try:
                line = self.prompt.prompt([("class:prompt", f"{self.slug}> ")], pre_run=self.watch)
            except KeyboardInterrupt:
                continue  # the line is cleared; nothing was written
            except EOFError:
                break
            finally:
                self.hide_board()
            click.echo(f"{self.slug}> {line}")
            self.tell_history()
            words = typed_words(line)
            if not words:
                continue
            if words[0] in QUIT:
                break
            if words[0] == HELP:
                self.help(words[1:])
                continue
            self.execute(words)
        click.echo(self.summary())

    def tell_history(self) -> None:
        for notice in self.history.notices():
            click.echo(f"Notice: {notice}", err=True)

    def execute(self, words: list[str]) -> None:
        """Run one CLI command in this process, as `journal WORDS...` would."""
        if words[0].startswith("-") and words[0] not in ("-h", "--help", "--version"):
            click.echo(
                f"Error: {words[0]} is not for this prompt: the session plays {self.slug!r}; "
                "type the command, e.g. `status`",
                err=True,
            )
            return
        run_words(self.settings, words)

    def help(self, words: list[str]) -> None:
        if words:
            self.execute([*words, "--help"])
            return
        width = min(_columns(), 120)
        with click.Context(cli, info_name="journal", obj=self.settings) as ctx:
            ctx.meta[SCOPE] = self.settings.scope()
            rows = []
            for name in cli.list_commands(ctx):
                command = cli.get_command(ctx, name)
                if command is not None and name != "play":
                    rows.append((name, command.get_short_help_str(limit=max(30, width - 16))))
        formatter = click.HelpFormatter(width=width, max_width=width)
        with formatter.section("Commands (as `journal COMMAND`, without `journal`)"):
            formatter.write_dl(rows)
        with formatter.section("At this prompt"):
            formatter.write_dl(
                [
                    ("help COMMAND", "the command's help, e.g. `help status`"),
                    (
                        "Tab",
                        "complete commands, options, names, seqs and audiences, each with a "
                        "few words of what it is",
                    ),
                    ("dice", "left out, they are asked for as the ruling needs them"),
                    ("Ctrl-C", "clear the line (or cancel a dice prompt): nothing written"),
                    ("quit, Ctrl-D", "leave, with a summary of what was recorded"),
                ]
            )
        click.echo(formatter.getvalue().rstrip())

    # --- dice ----------------------------------------------------------------------------

    def ask_dice(self, request: DiceRequest) -> tuple[int, ...] | None:
        """Ask the GM for the faces of one roll (blank: the journal rolls it). Ctrl-C or
        Ctrl-D cancels the whole command: nothing is written."""
        try:
            text = self.dice.prompt(
                [("class:dice", visible(request.label)), ("", " [Enter rolls] ")],
                validator=FacesValidator(request),
                validate_while_typing=False,
            )
        except (KeyboardInterrupt, EOFError):
            raise KeyboardInterrupt from None
        return read_faces(text, request.count, request.sides)

    # --- the board ------------------------------------------------------------------------

    def board(self) -> Board | None:
        """The board, read again when any writer appended since it was read."""
        try:
            if self._board is None or self.journal.head() != self._board.seq:
                self._board = self.journal.board()
            self._board_error = ""
        except Exception as exc:  # the board must never break the prompt
            self._board_error = f"board unavailable: {failure_text(exc, self.settings)}"
        return self._board

    def show_board(self) -> None:
        """Print the board over the prompt (it is taken away again once a line is typed,
        so the scrollback keeps only the lines typed and what they printed)."""
        output = self.prompt.app.output
        size = output.get_size()
        fragments = self.board_fragments(size.columns)
        lines = "".join(text for _, text in fragments).split("\n")
        if len(lines) > size.rows - 2:  # a board taller than the screen: its top is cut
            fragments = _last_lines(fragments, max(1, size.rows - 2))
            lines = lines[-max(1, size.rows - 2) :]
        print_formatted_text(FormattedText(fragments), style=STYLE, output=output)
        self._shown = sum(max(1, -(-len(line) // max(1, size.columns))) for line in lines)

    def hide_board(self) -> None:
        if self._shown:
            output = self.prompt.app.output
            output.cursor_up(self._shown)
            output.write_raw("\r")
            output.erase_down()
            output.flush()
            self._shown = 0

    def watch(self) -> None:
        """While the prompt waits, look for another writer's events every few seconds and
        show the board anew when there are some."""
        app = get_app()

        async def watching() -> None:
            while True:
                await asyncio.sleep(REFRESH_SECONDS)
                seq = self._board.seq if self._board is not None else None
                board = self.board()
                if board is not None and board.seq != seq:
                    await run_in_terminal(self.redraw_board)

        app.create_background_task(watching())

    def redraw_board(self) -> None:
        self.hide_board()
        self.show_board()

    def board_fragments(self, width: int) -> list[tuple[str, str]]:
        board = self.board()
        rule = "─" if self.unicode else "-"
        fragments: list[tuple[str, str]] = [("class:board.rule", rule * max(1, width - 1) + "\n")]
        if self._board_error or board is None:
            shown_error = visible(without_passwords(self._board_error or "no board"))
            fragments.append(("class:board.error", shown_error))
            return fragments
        fragments.append(("class:board.heading", visible(board.heading) + "\n"))
        shown: list[str] = []
        for row, marked in row_lines(board.grid):
            text = _clip(row, max(10, width - 3))  # a long cell never wraps the board
            mark = MARKS.get(marked)
            if mark is None:
                fragments.append(("", f"  {visible(text)}\n"))
                continue
            symbol = mark[0] if self.unicode else mark[1]
            fragments.append((mark[2], f"{symbol} {visible(text)}\n"))
            if marked not in shown:
                shown.append(marked)
        legend = [f"{MARKS[m][0] if self.unicode else MARKS[m][1]} {MARKS[m][3]}" for m in shown]
        if legend:
            fragments.append(("class:board.rule", "   ".join(legend) + "\n"))
        if fragments[-1][1].endswith("\n"):
            style, text = fragments[-1]
            fragments[-1] = (style, text[:-1])
        return fragments

    # --- leaving ---------------------------------------------------------------------------

    def summary(self) -> str:
        """One screen: what this session recorded, newest last."""
        records = self.journal.recorded
        if not records:
            return "Nothing recorded this session."
        lines = [
            f"#{r.seq} {line}" for r, line in zip(records, self.journal.lines(records), strict=True)
        ]
        head = (
            f"Recorded {len(records)} event{'s' if len(records) != 1 else ''} this session "
            f"(#{records[0].seq} to #{records[-1].seq}) in campaign {self.slug!r}:"
        )
        if len(lines) > SUMMARY_LINES:
            hidden = len(lines) - SUMMARY_LINES + 1
            lines = [
                f"... {hidden} earlier (journal log shows them)",
                *lines[-(SUMMARY_LINES - 1) :],
            ]
        width = _columns()
        return "\n".join([head, *(_clip(f"  {line}", width) for line in lines)])


def typed_words(line: str) -> list[str]:
    """A line typed at a prompt as words (`free_text.words`: `Eli's` is one word, a quote
    left open runs to the end), `journal` typed out of habit left out."""
    words = free_text.words(line)
    return words[1:] if words[:1] == ["journal"] else words


def run_words(settings: Settings, words: list[str]) -> None:
    """Run one command line typed at a prompt (without `journal`) in this process, its
    free text joined (`note The door creaks`), its refusals in the prompt's words."""
    with click.Context(cli, info_name="journal", obj=settings) as ctx:
        with contextlib.suppress(Exception):  # no campaign yet (the lobby): all the rulesets
            ctx.meta[SCOPE] = settings.scope()
        words = free_text.resolve(cli, ctx, words)
    settings.json = settings.raw_output = False  # as a new command would start
    try:
        cli.main(args=words, prog_name="journal", standalone_mode=False, obj=settings)
    except click.UsageError as exc:
        path = exc.ctx.command_path.split()[1:] if exc.ctx is not None else []
        where = f"`help {' '.join(path)}`" if path else "`help`"
        usage = exc.ctx.get_usage().replace("Usage: journal ", "Usage: ", 1) if exc.ctx else ""
        message = exc.format_message().rstrip(".")
        if not path:  # not a command: the root's usage line would not help at the prompt
            usage, message = "", message.replace(". See `journal --help`", "")
        click.echo(f"{usage}\nError: {message} (see {where})".lstrip(), err=True)
    except click.ClickException as exc:
        exc.show()
    except click.Abort:
        click.echo("Cancelled: nothing was written.", err=True)
    except SystemExit:
        pass
    finally:
        sys.stdout.flush()


def lobby(settings: Settings, why: str) -> bool:
    """Before a campaign can be played (a new or empty database, several campaigns and none
    chosen): a prompt that takes `campaign new ...`, `campaign use SLUG`, `demo` or
    `import FILE`, until one opens. True when a campaign is open, False when the GM left."""
    click.echo(
        f"{why}\nType it here: `campaign new SLUG --ruleset {'|'.join(_ruleset_names())}`, "
        "`demo`, `import FILE` or `campaign use SLUG`; `help`; Ctrl-D leaves."
    )
    prompt: PromptSession[str] = PromptSession(
        history=InMemoryHistory(), style=STYLE, output=create_output(stdout=unwrapped(sys.stdout))
    )
    while True:
        try:
            line = prompt.prompt([("class:prompt", "journal> ")])
        except KeyboardInterrupt:
            continue
        except EOFError:
            return False
        words = typed_words(line)
        if not words:
            continue
        if words[0] in QUIT:
            return False
        if words[0] == HELP:
            run_words(settings, [*words[1:], "--help"])
            continue
        run_words(settings, words)
        settings.forget()  # what the command opened is closed with it: open anew
        try:
            settings.journal()
        except JournalError:
            continue
        return True


def _ruleset_names() -> list[str]:
    from journal.api.rulesets import named

    return named()


def tab_completes(completer: Completer) -> KeyBindings:
    """Tab completes at once when the word has one completion (or a common start), so
    what is typed next lands after it; otherwise it opens the menu, or moves through it."""
    bindings = KeyBindings()

    @bindings.add("tab")
    def _tab(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if buffer.complete_state:
            buffer.complete_next()
            return
        document = buffer.document
        found = list(completer.get_completions(document, CompleteEvent(completion_requested=True)))
        if len(found) == 1:
            buffer.apply_completion(found[0])
            return
        common = get_common_complete_suffix(document, found) if found else ""
        if common:
            buffer.insert_text(common)
        elif found:
            buffer.start_completion(select_first=False)

    return bindings


class FacesValidator(Validator):
    """Faces that fit the roll, or blank (roll them); says what is wrong without leaving."""

    def __init__(self, request: DiceRequest) -> None:
        self.request = request

    def validate(self, document: Document) -> None:
        try:
            read_faces(document.text, self.request.count, self.request.sides)
        except RuleError as exc:
            raise ValidationError(len(document.text), str(exc)) from None


class PlayCompleter(Completer):
    """The CLI's own completion (click's, as bash/zsh/fish get it), on the open session."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.paths = PathCompleter(expanduser=True)

    def get_completions(self, document: Document, event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        words, incomplete, start = split_typed(text)
        if words[:1] == ["journal"]:
            words = words[1:]
        if words[:1] == [HELP]:
            words = words[1:]
            if len(words) > 1 or incomplete.startswith("-"):
                return
        elif not words:
            for word in (HELP, *QUIT):
                if word.startswith(incomplete):
                    yield Completion(word, -len(text) + start)
        from click.shell_completion import ShellComplete

        try:
            items = ShellComplete(cli, {"obj": self.settings}, "journal", "_").get_completions(
                words, incomplete
            )
        except (Exception, SystemExit):
            return
        for item in items:
            if item.type in ("file", "dir"):
                yield from self.paths.get_completions(Document(incomplete), event)
                continue
            value = str(item.value)
            if value == "play":
                continue
            shown = value if value == shlex.quote(value) else shlex.quote(value)
            yield Completion(shown, start - len(text), display_meta=item.help or "")


def split_typed(text: str) -> tuple[list[str], str, int]:
    """The words typed before the cursor, the one being typed (unquoted) and where it
    starts: `initiative "Li` -> (["initiative"], "Li", 11)."""
    words: list[str] = []
    current: list[str] = []
    start, quote, escaped, in_word = 0, "", False, False
    for index, char in enumerate(text):
        if escaped:
            current.append(char)
            escaped = False
        elif char == "\\" and quote != "'":
            escaped, in_word = True, True
        elif quote:
            if char == quote:
                quote = ""
            else:
                current.append(char)
        elif char in "\"'":
            if not in_word:
                start, in_word = index, True
            quote = char
        elif char.isspace():
            if in_word:
                words.append("".join(current))
                current, in_word = [], False
        else:
            if not in_word:
                start, in_word = index, True
            current.append(char)
    if not in_word:
        start = len(text)
    return words, "".join(current), start


def _last_lines(fragments: list[tuple[str, str]], count: int) -> list[tuple[str, str]]:
    """The fragments of the last `count` lines."""
    text_lines: list[list[tuple[str, str]]] = [[]]
    for style, text in fragments:
        parts = text.split("\n")
        for index, part in enumerate(parts):
            if index:
                text_lines.append([])
            if part:
                text_lines[-1].append((style, part))
    kept: list[tuple[str, str]] = []
    for index, line in enumerate(text_lines[-count:]):
        kept += ([("", "\n")] if index else []) + line
    return kept


def _can_write(text: str) -> bool:
    try:
        text.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _columns() -> int:
    import shutil

    return shutil.get_terminal_size((100, 24)).columns


def _clip(line: str, width: int) -> str:
    return line if len(line) <= width else line[: max(1, width - 3)] + "..."
