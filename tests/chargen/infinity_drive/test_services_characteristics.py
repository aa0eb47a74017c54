"""The wizard's characteristics under each campaign's house rules: psionics off, dice only,
server dice, and each roll placed before the next."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from rules.errors import RulesError
from tests.chargen.infinity_drive.services_helpers import progress, started_under


def test_metaphysical_is_absent_when_psionics_are_off(
    campaign: Campaign, player: User, player_client: Client
) -> None:
    campaign_draft = started_under(campaign, player, metaphysical_in_play=False)
    services.character_choose_method(character=campaign_draft, expected_sequence=2, method="dice")
    assert "Mtp" not in progress(campaign_draft).codes_in_play
    services.character_roll_characteristic(
        character=campaign_draft, expected_sequence=3, typed_faces="3 3"
    )
    with pytest.raises(RulesError):
        services.character_place_characteristic(
            character=campaign_draft, expected_sequence=4, characteristic="Mtp"
        )
    page = player_client.get(reverse("characters:characteristics", args=[campaign_draft.id]))
    assert "Metaphysical" not in page.content.decode()
    assert "Intellect" in page.content.decode()


def test_a_dice_only_campaign_refuses_point_buy(campaign: Campaign, player: User) -> None:
    campaign_draft = started_under(campaign, player, characteristic_methods="dice")
    with pytest.raises(RulesError, match="only dice"):
        services.character_choose_method(
            character=campaign_draft, expected_sequence=2, method="point_buy"
        )
    assert [row.kind for row in log_entries(campaign_draft)] == ["concept"]


def test_each_roll_is_placed_before_the_next(draft: Character) -> None:
    services.character_choose_method(character=draft, expected_sequence=1, method="dice")
    services.character_roll_characteristic(character=draft, expected_sequence=2)
    with pytest.raises(StepRefused, match="Not now"):
        services.character_roll_characteristic(character=draft, expected_sequence=3)
    services.character_place_characteristic(
        character=draft, expected_sequence=3, characteristic="Int"
    )
    services.character_roll_characteristic(character=draft, expected_sequence=4)
    with pytest.raises(RulesError, match="already has a value"):
        services.character_place_characteristic(
            character=draft, expected_sequence=5, characteristic="Int"
        )


def test_typed_dice_are_refused_where_the_gm_wants_server_dice(
    campaign: Campaign, player: User
) -> None:
    campaign_draft = started_under(campaign, player, physical_dice_allowed=False)
    services.character_choose_method(character=campaign_draft, expected_sequence=2, method="dice")
    with pytest.raises(StepRefused) as refused:
        services.character_roll_characteristic(
            character=campaign_draft, expected_sequence=3, typed_faces="6 6"
        )
    assert refused.value.field == "faces"
    assert len(log_entries(campaign_draft)) == 2  # its name and concept, its method


def test_a_concept_edited_between_a_roll_and_its_placing_moves_nothing(
    draft: Character,
) -> None:
    services.character_choose_method(character=draft, expected_sequence=1, method="dice")
    services.character_roll_characteristic(character=draft, expected_sequence=2)
    services.character_update_concept(
        character=draft, expected_sequence=3, name="Treva Donalson", concept="Mechanic"
    )
    assert progress(draft).unplaced_roll is not None
    services.character_place_characteristic(
        character=draft, expected_sequence=4, characteristic="Int"
    )
    kinds = [row.kind for row in log_entries(draft)]
    assert kinds == ["method", "characteristic_roll", "concept", "characteristic_place"]
    assert "Int" in progress(draft).state.characteristics
    # Undo passes over the name row: it takes back the placing, the newest decision.
    undoable = progress(draft).undoable_entry
    assert undoable is not None
    assert undoable.kind == "characteristic_place"
