"""A line typed at the `journal play` prompt, split as a GM means it: the free text at its
end (a note's text, a title, a reason) takes the rest of the line, quoted or not.

`note The door creaks --gm-only` is `note "The door creaks" --gm-only`, and `void 16
--reason misread the die` is `void 16 --reason "misread the die"`. Only free text is
joined: a name, a number or a cause is one word, as in a shell. A game time (`--at
1987-10-30 22:00`) is free text too: its date and hour are two words.

The line is split into words as people type (`words`): a quote opens only at the start of
a word, so the apostrophe of `Eli's lantern` is a letter, and a quote left open takes the
rest of the line.
"""

from __future__ import annotations

import click

#: the arguments and options whose value is text the GM writes in their own words
FREE_ARGUMENTS = frozenset({"text", "title"})
FREE_OPTIONS = frozenset(
    {"reason", "override", "title", "name", "trait_name", "threat_name", "told", "veil", "at"}
)


def words(line: str) -> list[str]:
    """`line` as words: blanks part them; a quote (' or ") at a word's start runs to its
    closing quote (and another may follow it, as a shell joins `'a'"'"'b'`); a quote never
    closed, or after a bare letter of its word (`Eli's`), is a letter; a backslash keeps
    the next character as it is (outside single quotes)."""
    result: list[str] = []
    current: list[str] = []
    in_word, quote, at, opened = False, "", 0, 0
    bare = False  # the word has a letter typed outside quotes
    while at < len(line):
        char = line[at]
        at += 1
        if quote:
            if char == quote:
                quote = ""
            elif char == "\\" and quote == '"' and at < len(line) and line[at] in '"\\':
                current.append(line[at])
                at += 1
            else:
                current.append(char)
        elif char.isspace():
            if in_word:
                result.append("".join(current))
                current, in_word, bare = [], False, False
        elif char in "'\"" and not bare:
            in_word, quote, opened = True, char, at - 1
        elif char == "\\" and at < len(line):
            current.append(line[at])
            in_word, bare, at = True, True, at + 1
        else:
            current.append(char)
            in_word = bare = True
    if quote:  # never closed: a letter of the text, as typed
        return words(line[:opened] + "\\" + line[opened:])
    if in_word:
        result.append("".join(current))
    return result


def joined(command: click.Command, args: list[str], ctx: click.Context | None = None) -> list[str]:
    """`args` of `command` (its own words, after its name) with each run of words that
    belongs to one free-text argument or option joined into one."""
    params = command.get_params(ctx) if ctx is not None else command.params
    options = {opt: param for param in params if isinstance(param, click.Option)
               for opt in param.opts}  # fmt: skip
    arguments = [p for p in params if isinstance(p, click.Argument)]
    result: list[str] = []
    position = 0  # the next argument a bare word fills
    at = 0
    while at < len(args):
        word = args[at]
        if word == "--":
            return result + args[at:]
        option = options.get(word.split("=", 1)[0]) if _is_option(word) else None
        if option is not None:
            result.append(word)
            at += 1
            if option.is_flag or option.count or "=" in word or at >= len(args):
                continue
            run = _run(args, at) if option.name in FREE_OPTIONS else 1
            result.append(" ".join(args[at : at + run]))
            at += run
            continue
        if _is_option(word):
            result.append(word)  # click says what is wrong with it
            at += 1
            continue
        argument = arguments[position] if position < len(arguments) else None
        free = argument is not None and argument.name in FREE_ARGUMENTS and argument.nargs == 1
        run = _run(args, at) if free else 1
        result.append(" ".join(args[at : at + run]))
        at += run
        if argument is not None and argument.nargs == 1:
            position += 1
    return result


def _is_option(word: str) -> bool:
    """`--reason`, `-h`; not `-` nor a negative number (`-2`)."""
    return word.startswith("-") and len(word) > 1 and not word[1:].isdigit()


def _run(args: list[str], start: int) -> int:
    """How many words from `start` on are text: up to the next option or the end."""
    end = start
    while end < len(args) and not _is_option(args[end]):
        end += 1
    return max(1, end - start)


def resolve(group: click.Group, ctx: click.Context, words: list[str]) -> list[str]:
    """`words` (a whole command line without `journal`) with its free text joined: the
    command is found through the groups as click would find it."""
    command: click.Command = group
    at = 0
    current = ctx
    while isinstance(command, click.Group) and at < len(words) and not _is_option(words[at]):
        inner = command.get_command(current, words[at])
        if inner is None:
            return words  # click says it is not a command
        current = click.Context(inner, info_name=words[at], parent=current)
        command, at = inner, at + 1
    if isinstance(command, click.Group):
        return words
    return words[:at] + joined(command, words[at:], current)
