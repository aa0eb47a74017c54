"""The party at a glance: every member's characters, their state and their roll counts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q, QuerySet

from chargen.campaigns.models import Campaign
from chargen.characters import services_finish
from chargen.characters.house_rules import RuleChange, house_rules_changes
from chargen.characters.models import Character, CharacterStatus
from chargen.characters.rule_upgrade import older_rule_data


def campaign_characters(campaign: Campaign) -> QuerySet[Character]:
    """The campaign's characters with how many of their log entries are rolls, and typed-in."""
    return (
        Character.objects.filter(campaign=campaign)
        .select_related("owner", "race")
        .annotate(
            roll_count=Count("log", filter=~Q(log__dice="")),
            entered_count=Count("log", filter=~Q(log__dice="") & Q(log__entered=True)),
        )
        .order_by("owner__username", "name")
    )


def approved_characters(campaign: Campaign) -> QuerySet[Character]:
    return (
        Character.objects.filter(campaign=campaign, status=CharacterStatus.APPROVED)
        .select_related("owner", "race")
        .order_by("owner__username", "name")
    )


@dataclass(frozen=True)
class PartyCharacter:
    character: Character
    # Shown beside the character: the GM changed a creation rule since it started.
    rules_changes: list[RuleChange]
    # And: its rule data dates from then, and has been edited since (None: current).
    built_under: datetime | None = None


@dataclass
class PartyMember:
    user: AbstractBaseUser
    is_member: bool
    characters: list[PartyCharacter] = field(default_factory=list)


def party_members(campaign: Campaign) -> list[PartyMember]:
    """Members in joining order, then anyone who left but still has characters here.

    A removed player's characters stay theirs (and stay in the campaign's record).
    """
    members: dict[int, PartyMember] = {}
    for membership in campaign.memberships.select_related("user"):
        members[membership.user_id] = PartyMember(user=membership.user, is_member=True)
    characters = list(campaign_characters(campaign))
    built_under = older_rule_data(characters)
    for character in characters:
        if character.owner_id not in members:
            members[character.owner_id] = PartyMember(
                user=character.owner, is_member=character.owner_id == campaign.gm_id
            )
        # The campaign is already loaded: share it rather than fetch it per character.
        character.campaign = campaign
        members[character.owner_id].characters.append(
            PartyCharacter(character, house_rules_changes(character), built_under.get(character.pk))
        )
    return list(members.values())


@dataclass(frozen=True)
class PartySheet:
    """What the characters app's `sheet_body` partial needs for one character."""

    character: Character
    finish: services_finish.Finish
    state: object
    sheet: dict[str, object]


def party_sheets(campaign: Campaign) -> list[PartySheet]:
    """Every approved character's sheet, rebuilt from its log as the sheet page does."""
    sheets = []
    for character in approved_characters(campaign):
        finish = services_finish.finish_load(character)
        sheets.append(
            PartySheet(
                character=character,
                finish=finish,
                state=finish.progress.state,
                sheet=services_finish.sheet_context(finish),
            )
        )
    return sheets
