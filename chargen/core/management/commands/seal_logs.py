"""Seal the log rows written before signing began: hash chain and signature.

Rows are sealed in each log's order, so the chain runs unbroken from the first row.
This is the one place a log row is changed after it was written: it fills the seal
columns a row never had, and nothing a row records; each subject's log version
(log_version.py) then names its newest row's hash too. Safe to run again: sealed rows
are left alone.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import transaction

from chargen.core.chain import seal
from chargen.core.log import SUBJECT_FIELD, LogEntryBase, subject_model
from chargen.core.log_version import record_version

SUBJECT_ID = f"{SUBJECT_FIELD}_id"


def log_models() -> list[type[LogEntryBase]]:
    return [model for model in apps.get_models() if issubclass(model, LogEntryBase)]


def seal_unsealed(model: type[LogEntryBase]) -> int:
    """Seal every unsealed row of `model`; the number sealed."""
    sealed = 0
    subjects = (
        model._base_manager.filter(entry_hash="").values_list(SUBJECT_ID, flat=True).distinct()
    )
    for subject_id in list(subjects):
        with transaction.atomic():
            rows = list(model._base_manager.filter(**{SUBJECT_ID: subject_id}).order_by("sequence"))
            for row in rows:
                if row.entry_hash:
                    continue
                seal(row)
                model._base_manager.filter(pk=row.pk).update(
                    entry_hash=row.entry_hash, signature=row.signature, key_id=row.key_id
                )
                sealed += 1
            # The subject's version named its newest row by sequence alone: now its hash.
            record_version(subject_model(model), subject_id, rows[-1])
    return sealed


class Command(BaseCommand):
    help = "Seal (hash-chain and sign) log rows written before signing began."

    def handle(self, *args: Any, **options: Any) -> None:
        for model in log_models():
            count = seal_unsealed(model)
            self.stdout.write(f"{model._meta.label}: {count} rows sealed")
