"""The server's Ed25519 key, which signs every log row it writes.

The private key comes from the environment (`CHARGEN_SIGNING_KEY`: the 32 raw bytes,
URL-safe base64; `make run` generates one for development and prints it). Without it
each process makes up its own key, as with SECRET_KEY: every signature still verifies,
because each public key is recorded in `SigningKey` the first time it signs, but
`check --deploy` warns so that production uses one stable key.

Rotation: set a new `CHARGEN_SIGNING_KEY`. The old public key stays in `SigningKey`
(and on the published list at /.well-known/chargen-signing-keys.json), so every
signature made with it still verifies; its private key is no longer needed.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.conf import settings
from django.core.cache import cache as django_cache
from django.db import transaction

from chargen.core.models import SigningKey

KEY_ID_LENGTH = 16


def b64encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii")


def b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text.encode("ascii") + b"=" * (-len(text) % 4))


def key_id_of(public_raw: bytes) -> str:
    """A short name for a public key: the start of its sha256."""
    return hashlib.sha256(public_raw).hexdigest()[:KEY_ID_LENGTH]


def public_raw(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def new_private_key_text() -> str:
    """A fresh private key as `CHARGEN_SIGNING_KEY` holds it."""
    from cryptography.hazmat.primitives.serialization import NoEncryption, PrivateFormat

    key = Ed25519PrivateKey.generate()
    return b64encode(key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()))


@dataclass(frozen=True)
class ServerKey:
    private: Ed25519PrivateKey
    key_id: str
    public_text: str


@cache
def _key_from_text(text: str) -> ServerKey:
    private = Ed25519PrivateKey.from_private_bytes(b64decode(text))
    raw = public_raw(private.public_key())
    return ServerKey(private=private, key_id=key_id_of(raw), public_text=b64encode(raw))


@cache
def _random_process_key() -> str:
    return new_private_key_text()


def server_key() -> ServerKey:
    """The key this process signs with (the environment's, else one made up for it)."""
    text = getattr(settings, "CHARGEN_SIGNING_KEY", "") or _random_process_key()
    return _key_from_text(text)


_recorded: set[str] = set()


def signing_key() -> ServerKey:
    """The server key, its public half recorded (once per process) for verifiers."""
    key = server_key()
    if key.key_id not in _recorded:
        SigningKey.objects.get_or_create(
            key_id=key.key_id, defaults={"public_key": key.public_text}
        )
        # Only once the row is committed: a rolled-back write must record it again.
        transaction.on_commit(lambda: _recorded.add(key.key_id))
    return key


def sign(message: bytes) -> tuple[str, str]:
    """(signature, key id) for `message`."""
    key = signing_key()
    return b64encode(key.private.sign(message)), key.key_id


def verifies(public_text: str, signature_text: str, message: bytes) -> bool:
    """Whether `signature_text` is the holder of `public_text`'s signature of `message`."""
    try:
        key = Ed25519PublicKey.from_public_bytes(b64decode(public_text))
        key.verify(b64decode(signature_text), message)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


def is_private_key(text: str) -> bool:
    """Whether `text` is what `CHARGEN_SIGNING_KEY` must hold: a raw Ed25519 private key
    in URL-safe base64 (a truncated or mistyped one would make every roll fail)."""
    try:
        Ed25519PrivateKey.from_private_bytes(b64decode(text))
    except (ValueError, TypeError):
        return False
    return True


def is_public_key(text: str) -> bool:
    """Whether `text` is a raw Ed25519 public key in URL-safe base64."""
    try:
        Ed25519PublicKey.from_public_bytes(b64decode(text))
    except (ValueError, TypeError):
        return False
    return True


def known_public_keys() -> dict[str, str]:
    """Every public key this server has signed with: key id → public key."""
    key = server_key()
    known = dict(SigningKey.objects.values_list("key_id", "public_key"))
    return {**known, key.key_id: key.public_text}


KNOWN_KEYS_CACHE_KEY = "signing-keys:v1"
KNOWN_KEYS_TIMEOUT = 60 * 60  # seconds; only frees memory (see below)


def known_public_keys_covering(key_ids: Iterable[str]) -> dict[str, str]:
    """`known_public_keys()`, from Django's cache when it already knows every id asked.

    The sheets and roller pages count where each roll came from (chargen/core/provenance)
    and ran this query on every page. A key id is the hash of its public key
    and a SigningKey row is kept for good, so an id once known stays known with the same
    key: the cached map is right about every id it holds. An id it does not hold (a key
    another worker started signing with, or an imported row's foreign key) reads the
    table again, so the answer is never stale for the ids asked about. (Deleting a
    SigningKey row, which nothing in Chargen does, would leave its id known in a cache for
    up to KNOWN_KEYS_TIMEOUT.)
    """
    wanted = {key_id for key_id in key_ids if key_id}
    # For the same reason this process keeps every pair it has been told: a wizard click
    # asks about the same one or two ids, and Redis's round trip costs more than the
    # rest of the question. (Asked about no id, the answer is the whole list: from the
    # cache, as before.)
    if wanted and wanted <= _known_here.keys():
        return dict(_known_here)  # a copy: the caller's to keep, whatever is told later
    cached: dict[str, str] | None = django_cache.get(KNOWN_KEYS_CACHE_KEY)
    if cached is not None and wanted <= cached.keys():
        _known_here.update(cached)
        return cached
    known = known_public_keys()
    django_cache.set(KNOWN_KEYS_CACHE_KEY, known, timeout=KNOWN_KEYS_TIMEOUT)
    _known_here.update(known)
    return known


# Key id → public key, as this process was told them: never changed once told (an id is
# the hash of its key), so never stale for an id it holds.
_known_here: dict[str, str] = {}


def forget_known_keys_here() -> None:
    """What a restarted process starts without: the keys it was told, and which of its
    own it has recorded (a test's database is new, so its key must be recorded again)."""
    _known_here.clear()
    _recorded.clear()
