"""One row of a campaign's content at a time: shown beside the default it overrides,
edited in place, deleted, or moved up or down among the campaign's own rows.

Every change checks the GM (chargen.desk.content) and runs in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.forms import ModelForm

from chargen.campaigns.models import Campaign
from chargen.core.systems import ContentKind, ContentLink
from chargen.desk.content import ContentConflict, require_gm
from chargen.desk.content_kinds import field_label, shown

Direction = Literal["up", "down"]


@dataclass(frozen=True)
class Difference:
    """A field where the campaign's row differs from the default it overrides."""

    label: str
    own: str
    default: str


@dataclass(frozen=True)
class ContentRow:
    row: Any
    key: str
    label: str
    cells: tuple[str, ...]
    overrides: bool
    differences: tuple[Difference, ...]
    first: bool
    last: bool
    links: tuple[ContentLink, ...] = ()
    # Why the row may not be deleted, said where its Delete would be ("" when it may).
    delete_refusal: str = ""

    @property
    def moves(self) -> tuple[tuple[Direction, str, bool], ...]:
        """The Up and Down buttons: direction, label, and whether the row is at that end."""
        return (("up", "Up", self.first), ("down", "Down", self.last))


def content_rows(*, campaign: Campaign, kind: ContentKind) -> list[ContentRow]:
    """The campaign's own rows in order, each with the default it overrides (if any)."""
    own = list(kind.own(campaign))
    keys = [getattr(row, kind.key) for row in own]
    defaults = {
        kind.key_of(row): row for row in kind.defaults().filter(**{f"{kind.key}__in": keys})
    }
    rows = []
    for index, row in enumerate(own):
        default = defaults.get(kind.key_of(row))
        differences: tuple[Difference, ...] = ()
        if default is not None:
            differences = tuple(
                Difference(
                    field_label(kind.model, name),
                    shown(row, name),
                    shown(default, name),
                )
                for name in kind.columns
                if name != kind.key and shown(row, name) != shown(default, name)
            )
        rows.append(
            ContentRow(
                row=row,
                key=kind.key_of(row),
                label=kind.label_of(row),
                cells=kind.cells(row),
                overrides=default is not None,
                differences=differences,
                first=index == 0,
                last=index == len(own) - 1,
                links=tuple(kind.row_links(campaign, row)),
                delete_refusal=kind.delete_refusal(row),
            )
        )
    return rows


def content_row_view(*, campaign: Campaign, kind: ContentKind, key: str) -> ContentRow | None:
    return next((row for row in content_rows(campaign=campaign, kind=kind) if row.key == key), None)


@transaction.atomic
def content_save_row(
    *, campaign: Campaign, by: AbstractBaseUser, kind: ContentKind, form: ModelForm[Any]
) -> Any:
    """Save one valid form of the campaign's own row (an edit in place)."""
    require_gm(campaign, by)
    row = form.save(commit=False)
    if row.pk is not None and not kind.belongs(row, campaign):
        raise ContentConflict("That row is not this campaign's own.")
    kind.prepare(row, campaign)
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError as clash:
        raise ContentConflict(
            f"This campaign already has a row called “{kind.label_of(row)}”; rename one."
        ) from clash
    return row


@transaction.atomic
def content_delete_row(
    *, campaign: Campaign, by: AbstractBaseUser, kind: ContentKind, row: Any
) -> None:
    """Delete the campaign's own row: the default of the same name applies again (except
    in a table's rows, where the campaign's table replaces the default table whole).

    The row is locked before its kind is asked whether it may go, so a change made at the
    same time elsewhere (a career published on its own page) is seen; a refusal is raised
    as ContentConflict with the kind's reason, and nothing is deleted."""
    require_gm(campaign, by)
    if not kind.belongs(row, campaign):
        raise ContentConflict("That row is not this campaign's own.")
    locked = kind.own(campaign).select_for_update().filter(pk=row.pk).first()
    if locked is None:
        raise ContentConflict("That row is no longer in this campaign; reload the page.")
    refusal = kind.delete_refusal(locked)
    if refusal:
        raise ContentConflict(refusal)
    locked.delete()


@transaction.atomic
def content_move_row(
    *, campaign: Campaign, by: AbstractBaseUser, kind: ContentKind, key: str, direction: Direction
) -> bool:
    """Swap the row with its neighbour above or below; False when it is already at the end.

    The campaign's rows are locked and numbered 0, 1, 2 … in their shown order first, so
    rows that shared a number (copied defaults) move one place, never past a tie."""
    require_gm(campaign, by)
    rows = list(kind.own(campaign).select_for_update())
    index = next((i for i, row in enumerate(rows) if kind.key_of(row) == key), None)
    if index is None:
        raise ContentConflict("That row is no longer in this campaign; reload the page.")
    other = index - 1 if direction == "up" else index + 1
    if not 0 <= other < len(rows):
        return False
    rows[index], rows[other] = rows[other], rows[index]
    changed = []
    for position, row in enumerate(rows):
        if row.sort_order != position:
            row.sort_order = position
            changed.append(row)
    kind.model._default_manager.bulk_update(changed, ["sort_order"])
    return True
