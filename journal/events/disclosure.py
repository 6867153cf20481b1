"""Salted parts, the way RFC 9901 (SD-JWT) makes claims selectively disclosable: each
top-level field of an event's payload is a part, hashed with its own salt of 128 random
bits from the operating system, and the chain hash covers the digests instead of the
words. A proof then shows an audience exactly the parts it may see (each with its salt)
and nothing of the rest but a digest.

- A salt is 18 bytes (144 bits) of `os.urandom`, base64url (24 characters: no padding,
  so an event's salts are encoded at once), above the 128 bits RFC 9901 section 4.2.1
  asks; a part's salt is never derived from its content.
- A part's disclosure is the base64url (no padding) of the UTF-8 JSON array
  `[salt, name, value]`, written compactly with sorted keys (the journal's canonical JSON:
  RFC 9901's "no white space" variant); its digest is the base64url SHA-256 of the
  disclosure's ASCII text (section 4.2.3), never of the decoded bytes.
- What the chain hash covers in place of the payload is the object
  `{"_sd": [the digests, sorted], "_sd_alg": "sha-256"}` (section 4.2.4.1), in canonical
  JSON: the payload's fields are all disclosable, none stays in the clear.

`tests/proof/test_disclosure_vectors.py` checks this against the RFC's own examples.
"""

from __future__ import annotations

import binascii
import hashlib
import os
from collections.abc import Mapping
from functools import lru_cache

import msgspec

from journal.events.canonical import canonical_bytes

#: bytes of randomness in a salt: 144 bits, a whole number of base64 groups (RFC 9901
#: asks for at least 128 bits, `LEAST_SALT_BYTES`: what an import takes)
SALT_BYTES = 18
LEAST_SALT_BYTES = 16
_SALT_CHARS = SALT_BYTES * 4 // 3
#: the hash algorithm's name in the committed object (`_sd_alg`)
ALGORITHM = "sha-256"
_URLSAFE = bytes.maketrans(b"+/", b"-_")
_KEY = msgspec.json.Encoder()
#: a payload's fields, each value left as its JSON text (no value is decoded)
_FIELDS = msgspec.json.Decoder(dict[str, msgspec.Raw])


class DisclosureError(ValueError):
    """A disclosure that is not one: the message says why, in a few words."""


def b64url(data: bytes) -> str:
    """base64url without padding (RFC 7515's encoding, which RFC 9901 uses)."""
    return binascii.b2a_base64(data, newline=False).rstrip(b"=").translate(_URLSAFE).decode()


def unb64url(text: str) -> bytes:
    """The bytes of a base64url text without padding; DisclosureError when it is not one."""
    if not isinstance(text, str) or not text.isascii() or "=" in text:
        raise DisclosureError("it is not base64url text")
    try:
        return binascii.a2b_base64(
            (text + "=" * (-len(text) % 4)).translate(str.maketrans("-_", "+/")),
            strict_mode=True,
        )
    except binascii.Error:
        raise DisclosureError("it is not base64url text") from None


def new_salts(names: list[str] | tuple[str, ...] | Mapping[str, object]) -> dict[str, str]:
    """A fresh salt for each name: 144 bits from the operating system's random source."""
    keys = list(names)
    pool = b64url(os.urandom(SALT_BYTES * len(keys)))  # 18 bytes: 24 characters each
    return {key: pool[i * _SALT_CHARS : (i + 1) * _SALT_CHARS] for i, key in enumerate(keys)}


@lru_cache(maxsize=1024)
def _name(name: str) -> bytes:
    """A field's name as JSON (the fields of a payload are few: each encoded once)."""
    return _KEY.encode(name)


def _array(salt: str, name: str, value_json: bytes) -> bytes:
    """The JSON array `[salt, name, value]` as canonical JSON, the value given as its own."""
    return b'["' + salt.encode() + b'",' + _name(name) + b"," + value_json + b"]"


def disclosure(salt: str, name: str, value: object) -> str:
    """The disclosure of the part `name` = `value` under `salt`."""
    return b64url(_array(salt, name, canonical_bytes(value)))


