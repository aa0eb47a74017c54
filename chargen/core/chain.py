"""Each log is a hash chain, and every row of it is signed by the server's Ed25519 key.

A row's hash is the sha256 of one canonical JSON text naming the subject (the
character's id), the row's sequence, its fields (kind, payload, dice, faces, whether
the faces were typed, ...) and the previous row's hash; the server signs that hash.
So changing a face, removing a row or moving one breaks the chain or a signature,
in the database or in an exported file, and anyone holding the server's public key
(published at /.well-known/chargen-signing-keys.json) can check it.

The same functions build the chain when a row is written (`seal`) and check it in an
export (chargen.core.verify), so the two can never disagree about the bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from chargen.core import roll_keys

if TYPE_CHECKING:
    from chargen.core.log import LogEntryBase

CHAIN_VERSION = 1
GENESIS = ""  # the "previous hash" of a log's first row
# Fields that are the chain itself, or bookkeeping that is not part of what happened.
NOT_CHAINED = frozenset(
    {"id", "character", "sequence", "created", "entry_hash", "signature", "key_id"}
)


def plain(value: Any) -> Any:
    """`value` as JSON values, as the export writes them (UUIDs and dates as text)."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder, sort_keys=True))


def log_fields(entry: LogEntryBase) -> dict[str, Any]:
    """What a row records, by field name; a reference to another row of the same log
    (a push's pool roll) is that row's sequence."""
    fields: dict[str, Any] = {}
    for field in type(entry)._meta.concrete_fields:
        if field.name in NOT_CHAINED:
            continue
        if isinstance(field, models.ForeignKey):
            target = getattr(entry, field.name)
            fields[field.name] = None if target is None else target.sequence
        else:
            fields[field.name] = getattr(entry, field.attname)
    return plain(fields)


def chain_message(*, subject: str, sequence: int, fields: dict[str, Any], previous: str) -> bytes:
    document = {
        "chain": CHAIN_VERSION,
        "subject": subject,
        "sequence": sequence,
        "fields": fields,
        "previous": previous,
    }
    text = json.dumps(plain(document), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def chain_hash(message: bytes) -> str:
    return hashlib.sha256(message).hexdigest()


def previous_hash(entry: LogEntryBase) -> str:
    """The hash of the row before `entry` in its log (GENESIS for the first)."""
    if entry.sequence <= 1:
        return GENESIS
    subject_id = entry.character_id  # type: ignore[attr-defined]
    found = (
        type(entry)
        ._default_manager.filter(**{"character_id": subject_id, "sequence": entry.sequence - 1})
        .values_list("entry_hash", flat=True)
        .first()
    )
    return str(found or GENESIS)


def hash_after(entries: Sequence[LogEntryBase]) -> str:
    """The "previous hash" of the row that follows `entries` (a whole log, oldest first,
    as a write read it under its lock): what `previous_hash` would read back."""
    return (entries[-1].entry_hash if entries else GENESIS) or GENESIS


def seal(entry: LogEntryBase, previous: str | None = None) -> None:
    """Give an unsaved row its place in the chain and the server's signature.

    `previous` is the hash of the row before it when the caller has it (a batch of
    rows sealed in order); otherwise it is read from the database.
    """
    message = chain_message(
        subject=str(entry.character_id),  # type: ignore[attr-defined]
        sequence=entry.sequence,
        fields=log_fields(entry),
        previous=previous_hash(entry) if previous is None else previous,
    )
    entry.entry_hash = chain_hash(message)
    entry.signature, entry.key_id = roll_keys.sign(entry.entry_hash.encode("ascii"))


def seal_in_order(entries: list[LogEntryBase]) -> None:
    """Seal unsaved rows of one log that follow each other (one bulk insert)."""
    previous: str | None = None
    for entry in sorted(entries, key=lambda row: row.sequence):
        if not entry.entry_hash:
            seal(entry, previous)
        previous = entry.entry_hash
