"""journal's own options (`--db`, `--campaign`, `--writer`, `--no-input`, `--debug`) before
the command or after it: `journal audit --campaign innsmouth` is `journal --campaign
innsmouth audit`. One rule for every command: a root option written after the command is
moved before it, unless the command has an option of that name itself (`serve
--campaign`, `play --campaign`, `db snapshots --campaign` keep theirs). After `--`
nothing is moved.
"""

from __future__ import annotations

import click

#: the line each command's help ends with
HELP_NOTE = (
    "journal's options (--db, --campaign, --writer, --no-input, --debug) may also follow "
    "the command."
)


def hoisted(group: click.Group, ctx: click.Context, args: list[str]) -> list[str]:
    """`args` (after `journal`) with the root options written after the command first."""
    takes_value, flags = _root_options(group)
    front: list[str] = []
    at = 0
    while at < len(args) and args[at].startswith("-"):  # root options already in front
        name = args[at].split("=", 1)[0]
        at += 2 if name in takes_value and "=" not in args[at] else 1
    command: click.Command | None = group
    while isinstance(command, click.Group) and at < len(args) and not args[at].startswith("-"):
        try:
            command = command.get_command(ctx, args[at])
        except Exception:  # (click says what is wrong when it parses)
            return args
        at += 1
    if command is None or command is group:
        return args
    own = {opt for param in command.params for opt in getattr(param, "opts", [])}
    rest: list[str] = []
    index = at
    while index < len(args):
        word = args[index]
        if word == "--":
            rest += args[index:]
            break
        name = word.split("=", 1)[0]
        if name in own or (name not in takes_value and name not in flags):
            rest.append(word)
            index += 1
            continue
        if name in takes_value and "=" not in word and index + 1 < len(args):
            front += [word, args[index + 1]]
            index += 2
        else:
            front.append(word)
            index += 1
    return front + args[:at] + rest


def _root_options(group: click.Group) -> tuple[set[str], set[str]]:
    """The root's options that take a value, and its flags (not --help, --version)."""
    takes_value: set[str] = set()
    flags: set[str] = set()
    for param in group.params:
        if not isinstance(param, click.Option) or param.name in ("help", "version"):
            continue
        if param.expose_value is False:
            continue
        (flags if param.is_flag else takes_value).update(param.opts)
    return takes_value, flags


def noted(command: click.Command) -> click.Command:
    """`command` (and its subcommands) with HELP_NOTE at the end of its help, once."""
    if not getattr(command, "_root_options_noted", False):
        command.epilog = f"{command.epilog}\n\n{HELP_NOTE}" if command.epilog else HELP_NOTE
        setattr(command, "_root_options_noted", True)  # noqa: B010 (one instance)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            noted(sub)
    return command
