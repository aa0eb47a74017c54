"""Copy a roller sheet as a template: its rows (attributes, specials, mana), no rolls.

A sheet's rolls and crises are its history, never a template's: the copy starts with
an empty log and no crossed-off crisis boxes. The sheet cap counts it like any sheet.
"""

from __future__ import annotations

from django.db import transaction

from chargen.rollers.models import (
    ManaAttribute,
    ManaCharacter,
    ManaColour,
    ManaSpeciality,
    UniqueAttribute,
    UniqueCharacter,
    UniqueSpecial,
)
from chargen.rollers.roll_writes import refuse_at_sheet_cap

COPY_SUFFIX = " (copy)"
NAME_LIMIT = UniqueCharacter._meta.get_field("name").max_length or 80


def copy_name(name: str) -> str:
    return name.strip()[: NAME_LIMIT - len(COPY_SUFFIX)].rstrip() + COPY_SUFFIX


@transaction.atomic
def unique_copy(*, original: UniqueCharacter) -> UniqueCharacter:
    refuse_at_sheet_cap(original.owner)
    copied = UniqueCharacter.objects.create(owner=original.owner, name=copy_name(original.name))
    UniqueAttribute.objects.bulk_create(
        UniqueAttribute(character=copied, name=row.name, score=row.score)
        for row in original.attributes.all()
    )
    UniqueSpecial.objects.bulk_create(
        UniqueSpecial(character=copied, name=row.name, starred=row.starred)
        for row in original.specials.all()
    )
    return copied


@transaction.atomic
def mana_copy(*, original: ManaCharacter) -> ManaCharacter:
    refuse_at_sheet_cap(original.owner)
    copied = ManaCharacter.objects.create(owner=original.owner, name=copy_name(original.name))
    ManaColour.objects.bulk_create(
        ManaColour(character=copied, name=row.name, amount=row.amount)
        for row in original.colours.all()
    )
    attributes = {
        row.name: ManaAttribute.objects.create(
            character=copied, name=row.name, score=row.score, colour=row.colour
        )
        for row in original.attributes.all()
    }
    ManaSpeciality.objects.bulk_create(
        ManaSpeciality(character=copied, name=row.name, attribute=attributes[row.attribute.name])
        for row in original.specialities.select_related("attribute")
    )
    return copied
