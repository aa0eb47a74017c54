"""The GM's Infinity Drive decisions: approve or reject races, create non-humanoid races,
approve or return characters; and the news that one waits in the queue.

Each decision claims its item with one conditional UPDATE (`… WHERE status =
'proposed'`, or `'submitted'`) through chargen.desk.services.decision_take, which
refuses the second of two racing decisions and records the first.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from chargen.campaigns.models import Campaign
from chargen.desk.models import (
    Decision,
    DecisionAction,
    DecisionItem,
    Notification,
    NotificationKind,
)
from chargen.desk.notifications import notify_gm_once
from chargen.desk.services import decision_record, decision_take, require_gm, require_note
from chargen.infinity_drive.campaign_rules import house_rules_for
from chargen.infinity_drive.gm.races import race_rules_value
from chargen.infinity_drive.models import Character, CharacterStatus, Race, RaceKind, RaceStatus
from rules.errors import RulesError
from rules.infinity_drive.aliens import (
    NonHumanoidDice,
    validate_non_humanoid_dice,
    validate_race,
)


def _decide_race(
    *, race: Race, by: AbstractBaseUser, status: RaceStatus, action: DecisionAction, note: str
) -> Decision:
    def claim(decided_at: datetime.datetime) -> bool:
        changed = Race.objects.filter(pk=race.pk, status=RaceStatus.PROPOSED).update(
            status=status, gm_note=note, decided_by=by, decided_at=decided_at
        )
        return changed == 1

    return decision_take(
        item=race,
        campaign=race.campaign,
        by=by,
        item_kind=DecisionItem.RACE,
        action=action,
        note=note,
        claim=claim,
        player=race.proposed_by,
        told_kind=NotificationKind.RACE_DECIDED,
    )


@transaction.atomic
def race_approve(*, race: Race, by: AbstractBaseUser, note: str = "") -> Decision:
    """Approve a proposed race: from now on everyone in the campaign may choose it.

    Raises PermissionDenied (not the GM), RulesError (the race breaks the book's
    limits under this campaign's house rules) or DecisionConflict (already decided).
    """
    campaign = require_gm(race.campaign, by)
    house_rules = house_rules_for(campaign)
    if race.kind == RaceKind.HUMANOID:
        validate_race(race_rules_value(race), house_rules)
    else:
        validate_non_humanoid_dice(
            NonHumanoidDice.of(
                {code: count for code, count in race.non_humanoid_dice.items() if count},
                bodiless=race.bodiless,
            ),
            house_rules,
        )
    return _decide_race(
        race=race,
        by=by,
        status=RaceStatus.APPROVED,
        action=DecisionAction.APPROVE,
        note=note.strip(),
    )


@transaction.atomic
def race_reject(*, race: Race, by: AbstractBaseUser, note: str) -> Decision:
    """Reject a proposed race with a note the player reads on their character."""
    require_gm(race.campaign, by)
    note = require_note(note, "Write a note so the player knows why the race was rejected.")
    return _decide_race(
        race=race, by=by, status=RaceStatus.REJECTED, action=DecisionAction.REJECT, note=note
    )


@transaction.atomic
def race_create_non_humanoid(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    name: str,
    description: str,
    dice: Mapping[str, int],
    bodiless: bool = False,
) -> Race:
    """A non-humanoid race made by the GM (the book's "GM Ruling"), approved at once.

    `dice` is d6 per characteristic; it must total the campaign's figure (14 by the
    book), give every characteristic at least one die, and a bodiless race only
    Int, Sty, Chz and Mtp. Raises RulesError otherwise.
    """
    require_gm(campaign, by)
    if not name.strip():
        raise RulesError("Give the race a name.")
    # Players pick races by name, so two alike could not be told apart (and a second
    # press of the button would otherwise make the race twice). The campaign's row is
    # locked so that two presses at once are checked one after the other.
    Campaign.objects.select_for_update().filter(pk=campaign.pk).exists()
    same_name = Race.objects.filter(campaign=campaign, name__iexact=name.strip()).exclude(
        status=RaceStatus.REJECTED
    )
    if same_name.exists():
        raise RulesError(
            f"This campaign already has a race called “{name.strip()}”: give this one another name."
        )
    plan = validate_non_humanoid_dice(
        NonHumanoidDice.of(
            {code: count for code, count in dice.items() if count}, bodiless=bodiless
        ),
        house_rules_for(campaign),
    )
    decided_at = timezone.now()
    race = Race.objects.create(
        campaign=campaign,
        kind=RaceKind.NON_HUMANOID,
        name=name.strip(),
        reason=description.strip(),
        non_humanoid_dice=dict(plan.dice),
        bodiless=bodiless,
        status=RaceStatus.APPROVED,
        proposed_by_id=by.pk,
        decided_by_id=by.pk,
        decided_at=decided_at,
    )
    decision_record(
        campaign=campaign,
        by=by,
        item=race,
        item_kind=DecisionItem.RACE,
        action=DecisionAction.CREATE,
        note=description.strip(),
        decided_at=decided_at,
    )
    return race


def _decide_character(
    *,
    character: Character,
    by: AbstractBaseUser,
    status: CharacterStatus,
    action: DecisionAction,
    note: str,
) -> Decision:
    def claim(decided_at: datetime.datetime) -> bool:
        changed = Character.objects.filter(
            pk=character.pk, status=CharacterStatus.SUBMITTED
        ).update(status=status, updated=decided_at)
        return changed == 1

    return decision_take(
        item=character,
        campaign=character.campaign,
        by=by,
        item_kind=DecisionItem.CHARACTER,
        action=action,
        note=note,
        claim=claim,
        player=character.owner,
        told_kind=NotificationKind.CHARACTER_DECIDED,
    )


@transaction.atomic
def character_approve(*, character: Character, by: AbstractBaseUser, note: str = "") -> Decision:
    """Approve a submitted character; its sheet is then open to the whole campaign."""
    return _decide_character(
        character=character,
        by=by,
        status=CharacterStatus.APPROVED,
        action=DecisionAction.APPROVE,
        note=note.strip(),
    )


@transaction.atomic
def character_return(*, character: Character, by: AbstractBaseUser, note: str) -> Decision:
    """Return a submitted character to its player with a note saying what to change.

    The player may then change what involves no dice and submit it again.
    """
    require_gm(character.campaign, by)
    note = require_note(note, "Write a note so the player knows what to change.")
    return _decide_character(
        character=character,
        by=by,
        status=CharacterStatus.RETURNED,
        action=DecisionAction.RETURN,
        note=note,
    )


def notify_race_proposed(*, race: Race) -> Notification | None:
    """Tell the GM a race waits in their queue, once (nothing for races outside a campaign)."""
    campaign = race.campaign
    if campaign is None or race.status != RaceStatus.PROPOSED:
        return None
    proposer = race.proposed_by.get_username() if race.proposed_by else "A player"
    return notify_gm_once(
        item=race,
        campaign=campaign,
        kind=NotificationKind.RACE_PROPOSED,
        message=f"{proposer} proposed the race “{race.name}” for your approval.",
        link=reverse("desk:race_queue", kwargs={"campaign_id": campaign.id}),
    )


def notify_character_submitted(*, character: Character) -> Notification | None:
    """Tell the GM a character waits in their queue, once per submission."""
    campaign = character.campaign
    if campaign is None or character.status != CharacterStatus.SUBMITTED:
        return None
    return notify_gm_once(
        item=character,
        campaign=campaign,
        kind=NotificationKind.CHARACTER_SUBMITTED,
        message=(
            f"{character.owner.get_username()} submitted “{character.name}” for your approval."
        ),
        link=reverse("desk:character_queue", kwargs={"campaign_id": campaign.id}),
    )
