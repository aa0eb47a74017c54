"""The kernel's reads of one subject's log (log.py's `write_once`, or a hold on it,
log_key.py): ORM querysets."""

from __future__ import annotations

from typing import Any

from django.db import models

from chargen.core.kept_logs import read_log

# Every log model names its subject (a character or a roller sheet) `character`.
SUBJECT_FIELD = "character"


def _rows(model: type[models.Model], subject: models.Model, **since: int) -> list[Any]:
    rows = model._default_manager.filter(**{SUBJECT_FIELD: subject}, **since)
    return list(rows.order_by("sequence"))


def whole_log(model: type[models.Model], subject: models.Model) -> list[Any]:
    """Every row of the subject's log, oldest first, each with its subject attached: the
    rows this process kept and those added since (kept_logs.py), else the whole log."""
    rows = read_log(
        model,
        subject.pk,
        whole=lambda: _rows(model, subject),
        since=lambda sequence: _rows(model, subject, sequence__gte=sequence),
    )
    for row in rows:
        setattr(row, SUBJECT_FIELD, subject)
    return rows


def lock_row(model: type[models.Model], pk: object) -> list[Any]:
    """The subject's row, locked for this transaction (call inside one): FOR NO KEY
    UPDATE on PostgreSQL (see log.py's lock_subjects); SQLite writes none."""
    return list(model._default_manager.select_for_update(no_key=True).filter(pk=pk))
