"""Bringing a finished Drifting character from outside any campaign into one.

Drifting campaigns have no approval step, yet the GM never saw such a character
built (an import, say, whose dice this server cannot vouch for). So the player asks,
the request waits on the campaign page, and the character joins only when the GM
accepts, having seen its tokens and where its dice came from.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from chargen.campaigns.access import campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import BringRequest, Character

FIELD = "campaign"


class BringRefused(Exception):
    """The request cannot be made or decided; `message` says why, for the form's field."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def campaigns_to_bring_into(character: Character) -> QuerySet[Campaign]:
    """The Drifting campaigns the owner plays in or runs: the only ones it may ask into."""
    return campaigns_for_user(character.owner).filter(game=DRIFTING).order_by("name")


def latest_request(character: Character) -> BringRequest | None:
    """The newest request (open, or the outcome of the last one) for the sheet."""
    return character.bring_requests.select_related("campaign").first()


def open_requests(campaign: Campaign) -> QuerySet[BringRequest]:
    """What waits for this campaign's GM: the characters, their owners and tokens."""
    return (
        campaign.drifting_bring_requests.filter(decided__isnull=True)
        .select_related("character__owner")
        .prefetch_related("character__tokens")
        .order_by("created")
    )


def _locked(character: Character) -> Character:
    # Locked so two asks (or an ask and a delete) cannot both pass the checks below.
    return Character.objects.select_for_update(of=("self",)).get(pk=character.pk)


def _refusal(character: Character) -> str | None:
    """Why this character cannot be brought anywhere now, or None."""
    if not character.is_finished:
        return f"Only a finished character can be brought into a campaign; {character} is a draft."
    if character.campaign_id is not None:
        return f"{character} is already in a campaign."
    return None


@transaction.atomic
def bring_ask(*, character: Character, campaign: Campaign | None) -> BringRequest:
    """The owner asks; nothing joins until the GM accepts (bring_decide)."""
    character = _locked(character)
    if (refused := _refusal(character)) is not None:
        raise BringRefused(refused)
    waiting = character.bring_requests.filter(decided__isnull=True).first()
    if waiting is not None:
        raise BringRefused(f"{character} is already waiting for the GM of {waiting.campaign}.")
    if campaign is None or not campaigns_to_bring_into(character).filter(pk=campaign.pk).exists():
        raise BringRefused("Choose one of your Drifting campaigns.")
    asked = BringRequest.objects.create(character=character, campaign=campaign)
    _touch(character)
    return asked


@transaction.atomic
def bring_decide(*, campaign: Campaign, character_id: uuid.UUID, accept: bool) -> BringRequest:
    """The GM's answer to the open request; BringRequest.DoesNotExist if there is none.

    Accepting checks the character again (finished, still outside any campaign): if it
    no longer is, the request closes unaccepted rather than staying open for ever, and
    the caller sees `accepted` differ from what the GM asked.
    """
    open_requests = BringRequest.objects.filter(
        campaign=campaign, character_id=character_id, decided__isnull=True
    )
    # The character first, then its request: the order asking and deleting take (a
    # deletion locks the character, then cascades to its requests), so the GM's Accept
    # and the owner's Delete at the same moment wait for each other, never deadlock.
    character = _locked(open_requests.select_related("character").get().character)
    request = open_requests.select_for_update().get()  # decided meanwhile: DoesNotExist
    request.decided = timezone.now()
    request.accepted = accept and _refusal(character) is None
    request.save(update_fields=["decided", "accepted"])
    if request.accepted:
        character.campaign = campaign
        character.save(update_fields=["campaign", "updated"])
    else:
        _touch(character)
    return request


def _touch(character: Character) -> None:
    """The sheet shows its bring request: the character's row says it changed (ETag)."""
    Character.objects.filter(pk=character.pk).update(updated=timezone.now())
