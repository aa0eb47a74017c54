"""Bringing an exported character back: checked whole before anything is saved.

`import_document` refuses, with the reason in words, a file that is too large, not
JSON, nested deeper than any export, not of the published schema
(docs/export.schema.json), whose rule data does not match its hashes, whose log chain
is broken or whose signature by a key this server holds does not verify, a character
already on this server (`AlreadyHere`, which offers a copy), or a log that does not
replay under the rule data it carries (each system's `restore` replays it). One
transaction holds the whole import, so a refusal saves nothing.

Imported as a copy (`as_copy`), each character gets a new id, owned by the importer: a
friend's character, or one's own imported a second time. The file is checked as it
is first; the copy's log is then chained again under the new id (the id is part of
every row's hash), so it verifies as a chain, and its rows are left unsigned: a row
with dice that this server did not roll for this character must never carry this
server's signature, and an unsigned sealed row reads as imported, by the same rule
that judges any file's rows (chargen.core.export.provenance). Typed faces stay typed
and decisions stay decisions. The original, on this server or elsewhere, is untouched.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from django.conf import settings
from django.db import models, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from chargen.core import roll_keys
from chargen.core.chain import GENESIS, chain_hash, chain_message
from chargen.core.export import FORMAT, FORMAT_VERSION
from chargen.core.log import SUBJECT_FIELD, LogEntryBase
from chargen.core.ruledata import canonical, data_hash, rule_version_for
from chargen.core.systems import UnknownSystem, registry
from chargen.core.uploads import MAX_IMPORT_BYTES
from chargen.core.verify import verify_rows
from rules.errors import RulesError

# An export nests about ten deep (tests/chargen/export/test_malformed.py measures it).
MAX_DEPTH = 64
NESTED_TOO_DEEP = f"That file is not a Chargen export (its JSON nests more than {MAX_DEPTH} deep)."
SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "export.schema.json"


class ImportRefused(RulesError):
    """The file cannot be imported; the message says why, in words."""


COPY_OFFER = (
    "To keep both, tick “Import as a new character” and choose the file again: the copy "
    "is yours, under a new identity, and the original stays as it is."
)


class AlreadyHere(ImportRefused):
    """The file's character is on this server already: imported as a copy, it is not."""


def refuse_if_here(model: type[models.Model], item: dict[str, Any], what: str) -> None:
    """Refuse a character (or sheet, `what`) whose id is already on this server."""
    if model._default_manager.filter(pk=item["id"]).exists():
        name = item["character"].get("name")
        raise AlreadyHere(
            f"“{name}” is already on this server (the same {what}): nothing was imported. "
            + COPY_OFFER
        )


@cache
def export_schema() -> dict[str, Any]:
    return dict(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def too_large(size: int) -> str:
    """The refusal of a file (or an upload's whole request) of `size` bytes."""
    return (
        f"That file is {size / 1_048_576:.1f} MB; an export is at most "
        f"{MAX_IMPORT_BYTES // 1_048_576} MB. Nothing was read."
    )


def too_deep(value: Any) -> bool:
    """Whether `value` nests deeper than MAX_DEPTH; walked with a list, not recursion,
    so the check cannot itself run out of stack."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return True
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return False


def read_document(raw: bytes) -> dict[str, Any]:
    """The file's document, or ImportRefused: too large, not JSON, nested too deep, not
    of this format or version, not the schema. The import, the verify page and
    `manage.py verify_export` all read a file through this one gate."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportRefused(too_large(len(raw)))
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ImportRefused("That file is not a Chargen export (it is not JSON).") from None
    except RecursionError:
        raise ImportRefused(NESTED_TOO_DEEP) from None
    # Parsed, a deep document would still exhaust the stack later (the schema check,
    # the chain's canonical JSON), so it is refused here, before any of them.
    if too_deep(document):
        raise ImportRefused(NESTED_TOO_DEEP)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused("That file is not a Chargen export (its format is not named).")
    if document.get("version") != FORMAT_VERSION:
        raise ImportRefused(
            f"That export is of format version {document.get('version')!r}; this server "
            f"reads version {FORMAT_VERSION}."
        )
    problem = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(export_schema()).iter_errors(document)
    )
    if problem is not None:
        where = "/".join(str(part) for part in problem.absolute_path) or "the top level"
        raise ImportRefused(f"That export is malformed at {where}: {problem.message}")
    return document


