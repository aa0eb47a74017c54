"""The GM's decisions: approve or reject races, create non-humanoid races, approve or
return characters.

Every decision changes the item with one conditional UPDATE (`… WHERE status =
'proposed'`, or `'submitted'`) and checks the row count. Two GMs' tabs racing on
the same item therefore end in one state: the first decision is recorded, the
second is refused with `DecisionConflict`, whose message says who decided first.
The check runs in the database, not in Python, so it holds on SQLite and
PostgreSQL alike.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from chargen.campaigns.models import Campaign
from chargen.characters.models import (
    Character,
    CharacterStatus,
    Race,
    RaceKind,
    RaceStatus,
)
from chargen.desk.models import Decision, DecisionAction, DecisionItem, NotificationKind
from chargen.desk.notifications import notification_send
from chargen.desk.races import race_rules_value
from rules.errors import RulesError
from rules.infinity_drive.aliens import (
    NonHumanoidDice,
    validate_non_humanoid_dice,
    validate_race,
)


class DeskError(Exception):
    """A decision the desk refuses; the message is written for the GM."""


class DecisionConflict(DeskError):
    """Someone decided on this item first; this decision was not recorded."""


class NoteRequired(DeskError):
    """Rejecting or returning needs a note, so the player knows what to change."""


def _require_gm(campaign: Campaign | None, by: AbstractBaseUser) -> Campaign:
    if campaign is None or not campaign.is_gm(by):
        raise PermissionDenied("Only the campaign's GM decides on its queues.")
    return campaign


def _already_decided(item: Race | Character, kind: DecisionItem) -> DecisionConflict:
    filters = {"race": item} if kind == DecisionItem.RACE else {"character": item}
    earlier = Decision.objects.filter(**filters).select_related("decided_by").first()
    if earlier is None:
        return DecisionConflict(
            f"“{item.name}” is no longer waiting for a decision; yours was not recorded."
        )
    who = earlier.decided_by.get_username() if earlier.decided_by else "Someone"
    when = timezone.localtime(earlier.decided_at).strftime("%d %b %Y %H:%M:%S")
    return DecisionConflict(
        f"“{item.name}” was already {earlier.get_action_display().lower()} by {who} "
        f"at {when}; your decision was not recorded."
    )


def _tell_player_of_race_decision(race: Race, decision: Decision) -> None:
    if race.proposed_by is None or decision.decided_by_id == race.proposed_by_id:
        return
    verdict = decision.get_action_display().lower()
    note = f" Note from the GM: {decision.note}" if decision.note else ""
    notification_send(
        recipient=race.proposed_by,
        campaign=decision.campaign,
        kind=NotificationKind.RACE_DECIDED,
        message=f"Your race “{race.name}” was {verdict}.{note}",
        link=reverse("desk:my_campaign", kwargs={"campaign_id": decision.campaign_id}),
        decision=decision,
        race=race,
    )


def _tell_player_of_character_decision(character: Character, decision: Decision) -> None:
    if decision.decided_by_id == character.owner_id:
        return
    verdict = decision.get_action_display().lower()
    note = f" Note from the GM: {decision.note}" if decision.note else ""
    notification_send(
        recipient=character.owner,
        campaign=decision.campaign,
        kind=NotificationKind.CHARACTER_DECIDED,
        message=f"Your character “{character.name}” was {verdict}.{note}",
        link=reverse("desk:my_campaign", kwargs={"campaign_id": decision.campaign_id}),
        decision=decision,
        character=character,
    )


def _decide_race(
    *, race: Race, by: AbstractBaseUser, status: RaceStatus, action: DecisionAction, note: str
) -> Decision:
    campaign = _require_gm(race.campaign, by)
    decided_at = timezone.now()
    changed = Race.objects.filter(pk=race.pk, status=RaceStatus.PROPOSED).update(
        status=status, gm_note=note, decided_by=by, decided_at=decided_at
    )
    if changed != 1:
        raise _already_decided(race, DecisionItem.RACE)
    race.refresh_from_db()
    decision = Decision.objects.create(
        campaign=campaign,
        decided_by=by,
        decided_at=decided_at,
        item_kind=DecisionItem.RACE,
        race=race,
        item_name=race.name,
        action=action,
        note=note,
    )
    _tell_player_of_race_decision(race, decision)
    return decision


@transaction.atomic
def race_approve(*, race: Race, by: AbstractBaseUser, note: str = "") -> Decision:
    """Approve a proposed race: from now on everyone in the campaign may choose it.

    Raises PermissionDenied (not the GM), RulesError (the race breaks the book's
    limits under this campaign's house rules) or DecisionConflict (already decided).
    """
    campaign = _require_gm(race.campaign, by)
    if race.kind == RaceKind.HUMANOID:
        validate_race(race_rules_value(race), campaign.house_rules)
    else:
        validate_non_humanoid_dice(
            NonHumanoidDice.of(
                {code: count for code, count in race.non_humanoid_dice.items() if count},
                bodiless=race.bodiless,
            ),
            campaign.house_rules,
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
    _require_gm(race.campaign, by)
    if not note.strip():
        raise NoteRequired("Write a note so the player knows why the race was rejected.")
    return _decide_race(
        race=race,
        by=by,
        status=RaceStatus.REJECTED,
        action=DecisionAction.REJECT,
        note=note.strip(),
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
    _require_gm(campaign, by)
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
        campaign.house_rules,
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
        proposed_by=by,
        decided_by=by,
        decided_at=decided_at,
    )
    Decision.objects.create(
        campaign=campaign,
        decided_by=by,
        decided_at=decided_at,
        item_kind=DecisionItem.RACE,
        race=race,
        item_name=race.name,
        action=DecisionAction.CREATE,
        note=description.strip(),
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
    campaign = _require_gm(character.campaign, by)
    decided_at = timezone.now()
    changed = Character.objects.filter(pk=character.pk, status=CharacterStatus.SUBMITTED).update(
        status=status, updated=decided_at
    )
    if changed != 1:
        raise _already_decided(character, DecisionItem.CHARACTER)
    character.refresh_from_db()
    decision = Decision.objects.create(
        campaign=campaign,
        decided_by=by,
        decided_at=decided_at,
        item_kind=DecisionItem.CHARACTER,
        character=character,
        item_name=character.name,
        action=action,
        note=note,
    )
    _tell_player_of_character_decision(character, decision)
    return decision


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
    _require_gm(character.campaign, by)
    if not note.strip():
        raise NoteRequired("Write a note so the player knows what to change.")
    return _decide_character(
        character=character,
        by=by,
        status=CharacterStatus.RETURNED,
        action=DecisionAction.RETURN,
        note=note.strip(),
    )


def latest_decision(
    *, race: Race | None = None, character: Character | None = None
) -> Decision | None:
    """The most recent decision on a race or a character (its note is what the player reads)."""
    if race is not None:
        return Decision.objects.filter(race=race).first()
    if character is not None:
        return Decision.objects.filter(character=character).first()
    return None
