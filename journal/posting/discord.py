"""A handout as Discord webhook messages, within Discord's documented limits, and their
delivery (the stdlib's urllib: nothing to install, nothing imported until a post).

Discord renders a subset of Markdown: headings of one to three `#`, bold, italics, lists,
quotes, code and masked links; a pipe table or a `---` rule shows as typed. So a handout's
Markdown is posted as Discord reads it (`for_discord`): each table row a list item (its
first cell in bold, then each other cell with its column's name), deeper headings bold,
rules left out. Every word of the handout is kept, in order.

Limits (Discord's "Execute Webhook"): a message's `content` is at most 2,000 characters;
at most 10 embeds and 6,000 characters of embeds a message (the journal sends none). A
handout longer than one message is split at paragraph, then line, then word boundaries
and posted in order, one message after the other. `allowed_mentions` is empty, so a note
that says `@everyone` never pings anyone. A 429 is waited out (`retry_after`, seconds) and
tried again.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from urllib.parse import urlencode, urlsplit, urlunsplit

from journal.errors import JournalError
from journal.posting.webhooks import Webhook, redacted, unprintable

CONTENT_LIMIT = 2000
#: how often a message is tried again after a 429 before the post gives up
RETRIES = 5
#: the longest wait a 429 is granted (seconds): longer, and the post gives up
LONGEST_WAIT = 60.0


#: the cells a table row's unescaped pipes divide
_CELL = re.compile(r"(?<!\\)\|")
#: a cell that says nothing (no value in this row)
_EMPTY = {"", "\u2014", "-", "\u2013"}  # (an em dash, a hyphen, an en dash)


def for_discord(markdown: str) -> str:
    """A handout's Markdown as Discord renders it: tables as lists, no rules, no heading
    deeper than `###`, no hard line break's trailing spaces."""
    lines = markdown.splitlines()
    out: list[str] = []
    at = 0
    while at < len(lines):
        line = lines[at].rstrip()
        if _is_row(line) and at + 1 < len(lines) and _separates(lines[at + 1]):
            header = _cells(line)
            at += 2
            while at < len(lines) and _is_row(lines[at].strip()):
                out.append(_item(header, _cells(lines[at].strip())))
                at += 1
            continue
        if _is_rule(line):
            line = ""
        elif (deep := _deep_heading(line)) is not None:
            line = f"**{deep}**"
        out.append(line)
        at += 1
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def _is_row(line: str) -> bool:
    return line.strip().startswith("|")


def _separates(line: str) -> bool:
    """A table's second line: `|---|:---:|---:|` (each column's dashes, maybe aligned)."""
    inner = line.strip().removeprefix("|").removesuffix("|")
    cells = [cell.strip().removeprefix(":").removesuffix(":") for cell in inner.split("|")]
    return all(len(cell) >= 3 and set(cell) == {"-"} for cell in cells)


def _is_rule(line: str) -> bool:
    """A thematic break: three or more `-`, `*` or `_` alone (spaces between)."""
    if len(line) - len(line.lstrip(" ")) > 3:
        return False
    marks = line.replace(" ", "")
    return len(marks) >= 3 and len(set(marks)) == 1 and marks[0] in "-*_"


def _deep_heading(line: str) -> str | None:
    """The text of a heading of four to six `#`, deeper than Discord's three (else None)."""
    level = len(line) - len(line.lstrip("#"))
    if not 4 <= level <= 6 or not line[level:].startswith(" "):
        return None
    text = line[level:].strip()
    closed = text.rstrip("#")
    if closed != text and (not closed or closed.endswith(" ")):
        text = closed.strip()  # a closing sequence of `#`
    return text


def _cells(row: str) -> list[str]:
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [cell.strip() for cell in _CELL.split(inner)]


def _item(header: list[str], cells: list[str]) -> str:
    """One table row as a list item: `- **Priya** — Threat: nurse · Result: ...`."""
    first, *rest = cells or [""]
    lead = first if first.startswith("**") or first in _EMPTY else f"**{first}**"
    told = [
        f"{name}: {cell}" if name else cell
        for name, cell in zip(header[1:], rest, strict=False)
        if cell not in _EMPTY
    ]
    return f"- {lead}" + (f" — {' · '.join(told)}" if told else "")


class PostFailed(JournalError):
    """The webhook refused or could not be reached; `sent` messages went through first."""

    def __init__(self, message: str, sent: int) -> None:
        super().__init__(message)
        self.sent = sent


