"""The two lookups every object page starts with, prepared once per model (issue 13).

An object a URL names is found either among its owner's (`owned`: the owner edits it) or
by its id alone (`by_id`: a viewer whose right the caller then checks, a GM say). Each
is a statement built once per process (prepared_query.py), from the app's own queryset
so its select_related rows come with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import models
from django.db.models import QuerySet

from chargen.core.prepared_query import PreparedQuery, column

M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class OwnedLookup(Generic[M]):
    owned: PreparedQuery[M]
    by_id: PreparedQuery[M]

    def for_owner(self, pk: object, owner_id: object) -> M | None:
        """The object if it exists and `owner_id` owns it."""
        return self.owned.first(pk=pk, owner=owner_id)

    def any(self, pk: object) -> M | None:
        """The object, whoever owns it: the caller decides who may see it."""
        return self.by_id.first(pk=pk)


def owned_lookup(rows: Callable[[], QuerySet[M]], *, owner_field: str = "owner") -> OwnedLookup[M]:
    """Both lookups over `rows()` (a queryset of one model with its related rows)."""
    model: type[Any] = rows().model
    pk = column(model, model._meta.pk.name)
    return OwnedLookup(
        owned=PreparedQuery(
            lambda pk, owner: rows().filter(pk=pk, **{f"{owner_field}_id": owner})[:1],
            pk=pk,
            owner=column(model, owner_field),
        ),
        by_id=PreparedQuery(lambda pk: rows().filter(pk=pk)[:1], pk=pk),
    )
