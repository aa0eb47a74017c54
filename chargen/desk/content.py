"""The GM's edits to their campaign's content, whatever its game (see ContentKind in
chargen/core/systems.py).

Edits touch only the campaign's own rows; the defaults and other campaigns'
rows are out of reach (the formsets' querysets exclude them, and every saved row
is stamped with this campaign).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Max, Model
from django.forms import BaseInlineFormSet, BaseModelFormSet

from chargen.campaigns.models import Campaign


class ContentConflict(Exception):
    """Two rows of the campaign would share a name or key."""


def require_gm(campaign: Campaign, by: AbstractBaseUser) -> None:
    # Staff may edit defaults in the admin, but a campaign's content is its GM's alone.
    if not campaign.is_gm(by):
        raise PermissionDenied("Only the campaign's GM edits its content.")


def _next_place(model: type[Model], campaign: Campaign) -> int:
    highest = model._default_manager.filter(campaign=campaign).aggregate(highest=Max("sort_order"))[
        "highest"
    ]
    return 0 if highest is None else highest + 1


@transaction.atomic
def content_start_from_defaults(*, campaign: Campaign, by: AbstractBaseUser) -> int:
    """Copy the defaults the campaign lacks into it, ready to edit. Returns rows copied."""
    require_gm(campaign, by)
    content = campaign.system.desk.content
    if content is None or content.copy_defaults is None:
        return 0
    return content.copy_defaults(campaign, by)


@transaction.atomic
def content_save_rows(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    formset: BaseModelFormSet,
    prepare: Callable[[Any], None] | None = None,
) -> int:
    """Save a valid formset of the campaign's own rows; returns how many changed.
    `prepare` makes a row the campaign's own (its kind's; by default, stamp the campaign)."""
    require_gm(campaign, by)
    try:
        with transaction.atomic():
            rows = formset.save(commit=False)
            for row in rows:
                if row.pk is None and hasattr(row, "sort_order"):
                    row.sort_order = _next_place(type(row), campaign)  # new rows go last
                if prepare is None:
                    row.campaign = campaign
                else:
                    prepare(row)
                row.save()
            for row in formset.deleted_objects:
                row.delete()
    except IntegrityError as clash:
        raise ContentConflict(
            "Two rows would have the same name or key in this campaign; rename one."
        ) from clash
    return len(rows) + len(formset.deleted_objects)


@transaction.atomic
def content_save_table_rows(
    *, campaign: Campaign, by: AbstractBaseUser, formset: BaseInlineFormSet
) -> int:
    """Save an inline formset of the rows inside one of the campaign's own rows."""
    require_gm(campaign, by)
    if formset.instance.campaign_id != campaign.pk:
        raise PermissionDenied("That table is not this campaign's own.")
    rows = formset.save()
    return len(rows) + len(formset.deleted_objects)