def split(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """`text` as messages of at most `limit` characters, in order, cut between paragraphs
    where it can, else between lines, else between words (a word longer than a message,
    at the limit)."""
    messages: list[str] = []
    current = ""
    for piece in _pieces(text.strip(), limit):
        joined = f"{current}{piece}" if current else piece.lstrip()
        if len(joined.rstrip()) <= limit:
            current = joined
            continue
        if current.strip():
            messages.append(current.rstrip())
        current = piece.lstrip()  # a message starts at a word, not at the break before it
    if current.strip():
        messages.append(current.rstrip())
    return messages


def _pieces(text: str, limit: int) -> Iterator[str]:
    """The text in pieces no longer than `limit`, each keeping the break before it."""
    for number, paragraph in enumerate(text.split("\n\n")):
        lead = "\n\n" if number else ""
        if len(paragraph) <= limit:
            yield lead + paragraph
            continue
        for index, line in enumerate(paragraph.split("\n")):
            brk = lead if index == 0 else "\n"
            if len(line) <= limit:
                yield brk + line
                continue
            for at, word in enumerate(line.split(" ")):
                gap = brk if at == 0 else " "
                while len(word) > limit:
                    yield gap + word[:limit]
                    word, gap = word[limit:], "\n"
                yield gap + word


def payload(content: str) -> dict[str, object]:
    """One message: its content, and nobody mentioned (no `@everyone`, no role, no user)."""
    return {"content": content, "allowed_mentions": {"parse": []}}


def target(hook: Webhook) -> str:
    """The URL a message goes to (`thread_id` when the webhook posts in a thread)."""
    if not hook.thread:
        return hook.url
    parts = urlsplit(hook.url)
    query = f"{parts.query}&" if parts.query else ""
    return urlunsplit(parts._replace(query=query + urlencode({"thread_id": hook.thread})))


def post(
    hook: Webhook,
    messages: list[str],
    *,
    sleep: Callable[[float], None] = time.sleep,
    timeout: float = 20.0,
) -> None:
    """Send `messages` in order; PostFailed (its `sent`: how many went through) when the
    webhook refuses one or cannot be reached."""
    held = unprintable(hook.url)  # kept by an older journal, which took any URL
    if held is not None:
        raise PostFailed(
            f"the URL of webhook {hook.name!r} ({hook.masked}) holds {held}: remove it "
            f"(`journal webhook remove {hook.name}`) and add it again as Discord shows it"
            + _so_far(0),
            0,
        )
    for sent, content in enumerate(messages):
        _send(hook, content, sent, sleep, timeout)


def _send(
    hook: Webhook, content: str, sent: int, sleep: Callable[[float], None], timeout: float
) -> None:
    import http.client
    import urllib.error
    import urllib.request

    body = json.dumps(payload(content)).encode()
    for _ in range(RETRIES + 1):
        request = urllib.request.Request(
            target(hook),
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "User-Agent": "journal (webhook)"},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                answer.read()
                return
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")
            if exc.code == 429:
                wait = _retry_after(detail, exc.headers.get("Retry-After"))
                if wait > LONGEST_WAIT:
                    break
                sleep(wait)
                continue
            raise PostFailed(_refused(hook, exc.code, detail, sent), sent) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = redacted(str(getattr(exc, "reason", exc)), hook.url)
            raise PostFailed(
                f"cannot reach webhook {hook.name!r} ({hook.masked}): {reason}" + _so_far(sent),
                sent,
            ) from None
        except (ValueError, http.client.HTTPException) as exc:
            # urllib's own words quote the URL's path, the token in it (InvalidURL)
            fix = (
                "remove it and add it again as Discord shows it"
                if isinstance(exc, ValueError)
                else "it did not answer as a webhook does"
            )
            raise PostFailed(
                f"webhook {hook.name!r} ({hook.masked}) cannot be posted to "
                f"({type(exc).__name__}: {redacted(str(exc), hook.url)}): {fix}" + _so_far(sent),
                sent,
            ) from None
    raise PostFailed(
        f"webhook {hook.name!r} ({hook.masked}) keeps answering 429 (rate limited)" + _so_far(sent),
        sent,
    )


def _retry_after(body: str, header: str | None) -> float:
    """Discord's `retry_after` (seconds, in the JSON body), else the Retry-After header."""
    try:
        found = json.loads(body).get("retry_after")
        if isinstance(found, int | float) and found >= 0:
            return float(found)
    except (ValueError, AttributeError):
        pass
    try:
        return max(0.0, float(header)) if header is not None else 1.0
    except ValueError:
        return 1.0


def _refused(hook: Webhook, code: int, body: str, sent: int) -> str:
    try:
        said = json.loads(body).get("message")
    except (ValueError, AttributeError):
        said = None
    why = f": {redacted(said, hook.url)}" if isinstance(said, str) and said else ""
    return f"webhook {hook.name!r} ({hook.masked}) answered HTTP {code}{why}" + _so_far(sent)


def _so_far(sent: int) -> str:
    if not sent:
        return "; nothing was posted or recorded"
    return (
        f"; {sent} message{'s' if sent != 1 else ''} went through first, nothing was "
        "recorded (run it again to post the whole handout)"
    )
