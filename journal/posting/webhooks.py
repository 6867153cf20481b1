"""The GM's webhooks: where `journal post` sends a campaign's handouts, and for whom.

A webhook's URL is a key to the channel (whoever has it can post there), so it is kept as
the link secrets of `journal serve` are: in this user's private state beside the current
campaign (`$XDG_CONFIG_HOME/journal/webhooks.json`, 0600, written whole), keyed by the
database and the campaign; never in the event log, never in an export, and masked in
everything the journal prints (`mask`).

A webhook for one character is bound to that character's identity (`character:SEQ`, the
seq that added them), as their link and their secrets are: a rename keeps it with them,
and a newcomer who takes the old name gets nothing from it. Files of older journals name
the character instead; such a webhook is bound on its next use to the one character who
ever held that name, and refused while two have.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from journal.api.text import mask_url, masked_urls
from journal.current import config_file
from journal.errors import JournalError, NotFound
from journal.web.links import GM, PLAYERS, LinkHolder, _write_private, audiences

if TYPE_CHECKING:
    from journal.api.journal import Journal

#: Discord's own webhook hosts: any other http(s) URL is taken, with a notice
DISCORD_HOSTS = frozenset(
    {"discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com"}
)


@dataclass(frozen=True)
class Webhook:
    name: str
    url: str
    #: `players`, `gm`, or a character's identity `character:SEQ` (in files of older
    #: journals, the name they had when the webhook was added)
    audience: str
    thread: str | None = None

    @property
    def masked(self) -> str:
        return mask(self.url)


def mask(url: str) -> str:
    """The URL as the journal shows it: its scheme and host, never its path (Discord's
    webhook token is in the path) nor its query."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https"):
        return "that URL"
    return mask_url(url)


def redacted(text: str, url: str) -> str:
    """`text` with every part of `url` that could hold its token (the whole URL, its path
    and query, each path segment and query value) shown as `…`, and any other URL masked:
    what a failure's own message may say while this webhook is in play."""
    parts = urlsplit(url)
    pieces = {url, url.strip(), parts.path, parts.query, f"{parts.path}?{parts.query}"}
    pieces.update(parts.path.split("/"))
    pieces.update(value for pair in parts.query.split("&") for value in pair.split("="))
    for piece in sorted((p for p in pieces if len(p) >= 4), key=len, reverse=True):
        text = text.replace(piece, "…")
    return masked_urls(text)


def unprintable(url: str) -> str | None:
    """What in `url` no URL holds: whitespace (a space, a tab, a line break) or a
    control or invisible character; None when there is none."""
    for char in url:
        if char.isspace():
            return "whitespace (a space, a tab or a line break)"
        if not char.isprintable():
            return f"an invisible or control character (U+{ord(char):04X})"
    return None


def check_url(url: str) -> str | None:
    """Refuses what is not an http(s) URL, or holds whitespace or a control character
    (pasted with the token cut in two); the notice to print when it is not Discord's https
    host (a self-hosted relay, a local stand-in), else None."""
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise JournalError(
            f"{mask(url) if parts.scheme else 'that'} is not an http(s) URL: give the "
            "webhook's URL as Discord shows it (Edit channel > Integrations > Webhooks)"
        )
    held = unprintable(url)
    if held is not None:
        raise JournalError(
            f"the URL {mask(url)} holds {held}: copy it again from Discord (Edit channel > "
            "Integrations > Webhooks > Copy Webhook URL) and give it whole, in quotes"
        )
    if parts.scheme != "https" or parts.hostname not in DISCORD_HOSTS:
        return f"{mask(url)} is not Discord's https host: posting there anyway"
    return None


def _file() -> Path:
    return config_file("webhooks.json")


def _load() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    path = _file()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise JournalError(f"{path} cannot be read ({exc.strerror}): move it away") from None
    try:
        found = json.loads(text)
    except ValueError as exc:
        raise JournalError(f"{path} cannot be read ({exc}): move it away") from None
    return found if isinstance(found, dict) else {}


