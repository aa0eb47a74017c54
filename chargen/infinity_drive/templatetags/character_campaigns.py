"""`{% campaigns_to_bring_into character as campaigns %}` for the sheet's "bring" form."""

from __future__ import annotations

from django import template

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.services_bring import campaigns_to_bring_into as campaigns_for

register = template.Library()


@register.simple_tag
def campaigns_to_bring_into(character: Character) -> list[Campaign]:
    if character.campaign_id is not None or character.status != CharacterStatus.FINISHED:
        return []
    return list(campaigns_for(character))
