"""`journal webhook` (the GM's Discord webhooks) and `journal post` (a recap posted to
one): see `journal.posting`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from journal.cli.common import complete, pass_settings
from journal.cli.settings import Settings, fail

if TYPE_CHECKING:
    from journal.api.journal import Journal
    from journal.posting.webhooks import Webhook, Webhooks


def _webhooks(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """The campaign's webhooks by name, each with whom it posts for (completion)."""
    from click.shell_completion import CompletionItem

    from journal.cli.settings import settings_of
    from journal.posting.webhooks import Webhooks

    settings = settings_of(ctx)
    try:
        with ctx.scope():  # a shell's completion process closes the database it opened
            key, campaign = settings.database().key(), settings.journal().campaign
            found = Webhooks(key, campaign).all()
    except Exception:
        return []
    typed = incomplete.casefold()
    return [
        CompletionItem(hook.name, help=f"for {hook.audience}")
        for hook in found
        if hook.name.casefold().startswith(typed)
    ]


@click.group()
def webhook() -> None:
    """The campaign's webhooks, where `journal post` sends its recaps: each for the
    players, the GM or one character (the audience filter decides what it gets). Their
    URLs are kept with this user's private state (never in the log or an export) and
    shown masked.

    \b
    Example:
      journal webhook add table https://discord.com/api/webhooks/ID/TOKEN --for players
      journal webhook add gm-notes https://discord.com/api/webhooks/ID/TOKEN --for gm --thread 123
      journal webhook list
      journal webhook remove table
    """


@webhook.command("add")
@click.argument("name")
@click.argument("url")
@click.option(
    "--for",
    "audience",
    required=True,
    metavar="players|gm|CHARACTER",
    shell_complete=complete("audience"),
    help="Who reads what is posted there.",
)
@click.option("--thread", metavar="ID", help="Post in this thread of the webhook's channel.")
@pass_settings
def webhook_add(settings: Settings, name: str, url: str, audience: str, thread: str | None) -> None:
    """Register the webhook URL as NAME, for the players, the GM or one character (a
    notice when the URL is not Discord's https host: a relay or a stand-in works too).

    \b
    Example:
      journal webhook add table https://discord.com/api/webhooks/ID/TOKEN --for players
      journal webhook add linda https://discord.com/api/webhooks/ID/TOKEN --for Linda
    """
    from journal.posting.webhooks import Webhook, Webhooks, check_url, mask
    from journal.web.links import named

    name = " ".join(name.split())
    if not name:
        fail("a webhook needs a name, e.g. `table`")
    if thread is not None and not thread.strip().isdigit():
        fail(f"--thread {thread!r} is not a thread's ID (Discord's IDs are digits)")
    notice = check_url(url)
    journal = settings.journal()
    who = named(journal, audience)  # a character by identity: a rename keeps it theirs
    hooks = Webhooks(settings.database().key(), journal.campaign)
    hooks.add(Webhook(name, url.strip(), who.key, thread.strip() if thread else None))
    if notice is not None:
        click.echo(f"Notice: {notice}", err=True)
    where = f", thread {thread.strip()}" if thread else ""
    click.echo(f"Added webhook {name} ({mask(url)}) for {who.label}{where}")


@webhook.command("list")
@pass_settings
def webhook_list(settings: Settings) -> None:
    """The campaign's webhooks: name, who reads them, URL (masked), thread.

    \b
    Example:
      journal webhook list
    """
    from journal.posting.webhooks import Webhooks

    journal = settings.journal()
    hooks = Webhooks(settings.database().key(), journal.campaign)
    found = hooks.all()
    if not found:
        click.echo(
            f"No webhooks in campaign {journal.campaign!r}: add one with "
            "`journal webhook add NAME URL --for players`"
        )
        return
    for hook in found:
        thread = f"  thread {hook.thread}" if hook.thread else ""
        click.echo(f"{hook.name}  for {_reader_name(hooks, journal, hook)}  {hook.masked}{thread}")


def _reader_name(hooks: Webhooks, journal: Journal, hook: Webhook) -> str:
    """Who reads the webhook, as `webhook list` names them: `players`, `gm`, or the
    character's name now (an older journal's webhook that names no one: why, in words)."""
    from journal.errors import JournalError

    try:
        holder = hooks.reader(journal, hook)
    except JournalError:
        return f"{hook.audience} (unbound: `journal post` says why)"
    return holder.character or holder.key


