"""The navbar badge's count in one plain SQL statement, built once per process.

Every logged-in page shows the badge. Without Redis (`REDIS_URL`) its count cannot be
cached (another worker's change could not reach a per-process cache: unseen_cache.py),
and building the ORM's version of the query (`unseen_notifications(...).count()`: a
subquery for the campaigns, another for the last look) cost 0.9 ms of CPU a page in
Django's SQL compiler alone, for a statement that runs in microseconds: 60 % of a
bare Django page's whole cost (issue 13). The statement below counts the same rows;
tests/chargen/desk/test_unseen_sql.py checks it against the ORM's queryset case by case.

What it counts: the user's notifications in campaigns they run or have joined that are
newer than their last look at that campaign (LastSeen is one row per user and campaign,
so "no look at or after it" is the same as the ORM's "no look, or created after it").
The home page's "Waiting for you" counts the same rows per campaign, in one statement too.
"""

from __future__ import annotations

import uuid
from functools import cache
from typing import Any

from django.db import connection, models

from chargen.campaigns.models import Campaign, Membership
from chargen.desk.models import LastSeen, Notification


def _column(model: type[models.Model], field: str) -> str:
    concrete = model._meta.get_field(field)
    assert isinstance(concrete, models.Field)  # every name used here is a concrete column
    return connection.ops.quote_name(str(concrete.column))


def _table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def _statement(vendor: str, *, one_campaign: bool, by_campaign: bool = False) -> str:
    """The statement's text (its quoting depends on the database: `vendor` keys the cache)."""
    campaign = f"n.{_column(Notification, 'campaign')}"
    selected = f"{campaign}, COUNT(*)" if by_campaign else "COUNT(*)"
    statement = (
        f"SELECT {selected} FROM {_table(Notification)} n "  # noqa: S608 (names from _meta)
        f"WHERE n.{_column(Notification, 'recipient')} = %s "
        f"AND {campaign} IN ("
        f"SELECT c.{_column(Campaign, 'id')} FROM {_table(Campaign)} c "
        f"WHERE c.{_column(Campaign, 'gm')} = %s "
        f"UNION SELECT m.{_column(Membership, 'campaign')} FROM {_table(Membership)} m "
        f"WHERE m.{_column(Membership, 'user')} = %s) "
        f"AND NOT EXISTS (SELECT 1 FROM {_table(LastSeen)} s "
        f"WHERE s.{_column(LastSeen, 'user')} = %s "
        f"AND s.{_column(LastSeen, 'campaign')} = {campaign} "
        f"AND s.{_column(LastSeen, 'seen_at')} >= n.{_column(Notification, 'created')})"
    )
    if one_campaign:
        statement += f" AND {campaign} = %s"
    if by_campaign:
        statement += f" GROUP BY {campaign}"
    return statement


def unseen_count_sql(*, user_id: object, campaign_id: object | None) -> int:
    """How many of the user's notifications are unseen (in one campaign, or in all)."""
    params: list[Any] = [user_id, user_id, user_id, user_id]
    if campaign_id is not None:
        params.append(Campaign._meta.pk.get_db_prep_value(campaign_id, connection))
    sql = _statement(connection.vendor, one_campaign=campaign_id is not None)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def unseen_counts_by_campaign_sql(*, user_id: object) -> dict[uuid.UUID, int]:
    """The same count per campaign (campaigns with none left out), for the home page."""
    sql = _statement(connection.vendor, one_campaign=False, by_campaign=True)
    with connection.cursor() as cursor:
        params: list[Any] = [user_id, user_id, user_id, user_id]
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    # SQLite hands back a UUID as its text, PostgreSQL as a UUID: to_python takes both.
    to_uuid = Campaign._meta.pk.to_python
    return {to_uuid(campaign_id): int(count) for campaign_id, count in rows}
