"""The GM's webhooks: where `journal post` sends a campaign's handouts, and for whom.

A webhook's URL is a key to the channel (whoever has it can post there), so it is kept as
the link secrets of `journal serve` are: in this user's private state beside the current
campaign (`$XDG_CONFIG_HOME/journal/webhooks.json`, 0600, written whole), keyed by the
database and the campaign; never in the event log, never in an export, and masked in
everything the journal prints (`mask`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from journal.current import config_file
from journal.errors import JournalError, NotFound
from journal.web.links import _write_private

#: Discord's own webhook hosts: any other http(s) URL is taken, with a notice
DISCORD_HOSTS = frozenset(
    {"discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com"}
)


@dataclass(frozen=True)
class Webhook:
    name: str
    url: str
    audience: str  # `players`, `gm` or a character's name
    thread: str | None = None

    @property
    def masked(self) -> str:
        return mask(self.url)


def mask(url: str) -> str:
    """The URL as the journal shows it: its scheme and host, never its path (Discord's
    webhook token is in the path) nor its query."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}/…"


def check_url(url: str) -> str | None:
    """Refuses what is not an http(s) URL; the notice to print when it is not Discord's
    https host (a self-hosted relay, a local stand-in), else None."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise JournalError(
            f"{mask(url) if parts.scheme else 'that'} is not an http(s) URL: give the "
            "webhook's URL as Discord shows it (Edit channel > Integrations > Webhooks)"
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
