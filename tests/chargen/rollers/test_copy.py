"""Copy a roller sheet as a template: its rows, never its rolls or crises."""

from __future__ import annotations

from django.test import Client

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.rollers.services_helpers import plan_for


def test_a_unique_sheet_copy_has_its_rows_and_no_rolls(
    leanne: UniqueCharacter, player_client: Client
) -> None:
    services.unique_roll(character=leanne, sequence=1, plan=plan_for(leanne, "Precision"))
    response = player_client.post(f"/rollers/unique/{leanne.pk}/copy/")
    copied = UniqueCharacter.objects.exclude(pk=leanne.pk).get()
    assert response["Location"] == f"/rollers/unique/{copied.pk}/"
    assert copied.name == "Leanne (copy)"
    assert dict(copied.attributes.values_list("name", "score")) == dict(
        leanne.attributes.values_list("name", "score")
    )
    assert list(copied.specials.values_list("name", "starred")) == list(
        leanne.specials.values_list("name", "starred")
    )
    assert not copied.rolls.exists()
    assert not copied.crises.exists()


def test_a_mana_sheet_copy_keeps_mana_and_specialities(
    mage: ManaCharacter, player_client: Client
) -> None:
    player_client.post(f"/rollers/mana/{mage.pk}/copy/")
    copied = ManaCharacter.objects.exclude(pk=mage.pk).get()
    assert dict(copied.colours.values_list("name", "amount")) == dict(
        mage.colours.values_list("name", "amount")
    )
    assert sorted(copied.specialities.values_list("name", "attribute__name")) == sorted(
        mage.specialities.values_list("name", "attribute__name")
    )
    assert not copied.rolls.exists()


def test_only_the_owner_copies_and_never_by_get(
    leanne: UniqueCharacter, mage: ManaCharacter, player_client: Client, other_player_client: Client
) -> None:
    for url in (f"/rollers/unique/{leanne.pk}/copy/", f"/rollers/mana/{mage.pk}/copy/"):
        assert other_player_client.post(url).status_code == 404
        assert player_client.get(url).status_code == 405
    assert UniqueCharacter.objects.count() == 1
    assert ManaCharacter.objects.count() == 1
