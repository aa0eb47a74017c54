"""Races in the wizard's services: a proposed race waits for the GM (and blocks finishing),
illegal and rejected races, changing a race, and a non-humanoid race's own dice."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, Race, RaceStatus
from rules.errors import RulesError
from tests.chargen.infinity_drive.services_helpers import progress
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
)


def test_a_proposed_race_waits_for_the_gm_but_building_goes_on(
    campaign_draft: Character, campaign: Campaign
) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    campaign_draft.refresh_from_db()
    race = campaign_draft.race
    assert race is not None
    assert race.status == RaceStatus.PROPOSED
    assert race.campaign == campaign
    assert race.adjustments == {"Int": 3, "Res": -2, "Mtp": -1}
    citizen_construction(campaign_draft)
    assert progress(campaign_draft).state.specialisation == "Construction"


def test_an_illegal_race_is_refused_and_not_saved(draft: Character) -> None:
    roll_book_characteristics(draft)
    with pytest.raises(RulesError, match="at most 6"):
        services.race_propose(
            character=draft,
            expected_sequence=next_sequence(draft),
            name="Titans",
            reason="Big.",
            adjustments={"Mus": 3, "Grc": 3, "Res": 3, "Int": -3, "Sty": -3, "Chz": -3},
        )
    with pytest.raises(RulesError, match="reason"):
        services.race_propose(
            character=draft,
            expected_sequence=next_sequence(draft),
            name="Quiet",
            reason=" ",
            adjustments={"Int": 1, "Chz": -1},
        )
    assert not Race.objects.exists()
    assert progress(draft).state.expecting == "race"


def test_a_rejected_race_sends_the_player_back_and_keeps_the_dice(
    campaign_draft: Character, player_client: Client
) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    citizen_construction(campaign_draft)
    campaign_draft.refresh_from_db()
    race = campaign_draft.race
    assert race is not None
    race.status = RaceStatus.REJECTED
    race.gm_note = "Too clever by half."
    race.save()
    rolls_before = [entry.faces for entry in log_entries(campaign_draft) if entry.dice]

    assert not progress(campaign_draft).race_done
    page = player_client.get(reverse("characters:race", args=[campaign_draft.id]))
    assert "Too clever by half." in page.content.decode()

    services.character_choose_race(
        character=campaign_draft, expected_sequence=next_sequence(campaign_draft), race_id=None
    )
    after = progress(campaign_draft)
    assert campaign_draft.race is None
    assert after.race_done
    assert after.state.profile == "58C2874"
    assert [entry.faces for entry in log_entries(campaign_draft) if entry.dice] == rolls_before
    assert log_entries(campaign_draft)[-1].kind == "race_change"


def test_a_race_cannot_be_changed_unless_rejected(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    with pytest.raises(StepRefused, match="Not now"):
        services.character_choose_race(
            character=draft, expected_sequence=next_sequence(draft), race_id=None
        )


def test_a_proposed_race_blocks_finishing_until_approved(campaign_draft: Character) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    blockers = progress(campaign_draft).finish_blockers
    assert any("not yet approved the race Darrian" in blocker for blocker in blockers)
    assert campaign_draft.race is not None
    assert campaign_draft.race is not None
    campaign_draft.race.status = RaceStatus.APPROVED
    campaign_draft.race.save()
    assert not any("Darrian" in blocker for blocker in progress(campaign_draft).finish_blockers)


def test_a_non_humanoid_race_rolls_its_own_dice_per_characteristic(
    campaign: Campaign, campaign_draft: Character, player_client: Client
) -> None:
    brutes = Race.objects.create(
        campaign=campaign,
        kind="non_humanoid",
        name="Kethra",
        reason="Tough, slow-witted burrowers.",
        non_humanoid_dice={"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 2},
        status=RaceStatus.APPROVED,
    )
    page = player_client.get(reverse("characters:characteristics", args=[campaign_draft.id]))
    assert "Non-humanoid: Kethra" in page.content.decode()
    response = player_client.post(
        reverse("characters:method", args=[campaign_draft.id]),
        {"sequence": 1, "method": f"race:{brutes.id}"},
    )
    assert response.status_code == 303
    campaign_draft.refresh_from_db()
    assert campaign_draft.race == brutes
    with pytest.raises(StepRefused):
        services.character_roll_characteristic(character=campaign_draft, expected_sequence=2)
    services.character_roll_characteristic(
        character=campaign_draft, expected_sequence=2, characteristic="Mus", typed_faces="6 6 6"
    )
    state = progress(campaign_draft).state
    assert state.characteristics["Mus"] == 18
    assert progress(campaign_draft).unplaced_roll is None
    with pytest.raises(StepRefused, match="You typed 2 faces; 1d6 has 1 die"):
        services.character_roll_characteristic(
            character=campaign_draft, expected_sequence=3, characteristic="Int", typed_faces="3 3"
        )
    assert len(log_entries(campaign_draft)) == 2
