"""Deleting an Infinity Drive character: any time outside a campaign, before the dice inside one.

Outside a campaign nobody else relies on a character's rolls, so its owner may delete
it whatever its state. In a campaign the creation log is the GM's record of the
player's dice: deleting a character with rolls would let a player start again until
the dice pleased them, behind the GM's back. So there a character may be deleted only
while it is a draft with no dice in its log (docs/rulings.md, "Deleting a character").

What goes with the character (CASCADE): its creation log (equipment included), and any
desk decision or notification naming it — none exists for a character that may be
deleted in a campaign (decisions and their notifications follow a submission, and a
submitted character is refused), and none can exist outside a campaign (a decision
always has one). A race the player proposed for it leaves the GM's queue with it when
no other character uses that race; otherwise it stays for the GM to decide.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Exists, OuterRef, ProtectedError, Q, QuerySet

from chargen.core.deletion import Deletion, DeletionRefused
from chargen.infinity_drive.list_label import character_progress_label
from chargen.infinity_drive.models import (
    Character,
    CharacterStatus,
    CreationLogEntry,
    Race,
    RaceStatus,
)
from chargen.infinity_drive.progress import Kind

WHAT = "Infinity Drive character"
ASK_THE_GM = "Its rolls are part of the campaign's record; ask your GM."
# Why a character past the draft stage stays in its campaign, completing "“Name” …".
SETTLED: dict[str, str] = {
    CharacterStatus.SUBMITTED: "has been submitted to the GM",
    CharacterStatus.RETURNED: "has been submitted to the GM",
    CharacterStatus.APPROVED: "has been approved by the GM",
    CharacterStatus.FINISHED: "is finished",
    CharacterStatus.DEAD: "died in its career",
}
# Log entries that name the race chosen at that step.
RACE_KINDS = (Kind.RACE, Kind.RACE_CHANGE, Kind.NON_HUMANOID)


def _roll_counts(character: Character) -> tuple[int, int]:
    """(rolls, of which typed in) in the creation log, in one query."""
    rolled = ~Q(dice="")
    counts = CreationLogEntry.objects.filter(character=character).aggregate(
        rolls=Count("pk", filter=rolled), entered=Count("pk", filter=rolled & Q(entered=True))
    )
    return counts["rolls"], counts["entered"]


def with_has_rolls(characters: QuerySet[Character]) -> QuerySet[Character]:
    """Annotate `has_rolls`, so a list can show each delete button without a query per row."""
    rolled = CreationLogEntry.objects.filter(character=OuterRef("pk")).exclude(dice="")
    return characters.annotate(has_rolls=Exists(rolled))


def _has_rolls(character: Character) -> bool:
    annotated = getattr(character, "has_rolls", None)
    if annotated is not None:
        return bool(annotated)
    return CreationLogEntry.objects.filter(character=character).exclude(dice="").exists()


def _refusal(character: Character, *, has_rolls: bool) -> str:
    """Why the owner may not delete `character` ("" when they may)."""
    campaign = character.campaign
    if campaign is None:
        return ""
    settled = SETTLED.get(character.status)
    if settled is not None:
        return f"“{character.name}” {settled} in “{campaign.name}”. {ASK_THE_GM}"
    if has_rolls:
        return (
            f"“{character.name}” has dice in its creation log in “{campaign.name}”, and "
            f"deleting it would let a new character roll them again. {ASK_THE_GM}"
        )
    return ""


def character_may_delete(character: Character) -> bool:
    """Whether to show the owner a delete button (no query when the list annotated
    `has_rolls`, at most one otherwise; the deletion itself checks again under a lock)."""
    if character.campaign_id is None:
        return True
    if character.status != CharacterStatus.DRAFT:
        return False
    return not _has_rolls(character)


def _races_to_withdraw(character: Character) -> list[Race]:
    """The player's own proposals for this character that no other character uses.

    A proposal is chosen through the log (and an undo reads the race back from it), so
    "uses" covers another character's log as well as its current race.
    """
    if character.campaign_id is None:
        return []
    entries = CreationLogEntry.objects.filter(character=character, kind__in=RACE_KINDS)
    named: set[str] = {
        str(entry.payload["race_id"])
        for entry in entries
        if isinstance(entry.payload, dict) and entry.payload.get("race_id")
    }
    if character.race_id:
        named.add(str(character.race_id))
    proposals = Race.objects.filter(
        pk__in=named,
        campaign_id=character.campaign_id,
        proposed_by_id=character.owner_id,
        status=RaceStatus.PROPOSED,
    ).order_by("name")
    return [
        race
        for race in proposals
        if not Character.objects.filter(race=race).exclude(pk=character.pk).exists()
        and not CreationLogEntry.objects.filter(payload__race_id=str(race.pk))
        .exclude(character=character)
        .exists()
    ]


def _withdrawn_text(races: list[Race]) -> tuple[str, ...]:
    return tuple(
        f"The race “{race.name}” you proposed for it leaves the GM's queue: "
        "no other character of yours uses it."
        for race in races
    )


def _state(character: Character) -> str:
    if character.status == CharacterStatus.DRAFT:
        return f"Draft: {character_progress_label(character)}"
    return character.get_status_display()


def _where(character: Character) -> str:
    if character.campaign is None:
        return "Outside any campaign"
    return f"In the campaign “{character.campaign.name}”"


def character_deletion(character: Character) -> Deletion:
    """What deleting `character` would remove, and why its owner may not (if so)."""
    rolls, entered = _roll_counts(character)
    refusal = _refusal(character, has_rolls=bool(rolls))
    return Deletion(
        what=WHAT,
        name=character.name,
        state=_state(character),
        where=_where(character),
        roll_count=rolls,
        entered_count=entered,
        refusal=refusal,
        consequences=() if refusal else _withdrawn_text(_races_to_withdraw(character)),
    )


@transaction.atomic
def character_delete(*, character: Character) -> Deletion:
    """Delete the character (its owner's request, checked by the caller) if the rules allow.

    The row is locked first and everything is checked again under the lock, so a roll
    saved a moment earlier in another tab is seen, and refuses the deletion. Raises
    DeletionRefused with the reason otherwise. The freed draft no longer counts toward
    settings.MAX_INFINITY_DRIVE_DRAFTS (the cap counts the drafts that exist).
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
        raise DeletionRefused(f"“{character.name}” was already deleted.")
    deletion = character_deletion(locked)
    deletion.refuse_unless_allowed()
    if locked.campaign_id is not None and locked.decisions.exists():
        # Cannot happen for a draft (decisions follow a submission); the desk's record of
        # a decision is never deleted, so refuse rather than let the cascade take it.
        raise DeletionRefused(f"The GM has decided on “{locked.name}”. {ASK_THE_GM}")
    candidates = [race.pk for race in _races_to_withdraw(locked)]
    locked.delete()
    withdrawn = []
    # Lock the proposals and read their status again: a GM approving or rejecting one at
    # this moment either went first (it is no longer proposed, and stays with its
    # decision) or waits for this transaction and finds nothing left to decide.
    still_proposed = Race.objects.select_for_update().filter(
        pk__in=candidates, status=RaceStatus.PROPOSED
    )
    for race in still_proposed.order_by("name"):
        try:
            # A character that chose the race a moment ago protects it: it stays queued.
            with transaction.atomic():
                race.delete()
        except ProtectedError:
            continue
        withdrawn.append(race)
    return Deletion(
        what=deletion.what,
        name=deletion.name,
        state=deletion.state,
        where=deletion.where,
        roll_count=deletion.roll_count,
        entered_count=deletion.entered_count,
        consequences=_withdrawn_text(withdrawn),
    )
