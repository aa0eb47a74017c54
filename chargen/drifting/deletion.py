"""Deleting a Drifting character: any time outside a campaign, before play inside one.

Outside a campaign nobody else relies on a drifter's rolls, so its owner may delete it
whatever its state. In a campaign a finished drifter is in play at the GM's table: the
GM refreshes its tokens, companions assist it and share check marks with it, and its
rolls are the record of the game. Drifting has no approval step, so finishing is the
point where it joins that record; before it (still choosing lifepaths, no dice yet)
it may be deleted (docs/rulings.md, "Deleting a character").

What goes with it (CASCADE): its lifepaths, tokens and log, and the assists it gave or
was waiting for (the rolls that used an assist keep its name in their own log rows).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from chargen.core.deletion import Deletion, DeletionRefused
from chargen.drifting.models import Character, LogEntry, LogKind

WHAT = "Drifting character"
ASK_THE_GM = "Its rolls are part of the campaign's record; ask your GM."


def _roll_counts(character: Character) -> tuple[int, int]:
    """(rolls, of which typed in) in the character's log, in one query."""
    counts = LogEntry.objects.filter(character=character, kind=LogKind.ROLL).aggregate(
        rolls=Count("pk"), entered=Count("pk", filter=Q(entered=True))
    )
    return counts["rolls"], counts["entered"]


def _refusal(character: Character, *, has_rolls: bool) -> str:
    """Why the owner may not delete `character` ("" when they may)."""
    campaign = character.campaign
    if campaign is None:
        return ""
    if character.is_finished:
        return f"“{character}” is finished and in play in “{campaign.name}”. {ASK_THE_GM}"
    if has_rolls:
        return f"“{character}” has rolled dice in “{campaign.name}”. {ASK_THE_GM}"
    return ""


def character_may_delete(character: Character) -> bool:
    """Whether to show the owner a delete button (at most one query, none outside campaigns)."""
    if character.campaign_id is None:
        return True
    if character.is_finished:
        return False
    annotated = getattr(character, "has_rolls", None)
    if annotated is not None:
        return not annotated
    return not LogEntry.objects.filter(character=character, kind=LogKind.ROLL).exists()


def with_has_rolls(characters: QuerySet[Character]) -> QuerySet[Character]:
    """Annotate `has_rolls`, so a list can show each delete button without a query per row."""
    rolled = LogEntry.objects.filter(character=OuterRef("pk"), kind=LogKind.ROLL)
    return characters.annotate(has_rolls=Exists(rolled))


def _state(character: Character) -> str:
    if character.is_finished:
        return "Finished: the token sheet is in play"
    return f"In creation: {character.get_step_display()}"


def _where(character: Character) -> str:
    if character.campaign is None:
        return "Outside any campaign"
    return f"In the campaign “{character.campaign.name}”"


def character_deletion(character: Character) -> Deletion:
    """What deleting `character` would remove, and why its owner may not (if so)."""
    rolls, entered = _roll_counts(character)
    return Deletion(
        what=WHAT,
        name=str(character),
        state=_state(character),
        where=_where(character),
        roll_count=rolls,
        entered_count=entered,
        refusal=_refusal(character, has_rolls=bool(rolls)),
    )


@transaction.atomic
def character_delete(*, character: Character) -> Deletion:
    """Delete the character (its owner's request, checked by the caller) if the rules allow.

    The row is locked and checked again under the lock, so a finish or a roll saved a
    moment earlier in another tab refuses the deletion (DeletionRefused, with the reason).
    """
    # Lock only the character's row: PostgreSQL refuses FOR UPDATE on the nullable side
    # of the outer join that fetches its campaign.
    locked = (
        Character.objects.select_for_update(of=("self",))
        .select_related("campaign")
        .filter(pk=character.pk)
        .first()
    )
    if locked is None:
        raise DeletionRefused(f"“{character}” was already deleted.")
    deletion = character_deletion(locked)
    deletion.refuse_unless_allowed()
    locked.delete()
    return deletion
