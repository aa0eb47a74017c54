"""The campaign's house rule for a non-humanoid's maximum, through the wizard's pages."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, Race, RaceStatus
from chargen.infinity_drive.progress import progress_for
from rules.infinity_drive.creation.state import CreationState
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive.steps import citizen_construction, next_sequence

# One die in Mus: the most it can roll is 6.
ONE_DIE_MUSCLE = {"Mus": 1, "Grc": 2, "Res": 3, "Int": 2, "Sty": 2, "Chz": 2, "Mtp": 2}
ROLLS = {
    "Mus": "6",
    "Grc": "3 3",
    "Res": "3 3 3",
    "Int": "3 3",
    "Sty": "3 3",
    "Chz": "3 3",
    "Mtp": "3 3",
}
HISTORY_REASON_FIELD = 'id="why-construction-academic"'


def _skitterer_at_muscle_six(campaign: Campaign, owner: User, rule: str) -> Character:
    """A Skitterer with Mus 6 started under `rule`, a 2 (+1 Mus) waiting for a table."""
    set_house_rules(campaign.pk, non_humanoid_maximum=rule)
    campaign.refresh_from_db()
    race = Race.objects.create(
        campaign=campaign,
        kind="non_humanoid",
        name="Skitterers",
        reason="Many-legged, light and quick.",
        non_humanoid_dice=ONE_DIE_MUSCLE,
        status=RaceStatus.APPROVED,
    )
    character = services.character_start(owner=owner, campaign=campaign, name="Kik", concept="")
    services.character_choose_non_humanoid(
        character=character, expected_sequence=next_sequence(character), race_id=str(race.id)
    )
    for code, faces in ROLLS.items():
        services.character_roll_characteristic(
            character=character,
            expected_sequence=next_sequence(character),
            characteristic=code,
            typed_faces=faces,
        )
    citizen_construction(character)
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces="1 1"
    )
    return character


def _state(character: Character) -> CreationState:
    character.refresh_from_db()
    return progress_for(character, log_entries(character)).state


@pytest.mark.parametrize(
    ("rule", "muscle", "lost"),
    [("dice", 6, 1), ("none", 7, 0)],
    ids=["dice-maximum", "no-maximum"],
)
def test_the_campaigns_rule_decides_whether_muscle_passes_its_dice(
    campaign: Campaign,
    player: User,
    player_client: Client,
    rule: str,
    muscle: int,
    lost: int,
) -> None:
    character = _skitterer_at_muscle_six(campaign, player, rule)
    assert character.house_rules["non_humanoid_maximum"] == rule
    assert _state(character).characteristics["Mus"] == 6

    page = player_client.get(reverse("characters:skills", args=[character.id])).content.decode()
    if rule == "none":
        assert "Yes: +1 Mus: Mus 6 → 7." in page
        assert HISTORY_REASON_FIELD not in page
    else:
        assert "above its maximum of 6: the roll is lost unless you give a history reason" in page
        assert HISTORY_REASON_FIELD in page

    # The player takes the table without a history reason.
    response = player_client.post(
        reverse("characters:choose_table", args=[character.id]),
        {"sequence": next_sequence(character), "table": "construction-academic"},
    )
    assert response.status_code == 303
    state = _state(character)
    assert state.characteristics["Mus"] == muscle
    assert len(state.lost_rolls) == lost


def test_a_change_of_rule_after_the_start_does_not_reach_the_character(
    campaign: Campaign, player: User
) -> None:
    """Started under "none", the Skitterer keeps it when the GM goes back to the default."""
    character = _skitterer_at_muscle_six(campaign, player, "none")
    set_house_rules(campaign.pk, non_humanoid_maximum="dice")
    services.character_choose_table(
        character=character,
        expected_sequence=next_sequence(character),
        table="construction-academic",
    )
    assert _state(character).characteristics["Mus"] == 7
