"""A sheet's own rows (its attributes, specialities, crises, latest rolls) read through
statements built once per process (prepared_query.py), as `sheet.<related>.all()` reads.

A roller sheet's page reads five or six such lists; Django builds each one's SQL afresh
on every request, which cost more than the sheet's odds (issue 13). Each row gets its
sheet attached as the related manager would attach it, so reading `row.character`
later costs no query.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import models

from chargen.core.prepared_query import PreparedQuery, column

M = TypeVar("M", bound=models.Model)


@cache
def _statement(
    model: type[models.Model],
    parent_field: str,
    order_by: tuple[str, ...],
    limit: int | None,
    related: tuple[str, ...],
    exact: tuple[tuple[str, object], ...],
) -> PreparedQuery[Any]:
    def build(parent: object) -> Any:
        rows = model._default_manager.filter(**{parent_field: parent}, **dict(exact))
        if related:
            rows = rows.select_related(*related)
        if order_by:
            rows = rows.order_by(*order_by)
        return rows[:limit] if limit is not None else rows

    return PreparedQuery(build, parent=column(model, parent_field))


def rows_of(
    model: type[M],
    parent: models.Model,
    *,
    parent_field: str = "character",
    order_by: Sequence[str] = (),
    limit: int | None = None,
    related: Sequence[str] = (),
    exact: Sequence[tuple[str, object]] = (),
) -> list[M]:
    """`model`'s rows whose `parent_field` is `parent`, in `order_by` (else the model's
    order), at most `limit`, with `related` selected and each `exact` (name, constant)
    filter applied: constants of the statement, never a user's value."""
    statement = _statement(
        model, parent_field, tuple(order_by), limit, tuple(related), tuple(exact)
    )
    found: list[M] = statement.all(parent=parent.pk)
    for row in found:
        setattr(row, parent_field, parent)
    return found
