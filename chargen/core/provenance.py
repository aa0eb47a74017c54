"""Where a character's dice came from, counted for its sheet and the GM's card.

A row with faces was rolled by this server (signed by a key this server holds), typed
in from physical dice, or imported from a file (signed by a key this server does not
hold, or by none: unverified here, though the verify page checks it with the other
server's public key). chargen.core.export.provenance decides, from the row's seal.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.cache import caches
from django.db.models import Count, Q

from chargen.core import roll_keys, row_cache
from chargen.core.export import provenance
from chargen.core.log import SUBJECT_FIELD, LogEntryBase
from chargen.core.systems import registry


@dataclass(frozen=True)
class DiceProvenance:
    server: int = 0
    typed: int = 0
    imported: int = 0

    @property
    def total(self) -> int:
        return self.server + self.typed + self.imported

    def __add__(self, other: DiceProvenance) -> DiceProvenance:
        return DiceProvenance(
            server=self.server + other.server,
            typed=self.typed + other.typed,
            imported=self.imported + other.imported,
        )


def log_model_of(subject: Any) -> type[LogEntryBase] | None:
    """The log model whose rows belong to this kind of character."""
    for system in registry.all():
        for kind in system.character_kinds:
            exporter = kind.exporter
            if exporter is None:
                continue
            subject_model = exporter.log_model._meta.get_field(SUBJECT_FIELD).related_model
            if subject_model is type(subject):
                return exporter.log_model
    return None


def dice_provenance(subject: Any, *, through: int | None = None) -> DiceProvenance:
    """The counts for `subject`'s whole log (up to the row at sequence `through`, when
    given), counted by the database: a few groups (typed or not, by signing key, with how
    many are unsealed), never a row per roll, so a log of 2,000 rolls costs what one of
    20 does. The rule is `provenance`'s."""
    log_model = log_model_of(subject)
    if log_model is None:
        return DiceProvenance()
    rows = log_model._default_manager.filter(**{SUBJECT_FIELD: subject})
    if through is not None:
        rows = rows.filter(sequence__lte=through)
    groups = list(
        rows.exclude(faces=[])  # a decision: no dice
        .values("entered", "key_id")
        .annotate(rolls=Count("pk"), unsealed=Count("pk", filter=Q(entry_hash="")))
        .order_by()
    )
    known = roll_keys.known_public_keys_covering(group["key_id"] for group in groups)
    server = typed = imported = 0
    for group in groups:
        if group["entered"]:
            typed += group["rolls"]
        elif group["key_id"] in known:
            server += group["rolls"]
        else:  # unsealed rows were rolled here before signing began
            server += group["unsealed"]
            imported += group["rolls"] - group["unsealed"]
    return DiceProvenance(server=server, typed=typed, imported=imported)


def cached_dice_provenance(
    subject: Any, newest: LogEntryBase | None, before: LogEntryBase | None = None
) -> DiceProvenance:
    """`dice_provenance(subject)` for a page that has loaded the log's newest row anyway
    (the sheets), kept in the row cache (chargen/core/row_cache.py) under a key naming
    what the counts depend on, so it is never stale and never invalidated:

    - the subject and its newest row's sequence and `entry_hash`: rows are only ever
      appended (1..n, never removed), so the newest sequence names the set of rows, and a
      row's faces and `entered` never change. Sealing an old row (`manage.py seal_logs`)
      changes its hash but not its count: unsealed and sealed-here both read "server";
    - the ids of the keys this server knows (a row is this server's roll when its key id
      is one of them): a key learnt later is a new key.

    `before` is the row just before `newest`, when the page has it too (a sheet's newest
    page): the counts kept for it plus `newest`'s own are the counts now, so the answer
    to a roll adds one row instead of counting the whole log again in the database.
    """
    if newest is None:
        return DiceProvenance()
    known = sorted(roll_keys.known_public_keys_covering(()))
    store = caches[row_cache.CACHE_ALIAS]
    key = _provenance_key(subject, newest, known)
    found = store.get(key)
    if isinstance(found, DiceProvenance):
        return found
    counted: DiceProvenance | None = None
    if before is not None and before.sequence == newest.sequence - 1:
        kept = store.get(_provenance_key(subject, before, known))
        if isinstance(kept, DiceProvenance):
            counted = kept + provenance_of([newest])
    if counted is None:
        # Up to `newest` only: a roll committed since the page read its log belongs to
        # the next row's counts, and would be counted twice when they add that row.
        counted = dice_provenance(subject, through=newest.sequence)
    store.set(key, counted, timeout=row_cache.TIMEOUT)
    return counted


def _provenance_key(subject: Any, row: LogEntryBase, known: list[str]) -> str:
    document = [str(subject.pk), row.sequence, row.entry_hash, known]
    digest = hashlib.sha256(json.dumps(document).encode("utf-8")).hexdigest()
    return f"provenance:v1:{type(subject)._meta.label_lower}:{digest}"


def provenance_of(rows: Iterable[LogEntryBase]) -> DiceProvenance:
    """The counts for a whole log a page has loaded anyway (the Drifting token sheet)."""
    listed = list(rows)
    counts = {"server": 0, "typed": 0, "imported": 0, "decision": 0}
    known = roll_keys.known_public_keys_covering(row.key_id for row in listed)
    for row in listed:
        counts[provenance(row, known)] += 1
    return DiceProvenance(
        server=counts["server"], typed=counts["typed"], imported=counts["imported"]
    )


def imported_sequences(rows: Iterable[LogEntryBase]) -> frozenset[int]:
    """The sequences of the rows whose dice came in with a file (unverified here), by
    the same rule as the counts: for a log drawn row by row (the GM's roll log)."""
    listed = list(rows)
    known = roll_keys.known_public_keys_covering(row.key_id for row in listed)
    return frozenset(row.sequence for row in listed if provenance(row, known) == "imported")
