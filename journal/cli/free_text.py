"""A line typed at the `journal play` prompt, split as a GM means it: the free text at its
end (a note's text, a title, a reason) takes the rest of the line, quoted or not.

`note The door creaks --gm-only` is `note "The door creaks" --gm-only`, and `void 16
--reason misread the die` is `void 16 --reason "misread the die"`. Only free text is
joined: a name, a number or a cause is one word, as in a shell.
"""

from __future__ import annotations

import click

#: the arguments and options whose value is text the GM writes in their own words
FREE_ARGUMENTS = frozenset({"text", "title"})
FREE_OPTIONS = frozenset(
    {"reason", "override", "title", "name", "trait_name", "threat_name", "told", "veil"}
)


def joined(command: click.Command, args: list[str]) -> list[str]:
    """`args` of `command` (its own words, after its name) with each run of words that
    belongs to one free-text argument or option joined into one."""
    options = {opt: param for param in command.params if isinstance(param, click.Option)
               for opt in param.opts}  # fmt: skip
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
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
    return words[:at] + joined(command, words[at:])
