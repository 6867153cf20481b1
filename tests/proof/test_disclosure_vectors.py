"""RFC 9901's own examples of salted parts (sections 4.2.1 to 4.2.4), checked against the
journal's disclosures (`journal.events.disclosure`). How far the format follows the RFC:

- A part's disclosure is RFC 9901's disclosure of an object property, `[salt, name,
  value]` as UTF-8 JSON, base64url without padding; the journal writes that JSON compactly
  with sorted keys: the RFC's "no white space" variant, which section 4.2.1 lists as valid.
- Its digest is RFC 9901's: base64url SHA-256 of the disclosure's ASCII text (4.2.3).
- An event commits to `{"_sd": [digests, sorted], "_sd_alg": "sha-256"}` (4.2.4.1), in
  the place its payload takes in the chain hash; every top-level field of the payload is
  disclosable (none in the clear), none nested (4.2.4's recursive disclosures are not used),
  no decoys (4.2.5: an audience learns how many parts an event has).
- The commitment is the journal's SHA-256 chain and Merkle tree, not a JWS: nothing is
  signed, and a proof carries no key binding (RFC 9901's KB-JWT).
"""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

from journal.events.canonical import canonical_bytes
from journal.events.disclosure import (
    ALGORITHM,
    DisclosureError,
    b64url,
    committed,
    digest,
    disclosure,
    new_salts,
    opened,
    unb64url,
    well_formed_salts,
)

#: RFC 9901 section 4.2.1: `["_26bc4LT-ac6q2KI6cBW5es", "family_name", "Möbius"]`
SALT, NAME, VALUE = "_26bc4LT-ac6q2KI6cBW5es", "family_name", "Möbius"
#: the RFC's disclosure of it (with a space after each comma)
RFC_DISCLOSURE = "WyJfMjZiYzRMVC1hYzZxMktJNmNCVzVlcyIsICJmYW1pbHlfbmFtZSIsICJNw7ZiaXVzIl0"
#: section 4.2.3: its digest
RFC_DIGEST = "X9yH0Ajrdm1Oij4tWso9UzzKJvPoDxwmuEcO3XAdRC0"
#: section 4.2.1's variants of the same claim: "no white space", an escaped umlaut, newlines
NO_WHITE_SPACE = "WyJfMjZiYzRMVC1hYzZxMktJNmNCVzVlcyIsImZhbWlseV9uYW1lIiwiTcO2Yml1cyJd"
ESCAPED = "WyJfMjZiYzRMVC1hYzZxMktJNmNCVzVlcyIsICJmYW1pbHlfbmFtZSIsICJNXHUwMGY2Yml1cyJd"
NEWLINES = "WwoiXzI2YmM0TFQtYWM2cTJLSTZjQlc1ZXMiLAoiZmFtaWx5X25hbWUiLAoiTcO2Yml1cyIKXQ"
#: sections 4.2.2 and 4.2.4.2: an array element's disclosure, and its digest
ARRAY_DISCLOSURE = "WyJsa2x4RjVqTVlsR1RQVW92TU5JdkNBIiwgIkZSIl0"
ARRAY_DIGEST = "w0I8EKcdCtUPkGCNUrfwVp2xEgNjtoIDlOxc9-PlOhs"


def test_the_rfcs_digests() -> None:
    """The digest is taken over the base64url text, not the bytes it encodes."""
    assert digest(RFC_DISCLOSURE) == RFC_DIGEST
    assert digest(ARRAY_DISCLOSURE) == ARRAY_DIGEST
    decoded = base64.urlsafe_b64decode(RFC_DISCLOSURE + "==")
    wrong = base64.urlsafe_b64encode(hashlib.sha256(decoded).digest()).rstrip(b"=").decode()
    assert wrong != RFC_DIGEST  # what hashing the decoded bytes would give


def test_the_journals_disclosure_is_the_rfcs_no_white_space_variant() -> None:
    assert disclosure(SALT, NAME, VALUE) == NO_WHITE_SPACE
    for variant in (RFC_DISCLOSURE, NO_WHITE_SPACE, ESCAPED, NEWLINES):
        assert opened(variant) == (SALT, NAME, VALUE)
    assert json.loads(unb64url(ARRAY_DISCLOSURE)) == ["lklxF5jMYlGTPUovMNIvCA", "FR"]


def test_an_events_commitment_lists_its_parts_digests_sorted() -> None:
    data = {"text": "The lamps go out.", "about": ["Linda"], "gm_only": False}
    salts = new_salts(data)
    expected = sorted(digest(disclosure(salts[k], k, v)) for k, v in data.items())
    assert json.loads(committed(data, salts)) == {"_sd": expected, "_sd_alg": ALGORITHM}
    # the same from the payload's canonical JSON, each value's text undecoded
    assert committed(canonical_bytes(data), salts) == committed(data, salts)
    with pytest.raises(DisclosureError):
        committed(data, {k: v for k, v in salts.items() if k != "text"})


def test_salts_are_at_least_128_random_bits_each() -> None:
    """144 bits (18 bytes: 24 base64url characters, no padding); an import takes 128 and up."""
    salts = new_salts(["a", "b", "c"])
    assert len(set(salts.values())) == 3
    for salt in salts.values():
        assert len(unb64url(salt)) == 18 and b64url(unb64url(salt)) == salt
    assert well_formed_salts({"a": b64url(bytes(16))}) == {"a": b64url(bytes(16))}
    assert new_salts(["a"]) != new_salts(["a"])
    assert well_formed_salts(salts) == salts
    for bad in ({"a": 1}, {"a": "short"}, {"a": "not base64url!"}, ["a"]):
        with pytest.raises(DisclosureError):
            well_formed_salts(bad)
