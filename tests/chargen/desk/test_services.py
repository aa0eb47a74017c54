"""Desk services: every decision recorded, the book's limits enforced, the GM alone decides."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_house_rules_change
from chargen.desk.models import Decision, DecisionAction, DecisionItem
from chargen.desk.services import (
    DecisionConflict,
    NoteRequired,
    latest_decision,
)
from chargen.infinity_drive.gm.services import (
    character_approve,
    character_return,
    race_approve,
    race_create_non_humanoid,
    race_reject,
)
from chargen.infinity_drive.models import Character, CharacterStatus, Race, RaceKind, RaceStatus
from rules.errors import RulesError


def test_approving_a_race_records_who_when_what_and_the_note(darrian: Race, gm: User) -> None:
    decision = race_approve(race=darrian, by=gm, note="Lovely backstory.")
    darrian.refresh_from_db()
    assert darrian.status == RaceStatus.APPROVED
    assert darrian.decided_by == gm
    assert darrian.decided_at == decision.decided_at
    assert darrian.gm_note == "Lovely backstory."
    assert decision.item_kind == DecisionItem.RACE
    assert decision.action == DecisionAction.APPROVE
    assert decision.item == darrian
    assert decision.item_name == "Darrian"
    assert decision.decided_by == gm
    assert latest_decision(darrian) == decision


def test_rejecting_needs_a_note_and_then_records_it(darrian: Race, gm: User) -> None:
    with pytest.raises(NoteRequired):
        race_reject(race=darrian, by=gm, note="   ")
    darrian.refresh_from_db()
    assert darrian.status == RaceStatus.PROPOSED
    assert not Decision.objects.exists()

    race_reject(race=darrian, by=gm, note="Too close to the Vargr; rename it?")
    darrian.refresh_from_db()
    assert darrian.status == RaceStatus.REJECTED
    assert darrian.gm_note == "Too close to the Vargr; rename it?"


def test_a_race_that_breaks_the_books_limits_cannot_be_approved(
    campaign: Campaign, player: User, gm: User
) -> None:
    greedy = Race.objects.create(
        campaign=campaign,
        name="Titan",
        reason="Big.",
        adjustments={"Mus": 4, "Int": -4},
        proposed_by=player,
    )
    with pytest.raises(RulesError, match="more than 3"):
        race_approve(race=greedy, by=gm)
    greedy.refresh_from_db()
    assert greedy.status == RaceStatus.PROPOSED
    assert not Decision.objects.exists()


@pytest.mark.parametrize("who", ["player", "other_player", "outsider"])
def test_only_the_gm_decides(
    request: pytest.FixtureRequest, who: str, darrian: Race, submitted: Character
) -> None:
    user = request.getfixturevalue(who)
    with pytest.raises(PermissionDenied):
        race_approve(race=darrian, by=user)
    with pytest.raises(PermissionDenied):
        race_reject(race=darrian, by=user, note="no")
    with pytest.raises(PermissionDenied):
        character_approve(character=submitted, by=user)
    with pytest.raises(PermissionDenied):
        character_return(character=submitted, by=user, note="no")
    darrian.refresh_from_db()
    submitted.refresh_from_db()
    assert darrian.status == RaceStatus.PROPOSED
    assert submitted.status == CharacterStatus.SUBMITTED
    assert not Decision.objects.exists()


def test_a_second_decision_on_the_same_race_is_refused_plainly(darrian: Race, gm: User) -> None:
    stale_copy = Race.objects.get(pk=darrian.pk)
    race_approve(race=darrian, by=gm)
    with pytest.raises(DecisionConflict, match="already approved by alice"):
        race_reject(race=stale_copy, by=gm, note="Changed my mind")
    stale_copy.refresh_from_db()
    assert stale_copy.status == RaceStatus.APPROVED
    assert Decision.objects.count() == 1


def test_approving_and_returning_characters(
    submitted: Character, gm: User, campaign: Campaign, other_player: User
) -> None:
    with pytest.raises(NoteRequired):
        character_return(character=submitted, by=gm, note="")
    decision = character_return(character=submitted, by=gm, note="Add an appearance, please.")
    submitted.refresh_from_db()
    assert submitted.status == CharacterStatus.RETURNED
    assert decision.action == DecisionAction.RETURN
    assert decision.note == "Add an appearance, please."

    # A returned character is not in the queue, so it cannot be approved until resubmitted.
    with pytest.raises(DecisionConflict, match="already returned"):
        character_approve(character=submitted, by=gm)

    submitted.status = CharacterStatus.SUBMITTED
    submitted.save()
    character_approve(character=submitted, by=gm)
    submitted.refresh_from_db()
    assert submitted.status == CharacterStatus.APPROVED
    assert [d.action for d in Decision.objects.order_by("decided_at")] == [
        DecisionAction.RETURN,
        DecisionAction.APPROVE,
    ]


def test_a_draft_is_not_in_the_queue(draft: Character, gm: User) -> None:
    with pytest.raises(DecisionConflict):
        character_approve(character=draft, by=gm)
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DRAFT


def test_the_gm_creates_a_non_humanoid_race_from_the_books_example(
    campaign: Campaign, gm: User
) -> None:
    # "for Mus and Res they roll three dice but only roll one for Int and Chz"
    race = race_create_non_humanoid(
        campaign=campaign,
        by=gm,
        name="Krell",
        description="Armoured burrowers from a high-gravity world.",
        dice={"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 2},
    )
    assert race.kind == RaceKind.NON_HUMANOID
    assert race.status == RaceStatus.APPROVED
    assert race.non_humanoid_dice == {
        "Mus": 3,
        "Grc": 2,
        "Res": 3,
        "Int": 1,
        "Sty": 2,
        "Chz": 1,
        "Mtp": 2,
    }
    decision = Decision.objects.get(race=race)
    assert decision.action == DecisionAction.CREATE
    assert decision.decided_by == gm


def test_a_bodiless_race_uses_only_int_sty_chz_and_mtp(campaign: Campaign, gm: User) -> None:
    # "you might have 11d6 in Int and only 1d6 in Sty, Chz and Mtp"
    race = race_create_non_humanoid(
        campaign=campaign,
        by=gm,
        name="Thinkers",
        description="Pure thought.",
        dice={"Mus": 0, "Grc": 0, "Res": 0, "Int": 11, "Sty": 1, "Chz": 1, "Mtp": 1},
        bodiless=True,
    )
    assert race.bodiless
    assert race.non_humanoid_dice == {"Int": 11, "Sty": 1, "Chz": 1, "Mtp": 1}
    with pytest.raises(RulesError, match="bodiless"):
        race_create_non_humanoid(
            campaign=campaign,
            by=gm,
            name="Ghosts",
            description="",
            dice={"Mus": 1, "Int": 10, "Sty": 1, "Chz": 1, "Mtp": 1},
            bodiless=True,
        )


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ({"Mus": 2, "Grc": 2, "Res": 2, "Int": 2, "Sty": 2, "Chz": 2, "Mtp": 1}, "exactly 14"),
        ({"Mus": 8, "Grc": 1, "Res": 1, "Int": 1, "Sty": 1, "Chz": 2}, "at least one die"),
    ],
)
def test_non_humanoid_dice_must_follow_the_ruling(
    campaign: Campaign, gm: User, dice: dict[str, int], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        race_create_non_humanoid(campaign=campaign, by=gm, name="X", description="", dice=dice)
    assert not Race.objects.filter(kind=RaceKind.NON_HUMANOID).exists()


def test_the_campaigns_own_dice_total_is_used(campaign: Campaign, gm: User) -> None:
    campaign_house_rules_change(campaign=campaign, by=gm, non_humanoid_dice_total=16)
    dice = {"Mus": 4, "Grc": 2, "Res": 2, "Int": 2, "Sty": 2, "Chz": 2, "Mtp": 2}
    race = race_create_non_humanoid(
        campaign=campaign, by=gm, name="Heavy", description="", dice=dice
    )
    assert sum(race.non_humanoid_dice.values()) == 16


def test_only_the_gm_creates_races(campaign: Campaign, player: User) -> None:
    with pytest.raises(PermissionDenied):
        race_create_non_humanoid(
            campaign=campaign,
            by=player,
            name="Mine",
            description="",
            dice={"Mus": 2, "Grc": 2, "Res": 2, "Int": 2, "Sty": 2, "Chz": 2, "Mtp": 2},
        )
    assert not Race.objects.exists()