class Webhooks:
    """The webhooks of one campaign of one database."""

    def __init__(self, database: str, campaign: str) -> None:
        self.database = database
        self.campaign = campaign

    def all(self) -> list[Webhook]:
        entries = _load().get(self.database, {}).get(self.campaign, {})
        return [
            Webhook(name, str(e["url"]), str(e["for"]), e.get("thread") or None)
            for name, e in sorted(entries.items())
            if isinstance(e, dict) and "url" in e and "for" in e
        ]

    def named(self, name: str) -> Webhook:
        for found in self.all():
            if found.name.casefold() == name.strip().casefold():
                return found
        known = ", ".join(w.name for w in self.all()) or "none yet"
        raise NotFound(
            f"no webhook {name!r} in campaign {self.campaign!r} (webhooks: {known}); add one "
            "with `journal webhook add NAME URL --for players`"
        )

    def reader(self, journal: Journal, hook: Webhook) -> LinkHolder:
        """Who reads what `hook` is sent: the players, the GM, or the character it is bound
        to, by identity, under their name now. A webhook of an older journal, which named
        its character, is bound here (and kept so) to the one character who ever held
        that name; refused when no one or several did."""
        if hook.audience in (GM, PLAYERS):
            return LinkHolder(journal.campaign, hook.audience)
        everyone = audiences(journal)
        if hook.audience.startswith("character:"):
            for holder in everyone:
                if holder.key == hook.audience:
                    return holder
            raise NotFound(
                f"webhook {hook.name!r} is for a character who is no longer in campaign "
                f"{journal.campaign!r} (their joining was voided): remove it "
                f"(`journal webhook remove {hook.name}`)"
            )
        return self._bind(journal, hook)

    def _bind(self, journal: Journal, hook: Webhook) -> LinkHolder:
        wanted = hook.audience.strip().casefold()
        held = {
            f"character:{entry.joined}": entry.name
            for entry in journal.characters().characters
            if wanted in {n.casefold() for n in (entry.name, *entry.formerly)}
        }
        if len(held) != 1:
            who = (
                f"{len(held)} characters have been called {hook.audience!r} ("
                + ", ".join(f"now {name}" for name in held.values())
                + ")"
                if held
                else f"no character has been called {hook.audience!r}"
            )
            raise JournalError(
                f"webhook {hook.name!r} was added for {hook.audience!r} by an older journal "
                f"and {who}: remove it (`journal webhook remove {hook.name}`) and add it "
                "again with --for the character it is for"
            )
        (key, name), *_ = held.items()
        entries = self._entries()
        entry = entries.get(hook.name)
        if isinstance(entry, dict):
            self._save({**entries, hook.name: {**entry, "for": key}})
        return LinkHolder(journal.campaign, key, name)

    def add(self, hook: Webhook) -> None:
        same = [w.name for w in self.all() if w.name.casefold() == hook.name.casefold()]
        if same:
            raise JournalError(
                f"campaign {self.campaign!r} already has a webhook {same[0]!r}: remove it "
                f"first (`journal webhook remove {same[0]}`) or pick another name"
            )
        entry = {"url": hook.url, "for": hook.audience}
        if hook.thread:
            entry["thread"] = hook.thread
        self._save({**self._entries(), hook.name: entry})

    def remove(self, name: str) -> Webhook:
        found = self.named(name)
        self._save({k: v for k, v in self._entries().items() if k != found.name})
        return found

    def _entries(self) -> dict[str, dict[str, str]]:
        return dict(_load().get(self.database, {}).get(self.campaign, {}))

    def _save(self, entries: dict[str, dict[str, str]]) -> None:
        data = _load()
        campaigns = {**data.get(self.database, {}), self.campaign: entries}
        path = _file()
        try:
            _write_private(path, {**data, self.database: campaigns})
        except OSError as exc:
            raise JournalError(f"cannot keep the webhooks in {path}: {exc.strerror}") from None