def store_rule_data(item: dict[str, Any]) -> None:
    for version in item["rule_data"]:
        data = canonical(version["data"])
        if data_hash(data) != version["sha256"]:
            raise ImportRefused(
                f"The rule data {version['sha256'][:12]} does not match its hash: the file "
                "was changed."
            )
        rule_version_for(version["ruleset"], data)


def check_chain(item: dict[str, Any]) -> None:
    """Refuse a broken chain, or a signature by one of our keys that fails."""
    for verdict in verify_rows(item["id"], item["log"], roll_keys.known_public_keys()):
        if verdict.verdict in {"broken", "unsealed"}:
            raise ImportRefused(f"{verdict.words} Nothing was imported.")


def written_at(row: dict[str, Any]) -> datetime:
    """The moment the exporting server wrote `row`, kept as it was."""
    written = parse_datetime(row["created"]) if isinstance(row.get("created"), str) else None
    if written is None or timezone.is_naive(written):
        raise ImportRefused(
            f"Row #{row['sequence']}: its time of writing (“{str(row.get('created'))[:40]}”) "
            "is not a date and time with a time zone. Nothing was imported."
        )
    return written


def log_rows_from(
    log_model: type[LogEntryBase], subject: models.Model, item: dict[str, Any]
) -> list[LogEntryBase]:
    """Insert the exported rows as they were, seals and all; the rows, in order."""
    by_sequence: dict[int, LogEntryBase] = {}
    foreign_keys = {
        field.name
        for field in log_model._meta.concrete_fields
        if isinstance(field, models.ForeignKey) and field.name != SUBJECT_FIELD
    }
    for row in item["log"]:
        if not row["hash"]:
            # check_chain refuses these first; saved, such a row would be sealed and
            # signed with this server's key (LogEntryBase.save), as if rolled here.
            raise ImportRefused(f"Row #{row['sequence']} is not sealed. Nothing was imported.")
        fields = dict(row["fields"])
        fields["created"] = written_at(row)
        for name in foreign_keys:
            target = fields.pop(name, None)
            fields[name] = None if target is None else by_sequence[int(target)]
        entry = log_model(
            **{SUBJECT_FIELD: subject},
            sequence=row["sequence"],
            entry_hash=row["hash"],
            signature=row["signature"],
            key_id=row["key_id"],
            **fields,
        )
        entry.save()
        by_sequence[entry.sequence] = entry
    return list(by_sequence.values())


def as_copy(item: dict[str, Any]) -> dict[str, Any]:
    """The file's character under a new id: its log chained again under that id, each
    row unsigned (see the module's docstring), its fields and times as they were."""
    subject = str(uuid.uuid4())
    previous = GENESIS
    rows = []
    for row in item["log"]:
        message = chain_message(
            subject=subject, sequence=row["sequence"], fields=row["fields"], previous=previous
        )
        previous = chain_hash(message)
        rows.append({**row, "hash": previous, "signature": "", "key_id": ""})
    return {**item, "id": subject, "log": rows}


def import_document(owner: Any, raw: bytes, *, copy: bool = False) -> list[Any]:
    """Every character of the file, created for `owner` (each under a new id when `copy`);
    ImportRefused saves nothing."""
    document = read_document(raw)
    created = []
    with transaction.atomic():
        for item in document["characters"]:
            system_key, _, kind_key = item["kind"].partition(".")
            try:
                kind = registry.get(system_key).character_kind(kind_key)
            except (UnknownSystem, LookupError):
                raise ImportRefused(f"This server keeps no “{item['kind']}” characters.") from None
            if kind.exporter is None or kind.exporter.restore is None:
                raise ImportRefused(f"“{item['kind']}” characters cannot be imported yet.")
            check_chain(item)
            store_rule_data(item)
            created.append(kind.exporter.restore(owner, as_copy(item) if copy else item))
    return created
