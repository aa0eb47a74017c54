"""Where a character's dice came from, counted for its sheet and the GM's card.

A row with faces was rolled by this server (signed by a key this server holds), typed
in from physical dice, or imported from a file (signed by a key this server does not
hold, or by none: unverified here, though the verify page checks it with the other
server's public key). chargen.core.export.provenance decides, from the row's seal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from chargen.core import roll_keys
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


def dice_provenance(subject: Any) -> DiceProvenance:
    log_model = log_model_of(subject)
    if log_model is None:
        return DiceProvenance()
    return counted_provenance(
        log_model._default_manager.filter(**{SUBJECT_FIELD: subject}).only(
            "faces", "entered", "key_id", "entry_hash", "sequence"
        )
    )


def counted_provenance(log: Iterable[LogEntryBase]) -> DiceProvenance:
    """The counts of a whole log its page has already loaded (the Infinity Drive sheet's
    `finish.log`): the same figures as `dice_provenance`, without reading the log again."""
    counts = {"server": 0, "typed": 0, "imported": 0, "decision": 0}
    rows = list(log)
    known = roll_keys.known_public_keys_covering(row.key_id for row in rows)
    for row in rows:
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
