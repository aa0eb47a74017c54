"""A queryset's SQL built once per process and database, then run with new values.

Django builds a queryset's SQL afresh on every evaluation. For the lookups every page
makes (the character, sheet or campaign a URL names, the home page's lists) that costs
more than the query: `character_for_owner` spent 0.6 ms in the SQL compiler and 0.6 ms
building the filter, for a statement SQLite answers in 0.06 ms (issue 13). The desk
badge solved this with hand-written SQL (chargen/desk/unseen_sql.py); this does it for
any queryset, so the statement is still the ORM's own:

    _owned = PreparedQuery(
        lambda pk, owner: Character.objects.filter(pk=pk, owner_id=owner)[:1],
        pk=Character._meta.pk,
        owner=Character._meta.get_field("owner"),
    )
    character = _owned.first(pk=character_id, owner=user.pk)

The queryset is built once per database (twice, in fact) with random sentinels for its
parameters; the positions where the sentinels show are where each call's values go, prepared
by the field named for them exactly as the ORM prepares a filter's value (a UUID is its
hex text on SQLite, a UUID on PostgreSQL). Values are always bound parameters, never
text in the statement: a sentinel that shows up in the SQL text itself, or not at all
(a lookup that rewrites its value, like `icontains`), refuses to prepare. Rows become
instances as Django's ModelIterable makes them (`from_db`, select_related's populators,
annotations), converted with the calling thread's connection. As the ORM: a lock
(select_for_update) outside a transaction is refused on every call, and an integer beyond
its column's range finds nothing; unlike it, None is refused (the ORM would mean IS NULL).
tests/chargen/core/test_prepared_query.py compares prepared queries with their querysets
on both databases.
"""

from __future__ import annotations

import copy
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from django.core.exceptions import ImproperlyConfigured
from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.models.query import QuerySet, get_related_populators
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=models.Model)

# Django 5.2's signature; the type stubs already describe a later one (with fetch_mode).
_related_populators: Callable[..., list[Any]] = get_related_populators


def _sentinel(field: models.Field[Any, Any], alias: str) -> object:
    """A random value of the field's kind, within its column's range (PostgreSQL turns a
    lookup out of range into "no rows" without a parameter)."""
    if isinstance(field, models.ForeignKey):
        return _sentinel(field.target_field, alias)
    if isinstance(field, models.UUIDField):
        return uuid.uuid4()
    if isinstance(field, models.IntegerField | models.AutoField):
        low, high = connections[alias].ops.integer_field_range(field.get_internal_type())
        low = max(low if low is not None else 0, 1_000)
        high = min(high if high is not None else 2**62, 2**62)
        return low + secrets.randbelow(high - low)
    if isinstance(field, models.CharField | models.TextField):
        return f"sentinel-{secrets.token_hex(16)}"
    raise ImproperlyConfigured(f"No sentinel for a {type(field).__name__} parameter.")


