"""Bringing a finished character from outside any campaign into one (an import, say).

It goes to the GM's approval queue whatever the campaign's rules say about approval:
the GM never built it with the player, so the GM decides, seeing on the card where
its dice came from and which house rules it was built under (they stay the ones it
was built under; its log records what they allowed).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet

from chargen.campaigns.access import campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.desk.models import PassageAction
from chargen.desk.passages import passage_record
from chargen.infinity_drive.campaign_rules import INFINITY_DRIVE
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.part_two_write import locked_character


def campaigns_to_bring_into(character: Character) -> QuerySet[Campaign]:
    """The Infinity Drive campaigns the owner plays in (as a player or as GM)."""
    return campaigns_for_user(character.owner).filter(game=INFINITY_DRIVE).order_by("name")


@transaction.atomic
def character_bring_into_campaign(*, character: Character, campaign: Campaign) -> Character:
    character = locked_character(character)
    if character.campaign_id is not None:
        raise StepRefused(f"{character.name} is already in a campaign.", field="campaign")
    if character.status != CharacterStatus.FINISHED:
        raise StepRefused(
            f"Only a finished character can be brought into a campaign; {character.name} is "
            f"{character.get_status_display().lower()}.",
            field="campaign",
        )
    # Asked again under the lock: the owner may have left the campaign since the form.
    if not campaigns_to_bring_into(character).filter(pk=campaign.pk).exists():
        raise StepRefused("Choose one of your Infinity Drive campaigns.", field="campaign")
    character.campaign = campaign
    character.status = CharacterStatus.SUBMITTED
    character.save(update_fields=["campaign", "status", "updated"])
    passage_record(subject=character, action=PassageAction.SUBMITTED)
    return character