def digest(disclosed: str) -> str:
    """RFC 9901's digest of a disclosure: base64url SHA-256 of its ASCII text."""
    return b64url(hashlib.sha256(disclosed.encode("ascii")).digest())


def _digests(fields: Mapping[str, bytes | msgspec.Raw], salts: Mapping[str, str]) -> list[bytes]:
    """Each field's digest as ASCII bytes, sorted (every append and `verify` make them:
    kept in bytes, each step one C call)."""
    if fields.keys() != salts.keys():
        raise DisclosureError("the salts do not name the payload's fields")
    sha, b2a, urlsafe = hashlib.sha256, binascii.b2a_base64, _URLSAFE
    found = []
    for name, value in fields.items():
        array = b'["' + salts[name].encode() + b'",' + _name(name) + b"," + value + b"]"
        disclosed = b2a(array, newline=False).rstrip(b"=").translate(urlsafe)
        found.append(b2a(sha(disclosed).digest(), newline=False)[:43].translate(urlsafe))
    found.sort()
    return found


def committed(data: Mapping[str, object] | bytes, salts: Mapping[str, str]) -> bytes:
    """What the chain hash covers in place of the payload: the canonical JSON of
    `{"_sd": sorted digests, "_sd_alg": "sha-256"}`. `data` is the payload, or its
    canonical JSON text (each value's digest is then made from its own text, undecoded).
    DisclosureError when the salts do not name exactly the payload's fields."""
    if isinstance(data, bytes):
        fields: Mapping[str, bytes | msgspec.Raw] = _FIELDS.decode(data)
    else:
        fields = {k: canonical_bytes(v) for k, v in data.items()}
    # base64url digests need no escaping: this is the canonical JSON of that object
    return b'{"_sd":["' + b'","'.join(_digests(fields, salts)) + b'"],"_sd_alg":"sha-256"}'


def disclosures(
    data: Mapping[str, object], salts: Mapping[str, str], names: object = None
) -> list[str]:
    """The disclosures of the parts `names` (every part when None), in the payload's order."""
    return [text for _, text in named_disclosures(data, salts, names)]


def named_disclosures(
    data: Mapping[str, object], salts: Mapping[str, str], names: object = None
) -> list[tuple[str, str]]:
    """(name, disclosure) of the parts `names` (every part when None), in the payload's
    order."""
    wanted = None if names is None else set(names)  # type: ignore[call-overload]
    return [
        (k, disclosure(salts[k], k, v)) for k, v in data.items() if wanted is None or k in wanted
    ]


def opened(disclosed: str) -> tuple[str, str, object]:
    """(salt, name, value) of a part's disclosure; DisclosureError when it is not one."""
    try:
        found = msgspec.json.decode(unb64url(disclosed))
    except msgspec.DecodeError:
        raise DisclosureError("it is not JSON") from None
    if (
        not isinstance(found, list)
        or len(found) != 3
        or not isinstance(found[0], str)
        or not isinstance(found[1], str)
    ):
        raise DisclosureError("it is not a [salt, name, value] array")
    return found[0], found[1], found[2]


def well_formed_salts(salts: object) -> dict[str, str]:
    """Salts as an import reads them (an object of field name -> salt text, each at least
    128 bits of base64url); DisclosureError saying what is wrong."""
    if not isinstance(salts, dict):
        raise DisclosureError("salts must be an object of field name -> salt")
    for name, salt in salts.items():
        if not isinstance(salt, str):
            raise DisclosureError(f"the salt of {name!r} is not text")
        try:
            raw = unb64url(salt)
        except DisclosureError:
            raise DisclosureError(f"the salt of {name!r} is not base64url") from None
        if len(raw) < LEAST_SALT_BYTES:
            raise DisclosureError(
                f"the salt of {name!r} holds {len(raw) * 8} bits, fewer than {LEAST_SALT_BYTES * 8}"
            )
    return dict(salts)
