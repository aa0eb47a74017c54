"""The kernel's reads of one subject's log, prepared once per log model (prepared_query.py).

Every write locks its subject and reads the log (log.py's `write_once`, or a hold on it,
log_key.py): statements on every click of a wizard or a roller, whose SQL Django
otherwise builds afresh each time. Each is the same queryset the kernel used before,
built once per process and database.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import models

from chargen.core.kept_logs import read_log
from chargen.core.prepared_query import PreparedQuery, column
from chargen.core.sheet_rows import rows_of

# Every log model names its subject (a character or a roller sheet) `character`.
SUBJECT_FIELD = "character"


@cache
def _locked_row(model: type[models.Model]) -> PreparedQuery[Any]:
    # FOR NO KEY UPDATE on PostgreSQL (see log.py's lock_subjects); SQLite writes none.
    return PreparedQuery(
        lambda pk: model._default_manager.select_for_update(no_key=True).filter(pk=pk),
        pk=model._meta.pk,
    )


@cache
def _rows_since(model: type[models.Model]) -> PreparedQuery[Any]:
    return PreparedQuery(
        lambda subject, since: model._default_manager.filter(
            **{SUBJECT_FIELD: subject, "sequence__gte": since}
        ).order_by("sequence"),
        subject=column(model, SUBJECT_FIELD),
        since=column(model, "sequence"),
    )


def whole_log(model: type[models.Model], subject: models.Model) -> list[Any]:
    """Every row of the subject's log, oldest first, each with its subject attached: the
    rows this process kept and those added since (kept_logs.py), else the whole log."""
    rows = read_log(
        model,
        subject.pk,
        whole=lambda: rows_of(model, subject, parent_field=SUBJECT_FIELD, order_by=("sequence",)),
        since=lambda sequence: _rows_since(model).all(subject=subject.pk, since=sequence),
    )
    for row in rows:
        setattr(row, SUBJECT_FIELD, subject)
    return rows


def lock_row(model: type[models.Model], pk: object) -> list[Any]:
    """The subject's row, locked for this transaction (call inside one)."""
    return _locked_row(model).all(pk=pk)
