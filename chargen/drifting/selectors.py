"""What the Drifting pages read: a campaign's Drifting rules, the lifepaths a character
may choose, its token sheet, the assists waiting for it and its companions."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from chargen.campaigns.access import campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.drifting.campaign_rules import DRIFTING, drifting_rules_for
from chargen.drifting.models import (
    Character,
    CreationStep,
    Lifepath,
    PendingAssist,
)
from chargen.drifting.offered import offered_lifepaths
from chargen.drifting.pinned import (
    PinnedLifepath,
    current_lifepath_version,
    lifepaths_for_version,
    pinned_from_row,
)
from rules import drifting as rules

# --- Reading ----------------------------------------------------------------------------


def lifepath_limit(campaign: Campaign | None) -> int:
    return drifting_rules_for(campaign).lifepath_count


def loss_margin_step(campaign: Campaign | None) -> int:
    return drifting_rules_for(campaign).loss_margin_step


def physical_dice_allowed(campaign: Campaign | None) -> bool:
    return drifting_rules_for(campaign).physical_dice_allowed


def lifepaths_available(campaign: Campaign | None) -> QuerySet[Lifepath]:
    """The lifepaths the campaign offers now (the GM's pages); a character reads its own
    `character_lifepaths`."""
    return offered_lifepaths(campaign)


def drifting_campaigns_for(user: AbstractBaseUser) -> QuerySet[Campaign]:
    return campaigns_for_user(user).filter(game=DRIFTING)


def character_lifepaths(
    character: Character, *, current: str | None = None
) -> tuple[PinnedLifepath, ...]:
    """The lifepaths open to the character: its pinned set, never the tables as they are
    now (the current set only while it has none, started before any was loaded).
    `current`: that set's version, when a page listing many characters read it once."""
    digest = character.rule_version_id or current or current_lifepath_version(character.campaign)
    return lifepaths_for_version(digest)


def chosen_lifepaths(character: Character, *, current: str | None = None) -> list[PinnedLifepath]:
    """The lifepaths chosen so far, in order, as the character's pinned data holds them
    (read from the `ChosenLifepath` snapshot: writes read a replay, `lifepaths_by_id`).
    A page listing many characters prefetches their `lifepaths`: those are used (so a
    lifepath added later in the same request would not show on that object; the one
    page that prefetches them, the party PDF, only reads)."""
    # The related manager's rows: the prefetched ones when a page prefetched them, else
    # one query, in the model's order (position).
    chosen_ids = [str(row.lifepath_id) for row in character.lifepaths.all()]
    return lifepaths_by_id(character, chosen_ids, current=current)


def lifepaths_by_id(
    character: Character, chosen_ids: list[str], *, current: str | None = None
) -> list[PinnedLifepath]:
    """These lifepaths (ids, in order) as the character's pinned data holds them."""
    pinned = {lifepath.pk: lifepath for lifepath in character_lifepaths(character, current=current)}
    missing = [key for key in chosen_ids if key not in pinned]
    if missing:
        # Chosen before lifepaths were pinned, from outside the set pinned since (a
        # campaign changed): the row itself, which a chosen lifepath keeps from deletion.
        rows = Lifepath.objects.filter(pk__in=missing).prefetch_related("grants", "requires")
        pinned.update({str(row.pk): pinned_from_row(row) for row in rows})
    absent = [key for key in chosen_ids if key not in pinned]
    if absent:
        raise rules.DriftingError(f"The log chose a lifepath that no longer exists ({absent[0]}).")
    return [pinned[key] for key in chosen_ids]


def creation_tokens(
    character: Character, chosen: list[PinnedLifepath] | None = None
) -> dict[str, rules.TokenState]:
    """The tokens the chosen lifepaths (the snapshot's, unless given) add up to, by type."""
    if chosen is None:
        chosen = chosen_lifepaths(character)
    return rules.tokens_from_lifepaths([path.as_rules() for path in chosen])


def token_sheet(character: Character) -> dict[str, rules.TokenState]:
    # A list page prefetches every character's tokens (the related manager gives those);
    # a sheet reads its own.
    return rules.sheet_from(token.as_rules() for token in character.tokens.all())


def waiting_assists(character: Character) -> list[PendingAssist]:
    """Assists the character's next roll will use: the oldest, as many as a roll takes.

    Helpers are refused once three wait, but two assisting at the same moment could
    pass that check together; a fourth then waits for the roll after.
    """
    return list(
        character.assists_waiting.filter(used_by=None).select_related("helper")[
            : rules.MAX_EXTRA_DICE
        ]
    )


def campaign_companions(character: Character) -> QuerySet[Character]:
    """Other finished Drifting characters in the same campaign (to assist or share with)."""
    if character.campaign_id is None:
        return Character.objects.none()
    return Character.objects.filter(
        campaign_id=character.campaign_id, step=CreationStep.FINISHED
    ).exclude(pk=character.pk)


def party_characters(
    campaign: Campaign, viewer: AbstractBaseUser | AnonymousUser
) -> QuerySet[Character]:
    """The finished characters the campaign's party PDF prints for `viewer`: every one to
    its GM, a player's own to a player (what the campaign page lists)."""
    characters = campaign.drifting_characters.filter(step=CreationStep.FINISHED)
    if not campaign.is_gm(viewer):
        characters = characters.filter(owner_id=viewer.pk)
    return characters
