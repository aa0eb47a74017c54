"""The party at a glance: every member's characters, their state and their roll counts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Prefetch, Q, QuerySet

from chargen.campaigns.models import Campaign, Membership
from chargen.content.pinned import PinnedContent, content_for_version, current_content_version
from chargen.core import roll_keys
from chargen.infinity_drive import services_finish
from chargen.infinity_drive.house_rules import RuleChange, house_rules_changes
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.rule_upgrade import older_rule_data


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
    for membership in Membership.objects.filter(campaign=campaign).select_related("user"):
        members[membership.user_id] = PartyMember(user=membership.user, is_member=True)
    characters = list(campaign_characters(campaign))
    for character in characters:
        # The campaign is already loaded: share it rather than fetch it per character
        # (older_rule_data reads it too).
        character.campaign = campaign
    built_under = older_rule_data(characters)
    for character in characters:
        if character.owner_id not in members:
            members[character.owner_id] = PartyMember(
                user=character.owner, is_member=character.owner_id == campaign.gm_id
            )
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
    known_keys: dict[str, str]

    @cached_property
    def sheet(self) -> dict[str, object]:
        # Drawn only when a page draws the body itself (the PDF): the print page's
        # sheet_body tag reads the body from its cache (chargen/infinity_drive/sheet_cache.py).
        return services_finish.sheet_context(self.finish, known_keys=self.known_keys)


def party_sheets(campaign: Campaign) -> list[PartySheet]:
    """Every approved character's sheet, rebuilt from its log as the sheet page does.

    In a fixed number of queries however many characters (the print used to
    run about seven a character): every log in one query, the campaign shared, the
    campaign's current content version read once. Pinned rule data and content come
    from the cache by their hash.
    """
    # Every approved character's log in one more query, each in its order.
    characters = list(
        approved_characters(campaign).prefetch_related(
            Prefetch("log", queryset=CreationLogEntry.objects.order_by("sequence"))
        )
    )
    current_content: list[PinnedContent] = []  # read once, only if a character needs it

    def content(character: Character) -> PinnedContent:
        if character.content_version_id:
            return content_for_version(character.content_version_id)
        if not current_content:
            current_content.append(content_for_version(current_content_version(campaign)))
        return current_content[0]

    known_keys = roll_keys.known_public_keys()  # once for the page, not per sheet
    sheets = []
    for character in characters:
        character.campaign = campaign  # already loaded: share it
        log = list(character.log.all())
        progress = progress_for(character, log)
        # As finish_load makes it: the rows in force, and the whole log beside them.
        finish = services_finish.Finish(
            progress=progress,
            entries=progress.entries,
            content=content(character),
            log=tuple(log),
        )
        sheets.append(
            PartySheet(
                character=character,
                finish=finish,
                state=finish.progress.state,
                known_keys=known_keys,
            )
        )
    return sheets
