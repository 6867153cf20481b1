"""The audience links of `journal serve`: an unguessable token per campaign and audience.

A token is an HMAC-SHA256 of (campaign, audience, generation) under a secret of the
database, cut to 160 bits. The secret and the generations (a revoked link's audience gets
the next one) are kept for this user beside the current campaign
(`$XDG_CONFIG_HOME/journal/links.json`, readable by this user only), keyed by the database
as `journal.current` keys it: never in the event log, never in an export, and a database
another machine can read gives nobody the links. An audience is `gm`, `players`, or a
character, keyed by the seq of the event that added them (a rename keeps their link).

Nothing here imports Starlette: `journal links` runs without the serve extra.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from journal.api import Journal, JournalError, NotFound, config_file

GM = "gm"
PLAYERS = "players"
#: bytes of the HMAC a token keeps: 160 bits, above the 128 the issue asks
TOKEN_BYTES = 20


@dataclass(frozen=True)
class Audience:
    """Who a link is for: the GM, the players, or one character (`key` `character:SEQ`)."""

    campaign: str
    key: str
    name: str | None = None  # the character's name now

    @property
    def gm(self) -> bool:
        return self.key == GM

    @property
    def players(self) -> bool:
        return self.key == PLAYERS

    @property
    def character(self) -> str | None:
        return self.name if self.key.startswith("character:") else None

    @property
    def label(self) -> str:
        if self.gm:
            return "the GM"
        return "the players" if self.players else f"{self.name}"


def _file() -> Path:
    return config_file("links.json")


class Keys:
    """This user's link secrets of every database, read from the links file; a revoke
    writes the file whole (never half)."""

    def __init__(self) -> None:
        self._stamp: tuple[int, int] | None = None
        self._data: dict[str, dict[str, object]] = {}

    def stamp(self) -> tuple[int, int] | None:
        """When the links file last changed (None: there is none)."""
        try:
            stat = _file().stat()
        except OSError:
            return None
        return (stat.st_mtime_ns, stat.st_size)

    def _load(self) -> dict[str, dict[str, object]]:
        path = _file()
        try:
            stat = path.stat()
        except OSError:
            self._stamp, self._data = None, {}
            return self._data
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            try:
                found = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise JournalError(f"{path} cannot be read ({exc}): move it away") from None
            self._data = found if isinstance(found, dict) else {}
            self._stamp = stamp
        return self._data

    def of(self, database: str, *, create: bool = False) -> tuple[bytes, Mapping[str, int]] | None:
        """The database's secret and generations; made on first use when `create`."""
        entry = self._load().get(database)
        if not isinstance(entry, dict) or not isinstance(entry.get("secret"), str):
            if not create:
                return None
            entry = {"secret": secrets.token_hex(32), "generations": {}}
            self._save(database, entry)
        generations = entry.get("generations")
        kept = generations if isinstance(generations, dict) else {}
        return bytes.fromhex(str(entry["secret"])), {str(k): int(v) for k, v in kept.items()}

    def revoke(self, database: str, campaign: str, key: str) -> None:
        found = self.of(database, create=True)
        assert found is not None
        secret, generations = found
        slot = f"{campaign}/{key}"
        after = {**generations, slot: generations.get(slot, 0) + 1}
        self._save(database, {"secret": secret.hex(), "generations": after})

    def _save(self, database: str, entry: dict[str, object]) -> None:
        path = _file()
        try:
            _write_private(path, {**self._load(), database: entry})
        except OSError as exc:
            raise JournalError(f"cannot keep the link secret in {path}: {exc.strerror}") from None
        self._stamp = None


def _write_private(target: Path, document: object) -> None:
    """`document` as JSON, readable by this user only, whole or not at all."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        "w", dir=target.parent, delete=False, encoding="utf-8", suffix=".tmp"
    ) as handle:
        os.chmod(handle.name, 0o600)
        json.dump(document, handle, indent=2, sort_keys=True)
    Path(handle.name).replace(target)


def token(secret: bytes, campaign: str, key: str, generation: int) -> str:
    message = f"journal-link\n{campaign}\n{key}\n{generation}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()[:TOKEN_BYTES]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def audiences(journal: Journal) -> list[Audience]:
    """The campaign's audiences: the GM, the players, every character of the story."""
    found = [Audience(journal.campaign, GM), Audience(journal.campaign, PLAYERS)]
    for entry in journal.characters().characters:  # a retired one keeps their handouts
        found.append(Audience(journal.campaign, f"character:{entry.joined}", entry.name))
    return found


def tokens(
    keys: Keys, database: str, journal: Journal, *, create: bool = False
) -> dict[str, Audience]:
    """token -> audience for every audience of the campaign (empty: no secret yet)."""
    found = keys.of(database, create=create)
    if found is None:
        return {}
    secret, generations = found
    return {
        token(secret, a.campaign, a.key, generations.get(f"{a.campaign}/{a.key}", 0)): a
        for a in audiences(journal)
    }


def named(journal: Journal, wanted: str) -> Audience:
    """`gm`, `players` or a character's name (any case) as an audience of the campaign."""
    lowered = wanted.strip().casefold()
    everyone = audiences(journal)
    for audience in everyone:
        if audience.key == lowered or (
            audience.name is not None and audience.name.casefold() == lowered
        ):
            return audience
    names = ", ".join(a.name or a.key for a in everyone)
    raise NotFound(f"no audience {wanted!r} in campaign {journal.campaign!r} (audiences: {names})")


def link(base: str, found: str) -> str:
    return f"{base.rstrip('/')}/{found}/"


def document(base: str, by_token: Mapping[str, Audience]) -> dict[str, object]:
    """`journal links --json`: {"gm": URL, "players": URL, "characters": {NAME: URL}}."""
    result: dict[str, object] = {"gm": None, "players": None}
    characters: dict[str, str] = {}
    for found, audience in by_token.items():
        if audience.character is not None:
            characters[audience.character] = link(base, found)
        else:
            result[audience.key] = link(base, found)
    result["characters"] = characters
    return result
