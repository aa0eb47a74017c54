"""The roller sheets themselves in the services: what a new unique or mana sheet starts with,
and closing an account takes its sheets and logs with it."""

from __future__ import annotations

from django.contrib.auth.models import User

from chargen.rollers import services
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollEntry,
    UniqueCharacter,
    UniqueCrisis,
    UniqueRollEntry,
)
from tests.chargen.rollers.services_helpers import (
    plan_for,
    pool_for,
    push_typed,
    record_crisis,
    roll_typed,
)


def test_a_new_sheet_has_the_books_two_universal_attributes(brian: UniqueCharacter) -> None:
    assert list(brian.attributes.values_list("name", flat=True)) == ["Strength", "Precision"]


def test_a_new_mana_sheet_has_five_colours_and_the_house_links(player: User) -> None:
    character = services.mana_character_create(owner=player, name="Erin")
    assert list(character.colours.values_list("name", flat=True)) == [
        "white",
        "blue",
        "black",
        "red",
        "green",
    ]
    links = dict(character.attributes.values_list("name", "colour"))
    assert links["Cunning"] == "black"
    assert links["Intelligence"] == "blue"


def test_closing_an_account_takes_its_sheets_and_logs_with_it(
    player: User, leanne: UniqueCharacter, mage: ManaCharacter
) -> None:
    roll_typed(leanne, plan_for(leanne, "Precision"), [2, 4, 5])
    push_typed(leanne, 4)
    record_crisis(leanne, "physical")
    services.mana_roll(
        character=mage,
        sequence=1,
        pool=pool_for(mage, "Cunning"),
        difficulty=services.named_difficulty("EASY"),
    )
    player.delete()
    assert not UniqueRollEntry.objects.exists()
    assert not UniqueCrisis.objects.exists()
    assert not ManaRollEntry.objects.exists()