@webhook.command("remove")
@click.argument("name", shell_complete=_webhooks)
@pass_settings
def webhook_remove(settings: Settings, name: str) -> None:
    """Forget the webhook NAME (Discord keeps it: delete it there too if it leaked).

    \b
    Example:
      journal webhook remove table
    """
    from journal.posting.webhooks import Webhooks

    journal = settings.journal()
    gone = Webhooks(settings.database().key(), journal.campaign).remove(name)
    click.echo(f"Removed webhook {gone.name} ({gone.masked})")


@click.group(invoke_without_command=True)
@click.option(
    "--on-session-end",
    is_flag=True,
    help="Post the last ended session's recap to every webhook that has not had it.",
)
@click.option("--again", is_flag=True, help="With --on-session-end: post it even where it was.")
@click.pass_context
def post(ctx: click.Context, on_session_end: bool, again: bool) -> None:
    """Post handouts to the campaign's webhooks (`journal webhook`), each as its audience
    may read it, in the Markdown Discord renders (tables as lists), split into messages
    within Discord's limits, nobody pinged. Each post
    is recorded (`HandoutPosted`: what, to which webhook; never its URL); a recap posted
    before is not posted again unless `--again`.

    \b
    Example:
      journal post recap --to table
      journal post recap 2 --to gm-notes --again
      journal session end && journal post --on-session-end
    """
    if ctx.invoked_subcommand is not None:
        if on_session_end:
            fail("--on-session-end posts on its own: give it without a subcommand")
        return
    if not on_session_end:
        click.echo(ctx.get_help())
        return
    from journal.cli.settings import settings_of
    from journal.posting.webhooks import Webhooks

    settings = settings_of(ctx)
    journal = settings.journal()
    hooks = Webhooks(settings.database().key(), journal.campaign).all()
    ended = _last_ended(settings)
    if ended is None:
        fail("no session has ended yet: `journal session end` first")
    if not hooks:
        click.echo("No webhooks to post to: add one with `journal webhook add`", err=True)
        return
    for hook in hooks:
        _post_recap(settings, hook.name, ended, again)


def _last_ended(settings: Settings) -> int | None:
    state = settings.journal().overview()
    if not state.sessions:
        return None
    return state.sessions if state.session is None else state.sessions - 1 or None


@post.command("recap")
@click.argument("session", type=int, required=False, shell_complete=complete("session"))
@click.option(
    "--to",
    "to",
    required=True,
    metavar="NAME",
    shell_complete=_webhooks,
    help="The webhook to post to.",
)
@click.option("--again", is_flag=True, help="Post it even if it was posted there before.")
@pass_settings
def post_recap(settings: Settings, session: int | None, to: str, again: bool) -> None:
    """Post the recap of SESSION (the last one when left out) to the webhook NAME, as
    its audience may read it.

    \b
    Example:
      journal post recap --to table
      journal post recap 2 --to gm-notes --again
    """
    number = session if session is not None else settings.journal().overview().sessions
    if number < 1:
        fail("the campaign has no sessions yet: start one with `journal session start`")
    _post_recap(settings, to, number, again)


def _post_recap(settings: Settings, name: str, session: int, again: bool) -> None:
    from journal.api.commands import RecordPost
    from journal.api.handouts import Audience
    from journal.posting.discord import PostFailed, for_discord, post, split
    from journal.posting.webhooks import Webhooks, redacted

    journal = settings.journal()
    hooks = Webhooks(settings.database().key(), journal.campaign)
    hook = hooks.named(name)
    before = _posted_before(settings, hook.name, session)
    if before is not None and not again:
        click.echo(
            f"Already posted: the recap of session {session} to {hook.name} (#{before}); "
            "--again posts it again"
        )
        return
    holder = hooks.reader(journal, hook)
    reader = Audience.character(holder.character) if holder.character else holder.key
    text = journal.recap_text(session, reader, "md")
    messages = split(for_discord(text))
    try:
        post(hook, messages)
    except PostFailed as exc:
        fail(str(exc))
    except Exception as exc:  # its words may quote the URL: never the token
        if settings.debug:
            raise
        fail(
            f"unexpected failure posting to webhook {hook.name!r} ({hook.masked}): "
            f"{type(exc).__name__}: {redacted(str(exc), hook.url)}; nothing was recorded. "
            "Rerun with --debug for the details."
        )
    outcome = journal.run(RecordPost("recap", session, hook.name, len(messages)))
    for line in outcome.lines():
        click.echo(line)


def _posted_before(settings: Settings, name: str, session: int) -> int | None:
    """The seq of the HandoutPosted of this session's recap to `name`, if any."""
    for record in settings.journal().records():
        data = record.data or {}
        if (
            record.type == "HandoutPosted"
            and data.get("what") == "recap"
            and data.get("session") == session
            and data.get("webhook") == name
        ):
            return record.seq
    return None
