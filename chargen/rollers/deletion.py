"""Deleting a roller sheet: its owner may, at any time.

A roller sheet belongs to no campaign, so nobody else relies on its rolls (a directly
opposed roll against another of the player's sheets is logged, whole, on the acting
sheet; docs/rulings.md). What goes with it (CASCADE): its attributes, specials or
specialities, mana, roll log and crises (docs/rulings.md, "Deleting a character").
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q

from chargen.core.deletion import Deletion
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from chargen.rollers.services import crisis_track


def _roll_counts(character: UniqueCharacter | ManaCharacter) -> tuple[int, int]:
    """(rolls, of which typed in) in the sheet's roll log, in one query."""
    counts = character.rolls.aggregate(
        rolls=Count("pk"), entered=Count("pk", filter=Q(entered=True))
    )
    return counts["rolls"], counts["entered"]


def _unique_state(character: UniqueCharacter) -> str:
    track = crisis_track(character)
    if track.dead:
        return "Dead (the third physical crisis)"
    if track.retired:
        return "Retired from play (the third mental crisis)"
    crossed = track.physical + track.mental
    return f"In play, {crossed} crisis box{'' if crossed == 1 else 'es'} crossed off"


def unique_deletion(character: UniqueCharacter) -> Deletion:
    rolls, entered = _roll_counts(character)
    return Deletion(
        what="unique-dice pool sheet",
        name=character.name,
        state=_unique_state(character),
        roll_count=rolls,
        entered_count=entered,
    )


def mana_deletion(character: ManaCharacter) -> Deletion:
    rolls, entered = _roll_counts(character)
    return Deletion(
        what="roll-and-keep sheet",
        name=character.name,
        state="In play",
        roll_count=rolls,
        entered_count=entered,
    )


@transaction.atomic
def unique_delete(*, character: UniqueCharacter) -> Deletion:
    """Delete the sheet (its owner's request, checked by the caller) and all it holds."""
    deletion = unique_deletion(character)
    UniqueCharacter.objects.filter(pk=character.pk).delete()
    return deletion


@transaction.atomic
def mana_delete(*, character: ManaCharacter) -> Deletion:
    """Delete the sheet (its owner's request, checked by the caller) and all it holds."""
    deletion = mana_deletion(character)
    ManaCharacter.objects.filter(pk=character.pk).delete()
    return deletion
