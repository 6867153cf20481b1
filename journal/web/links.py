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
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from journal.api.errors import JournalError, NotFound
from journal.api.files import config_file
from journal.api.journal import Journal

GM = "gm"
PLAYERS = "players"
#: bytes of the HMAC a token keeps: 160 bits, above the 128 the issue asks
TOKEN_BYTES = 20


@dataclass(frozen=True)
class LinkHolder:
    """Who a link is for: the GM, the players, or one character (`key` `character:SEQ`).
    What their pages show goes through the audience filter, `journal.api.handouts.Audience`."""

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
            self._data = _read_links(path)
            self._stamp = stamp
        return self._data

    def of(self, database: str, *, create: bool = False) -> Secrets | None:
        """The database's secret and per-audience keys; made on first use when `create`."""
        entry = self._load().get(database)
        if entry is None:
            if not create:
                return None
            entry = {"secret": secrets.token_hex(SECRET_BYTES), "generations": {}, "keys": {}}
            self._save(database, entry)
        return _secrets(entry)

    def revoke(self, database: str, campaign: str, key: str) -> None:
        """A new random key for this audience's link: the old link, and whatever was
        computed from the old secret, opens nothing any more."""
        found = self.of(database, create=True)
        assert found is not None
        slot = f"{campaign}/{key}"
        entry: dict[str, object] = {
            "secret": found.secret.hex(),
            "generations": dict(found.generations),
            "keys": {**{k: v.hex() for k, v in found.keys.items()},
                     slot: secrets.token_hex(SECRET_BYTES)},
        }  # fmt: skip
        self._save(database, entry)

    def _save(self, database: str, entry: dict[str, object]) -> None:
        path = _file()
        try:
            _write_private(path, {**self._load(), database: entry})
        except OSError as exc:
            raise JournalError(f"cannot keep the link secret in {path}: {exc.strerror}") from None
        self._stamp = None


#: bytes of randomness of a link secret (and of an audience's own key)
SECRET_BYTES = 32
#: the largest links file read
LARGEST = 64 * 1024


@dataclass(frozen=True)
class Secrets:
    """A database's link secret, and the keys of audiences whose links were revoked."""

    secret: bytes
    generations: Mapping[str, int]
    keys: Mapping[str, bytes]

    def token(self, campaign: str, key: str) -> str:
        slot = f"{campaign}/{key}"
        secret = self.keys.get(slot, self.secret)
        return token(secret, campaign, key, self.generations.get(slot, 0))


def _refused(path: Path, why: str, fix: str) -> JournalError:
    return JournalError(f"the links file {path} {why}: {fix}")


def _read_links(path: Path) -> dict[str, dict[str, object]]:
    """The links file, read as `current.json` is (never through a link, never blocking on
    a FIFO, at most 64 KB), and only when this user alone can read it."""
    import errno
    import stat

    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _refused(path, "is a symbolic link", f"remove it (`rm {path}`)") from None
        raise _refused(path, f"cannot be read ({exc.strerror})", "move it away") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refused(path, "is not a regular file", f"remove it (`rm {path}`)")
        if info.st_size > LARGEST:
            raise _refused(path, f"holds {info.st_size:,} bytes (at most {LARGEST:,})",
                           f"move it away (`mv {path} {path}.old`)")  # fmt: skip
        if stat.S_IMODE(info.st_mode) & 0o077:
            raise _refused(path, f"can be read by others (mode {stat.S_IMODE(info.st_mode):o})",
                           f"`chmod 600 {path}`")  # fmt: skip
        folder = os.stat(path.parent)
        if stat.S_IMODE(folder.st_mode) & 0o077:
            raise _refused(path, f"is in a folder others can open "
                           f"(mode {stat.S_IMODE(folder.st_mode):o})",
                           f"`chmod 700 {path.parent}`")  # fmt: skip
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(LARGEST + 1)
    finally:
        os.close(fd)
    try:
        found = json.loads(data.decode("utf-8"))
    except ValueError:
        found = None
    if not isinstance(found, dict) or not all(isinstance(v, dict) for v in found.values()):
        raise _refused(path, "is not a links file", f"move it away (`mv {path} {path}.old`; "
                       "every link changes)")  # fmt: skip
    for entry in found.values():
        _secrets(entry, path)  # each one checked now: one Error line, before any page
    return found


def _key_of(text: object, path: Path | None) -> bytes:
    try:
        key = bytes.fromhex(text) if isinstance(text, str) else b""
    except ValueError:
        key = b""
    if len(key) < SECRET_BYTES:
        where = path or _file()
        raise _refused(where, f"holds an empty, short or malformed secret (at least "
                       f"{SECRET_BYTES} random bytes, in hex)",
                       f"move it away (`mv {where} {where}.old`; every link changes)")  # fmt: skip
    return key


def _secrets(entry: dict[str, object], path: Path | None = None) -> Secrets:
    generations = entry.get("generations")
    keys = entry.get("keys")
    kept = generations if isinstance(generations, dict) else {}
    own = keys if isinstance(keys, dict) else {}
    try:
        counted = {str(k): int(v) for k, v in kept.items()}
    except (TypeError, ValueError):
        counted = {}
    return Secrets(
        _key_of(entry.get("secret"), path),
        counted,
        {str(k): _key_of(v, path) for k, v in own.items()},
    )


def _write_private(target: Path, document: object) -> None:
    """`document` as JSON, readable by this user only, whole or not at all (the one safe
    writer, `journal.files.write_private`: flushed to the disk, a link at its name replaced,
    never followed)."""
    from journal.api.files import write_private

    write_private(target, json.dumps(document, indent=2, sort_keys=True))


def token(secret: bytes, campaign: str, key: str, generation: int) -> str:
    message = f"journal-link\n{campaign}\n{key}\n{generation}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()[:TOKEN_BYTES]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def audiences(journal: Journal, characters: bool = True) -> list[LinkHolder]:
    """The campaign's audiences: the GM, the players, every character of the story (not
    without `characters`: a campaign whose cast cannot be read)."""
    found = [LinkHolder(journal.campaign, GM), LinkHolder(journal.campaign, PLAYERS)]
    for entry in journal.characters().characters if characters else ():
        # a retired one keeps their handouts
        found.append(LinkHolder(journal.campaign, f"character:{entry.joined}", entry.name))
    return found


def tokens(
    keys: Keys, database: str, journal: Journal, *, create: bool = False, characters: bool = True
) -> dict[str, LinkHolder]:
    """token -> audience for every audience of the campaign (empty: no secret yet)."""
    found = keys.of(database, create=create)
    if found is None:
        return {}
    return {found.token(a.campaign, a.key): a for a in audiences(journal, characters)}


def named(journal: Journal, wanted: str) -> LinkHolder:
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


def document(base: str, by_token: Mapping[str, LinkHolder]) -> dict[str, object]:
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
