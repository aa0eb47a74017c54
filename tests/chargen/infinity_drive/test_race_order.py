"""A race's adjustments and dice read in the profile's order on every database:
PostgreSQL's jsonb hands JSON keys back sorted, SQLite as they were written."""

from __future__ import annotations

from django.test import Client

from chargen.infinity_drive.models import Character, Race, RaceStatus
from tests.chargen.infinity_drive.steps import roll_book_characteristics
from tests.chargen.infinity_drive.views_helpers import url


def test_the_race_step_lists_a_races_adjustments_in_the_profiles_order(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    Race.objects.create(  # a race of the player's own, outside any campaign
        proposed_by=draft.owner,
        name="Darrian",
        adjustments={"Mtp": -1, "Int": 3, "Res": -2},
        status=RaceStatus.APPROVED,
    )
    content = player_client.get(url("race", draft)).content.decode()
    assert "Darrian -2 Res +3 Int -1 Mtp" in content


def test_a_non_humanoid_races_dice_read_in_the_profiles_order() -> None:
    race = Race(name="Sporeling", non_humanoid_dice={"Mtp": 1, "Int": 3, "Mus": 2})
    assert race.dice_in_order == (("Mus", 2), ("Int", 3), ("Mtp", 1))
