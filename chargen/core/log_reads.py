"""The kernel's reads of one subject's log, prepared once per log model (prepared_query.py).

Every write locks its subject and reads the log (log.py's `write_once`), and every form
with a one-time key looks that key up first (log_key.py): four statements on every
click of a wizard or a roller, whose SQL Django otherwise builds afresh each time. Each
is the same queryset the kernel used before, built once per process and database.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import models

from chargen.core.prepared_query import PreparedQuery, column
from chargen.core.sheet_rows import rows_of

# Every log model names its subject (a character or a roller sheet) `character`.
SUBJECT_FIELD = "character"


@cache
def _newest_row(model: type[models.Model]) -> PreparedQuery[Any]:
    return PreparedQuery(
        lambda subject: (
            model._default_manager.filter(**{SUBJECT_FIELD: subject})
            .order_by("-sequence")
            .only("sequence")[:1]
        ),
        subject=column(model, SUBJECT_FIELD),
    )


@cache
def _row_at(model: type[models.Model]) -> PreparedQuery[Any]:
    return PreparedQuery(
        lambda subject, sequence: model._default_manager.filter(
            **{SUBJECT_FIELD: subject, "sequence": sequence}
        )[:1],
        subject=column(model, SUBJECT_FIELD),
        sequence=column(model, "sequence"),
    )


@cache
def _locked_row(model: type[models.Model]) -> PreparedQuery[Any]:
    # FOR NO KEY UPDATE on PostgreSQL (see log.py's lock_subjects); SQLite writes none.
    return PreparedQuery(
        lambda pk: model._default_manager.select_for_update(no_key=True).filter(pk=pk),
        pk=model._meta.pk,
    )


def whole_log(model: type[models.Model], subject: models.Model) -> list[Any]:
    """Every row of the subject's log, oldest first, each with its subject attached."""
    return rows_of(model, subject, parent_field=SUBJECT_FIELD, order_by=("sequence",))


def last_sequence(model: type[models.Model], subject: models.Model) -> int:
    """The log's last sequence, 0 while it is empty."""
    newest = _newest_row(model).first(subject=subject.pk)
    return int(newest.sequence) if newest is not None else 0


def row_at(model: type[models.Model], subject: models.Model, sequence: int) -> Any:
    """The row at this sequence, or None."""
    return _row_at(model).first(subject=subject.pk, sequence=sequence)


def lock_row(model: type[models.Model], pk: object) -> list[Any]:
    """The subject's row, locked for this transaction (call inside one)."""
    return _locked_row(model).all(pk=pk)