def column(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    """The model's field `name` as a parameter's field (a column, not a relation's far end)."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field


@dataclass(frozen=True)
class _Compiled:
    """One database's statement, where each call's values go, and how rows become objects."""

    alias: str
    sql: str
    constants: tuple[Any, ...]
    slots: tuple[tuple[int, str], ...]  # (position in the parameters, parameter name)
    compiler: SQLCompiler
    locks: bool  # select_for_update: Django's "only inside a transaction" is checked per call

    def rows(self, prepared: dict[str, Any]) -> list[Any]:
        connection = connections[self.alias]
        if self.locks and connection.features.has_select_for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(self.constants)
        for position, name in self.slots:
            params[position] = prepared[name]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            fetched = cursor.fetchall()
        # The values are converted with this thread's connection, not the one that compiled.
        compiler = copy.copy(self.compiler)
        compiler.connection = connection
        return list(compiler.results_iter([fetched]))

    @cached_property
    def _layout(self) -> tuple[int, int, list[str], list[Any]]:
        """Where the model's columns are in a row, and the related objects' populators:
        the same for every call, so worked out on the first."""
        select, klass_info = self.compiler.select, self.compiler.klass_info
        assert klass_info is not None  # a model query, not values()
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        init_list = [column[0].target.attname for column in select[start:end]]
        return start, end, init_list, _related_populators(klass_info, select, self.alias)

    def objects(self, rows: list[Any]) -> list[Any]:
        """ModelIterable's construction: the model's columns, related objects, annotations."""
        compiler = self.compiler
        assert compiler.klass_info is not None
        model = compiler.klass_info["model"]
        start, end, init_list, populators = self._layout
        made = []
        for row in rows:
            obj = model.from_db(self.alias, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            for name, position in compiler.annotation_col_map.items():
                setattr(obj, name, row[position])
            made.append(obj)
        return made


class PreparedQuery(Generic[M]):
    """`build(**sentinels)`'s SQL, compiled once per database and run with each call's values."""

    def __init__(
        self, build: Callable[..., QuerySet[M]], **parameters: models.Field[Any, Any]
    ) -> None:
        self._build = build
        self._parameters = parameters
        self._compiled: dict[str, _Compiled] = {}

    def _out_of_range(self, name: str, value: object, alias: str) -> bool:
        field = self._parameters[name]
        if isinstance(field, models.ForeignKey):
            field = field.target_field
        if not isinstance(field, models.IntegerField | models.AutoField):
            return False
        number = int(str(value))
        low, high = connections[alias].ops.integer_field_range(field.get_internal_type())
        return (low is not None and number < low) or (high is not None and number > high)

    def _prepare(self, name: str, value: object, alias: str) -> Any:
        return self._parameters[name].get_db_prep_value(value, connections[alias], prepared=False)

    def _sql(self, alias: str) -> tuple[dict[str, object], SQLCompiler, str, list[Any]]:
        sentinels = {name: _sentinel(field, alias) for name, field in self._parameters.items()}
        queryset = self._build(**sentinels)
        if getattr(queryset, "_prefetch_related_lookups", ()) or getattr(
            queryset, "_known_related_objects", {}
        ):
            raise ImproperlyConfigured("A prepared query cannot prefetch.")
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        for name, value in sentinels.items():
            shown = {str(value), str(self._prepare(name, value, alias))}
            if any(text in sql for text in shown):
                raise ImproperlyConfigured(f"{name!r} is written into the SQL, not bound.")
        return sentinels, compiler, sql, list(params)

    def _compile(self, alias: str) -> _Compiled:
        """Built twice with different sentinels: the parameters that differ are the slots
        (a constant of the query that happened to equal a sentinel stays a constant)."""
        sentinels, compiler, sql, params = self._sql(alias)
        _, _, sql_again, params_again = self._sql(alias)
        if sql_again != sql or len(params_again) != len(params):
            raise ImproperlyConfigured("The statement changes with the values given.")
        by_value = {repr(self._prepare(n, v, alias)): n for n, v in sentinels.items()}
        slots = []
        for position, (param, again) in enumerate(zip(params, params_again, strict=True)):
            if repr(param) == repr(again):
                continue
            if repr(param) not in by_value:
                raise ImproperlyConfigured("A parameter changed that is not a value given.")
            slots.append((position, by_value[repr(param)]))
        for name in sentinels:
            if all(slot_name != name for _, slot_name in slots):
                raise ImproperlyConfigured(f"{name!r} is not among the statement's parameters.")
        return _Compiled(
            alias=alias,
            sql=sql,
            constants=tuple(params),
            slots=tuple(slots),
            compiler=compiler,
            locks=bool(compiler.query.select_for_update),
        )

    def all(self, *, using: str = DEFAULT_DB_ALIAS, **values: object) -> list[M]:
        """The objects the queryset built with `values` would give, in its order."""
        if values.keys() != self._parameters.keys():
            raise TypeError(f"Expected the values {sorted(self._parameters)}.")
        compiled = self._compiled.get(using)
        if compiled is None:
            compiled = self._compiled[using] = self._compile(using)
        if any(value is None for value in values.values()):
            raise TypeError("A prepared query's values cannot be None (the ORM means IS NULL).")
        if any(self._out_of_range(name, value, using) for name, value in values.items()):
            return []  # as the ORM: a lookup beyond the column's range matches nothing
        prepared = {name: self._prepare(name, value, using) for name, value in values.items()}
        return compiled.objects(compiled.rows(prepared))

    def first(self, *, using: str = DEFAULT_DB_ALIAS, **values: object) -> M | None:
        """The first object, or None (build the queryset with `[:1]` to fetch one row)."""
        found = self.all(using=using, **values)
        return found[0] if found else None
