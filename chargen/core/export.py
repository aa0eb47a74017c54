"""A character as a file: its whole log, sealed, with the rule data it replays under.

Every kind of character a system keeps may declare an `Exporter` on its
`CharacterKind`; this module turns any of them into the same document shape,
published as a JSON Schema in docs/export.schema.json:

- `format`, `version`: "chargen-export", `FORMAT_VERSION`;
- `server_keys`: the public keys the document's signatures name (informative: a
  verifier trusts the keys it already holds, never a file's word for them);
- `characters`: for each, its `kind` ("system.kind"), `id`, the system's own
  description (`character`), the pinned `rule_data` and the `log`, each row with its
  fields, hash, signature and provenance (server, typed, imported or decision).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.utils import timezone

from chargen.core import roll_keys
from chargen.core.chain import log_fields, plain
from chargen.core.log import SUBJECT_FIELD, LogEntryBase
from chargen.core.models import RuleVersion

FORMAT = "chargen-export"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Exporter:
    """How one kind of character leaves the app (and, with `restore`, comes back)."""

    log_model: type[LogEntryBase]
    # The system's own description: name, concept, house rules, sheet rows, ...
    describe: Callable[[Any], dict[str, Any]]
    # The pinned rule data versions it replays under (sha256s).
    rule_versions: Callable[[Any], Sequence[str]] = lambda subject: ()
    # Every such character of a campaign, for the GM's campaign export.
    in_campaign: Callable[[Any], Iterable[Any]] = lambda campaign: ()
    # Import: create it for `owner` from one `characters` item, or raise ImportRefused.
    restore: Callable[[Any, dict[str, Any]], Any] | None = None
    # The words for a log row's kind ("skill_roll" → "Skill roll"), for the verify report.
    kind_label: Callable[[str], str] | None = None


def provenance(row: LogEntryBase, known_keys: dict[str, str]) -> str:
    """What a row's dice are: rolled by this server, typed at the table, or imported.

    "server" is the one claim worth forging (typed faces were chosen by the player
    anyway), so it rests only on what this server checked, never on the file's word:
    a row is this server's roll when its key id is one of this server's keys (a row
    signed here, or an imported one whose signature by that key the import verified:
    chargen.core.imports refuses one that fails) or when it has no hash at all (written
    here before signing began: every row written since is sealed and signed as it is
    saved, and an import refuses unsealed rows). Any other sealed row, with another
    server's key id or none, arrived in a file: imported, unverified here.
    """
    if not row.faces:
        return "decision"
    if row.entered:
        return "typed"
    if row.key_id in known_keys or not row.entry_hash:
        return "server"
    return "imported"


def log_rows(log_model: type[LogEntryBase], subject: models.Model) -> list[LogEntryBase]:
    related = [
        field.name
        for field in log_model._meta.concrete_fields
        if isinstance(field, models.ForeignKey) and field.name != SUBJECT_FIELD
    ]
    rows = log_model._default_manager.filter(**{SUBJECT_FIELD: subject}).order_by("sequence")
    return list(rows.select_related(*related))


def exported_log(
    log_model: type[LogEntryBase], subject: models.Model, known_keys: dict[str, str]
) -> list[dict[str, Any]]:
    return [
        {
            "sequence": row.sequence,
            "fields": log_fields(row),
            "hash": row.entry_hash,
            "signature": row.signature,
            "key_id": row.key_id,
            "provenance": provenance(row, known_keys),
            # isoformat, not plain(): Django's JSON encoder cuts microseconds to
            # milliseconds, and a restore keeps this time exactly.
            "created": row.created.isoformat(),
        }
        for row in log_rows(log_model, subject)
    ]


def exported_rule_data(hashes: Iterable[str]) -> list[dict[str, Any]]:
    wanted = sorted({sha for sha in hashes if sha})
    versions = RuleVersion.objects.filter(sha256__in=wanted).order_by("sha256")
    return [
        {"sha256": version.sha256, "ruleset": version.ruleset, "data": version.data}
        for version in versions
    ]


def character_item(
    kind: str, exporter: Exporter, subject: models.Model, known_keys: dict[str, str]
) -> dict[str, Any]:
    return {
        "kind": kind,
        "id": str(subject.pk),
        "character": plain(exporter.describe(subject)),
        "rule_data": exported_rule_data(exporter.rule_versions(subject)),
        "log": exported_log(exporter.log_model, subject, known_keys),
    }


def document(items: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """The export document around `items` (character_item results)."""
    named = {row["key_id"] for item in items for row in item["log"] if row["key_id"]}
    known = roll_keys.known_public_keys()
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported": plain(timezone.now()),
        "server_keys": {key_id: known[key_id] for key_id in sorted(named) if key_id in known},
        **extra,
        "characters": items,
    }
