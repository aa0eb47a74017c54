"""Step 7 services: the option lock, background rolls through the log, buying within credits."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chargen.campaigns.models import Campaign
from chargen.characters import services_finish as finish
from chargen.characters.errors import StepRefused
from chargen.characters.log import log_entries
from chargen.characters.models import Character, CharacterStatus
from chargen.content.models import EquipmentItem
from tests.chargen.characters_finish.build import equip_standard


def item(name: str) -> EquipmentItem:
    return EquipmentItem.objects.get(campaign__isnull=True, name=name)


def test_standard_option_gives_the_books_20000_credits(treva: Character) -> None:
    equip_standard(treva)
    treva.refresh_from_db()
    assert (treva.equipment_option, treva.credits) == ("standard", 20_000)


def test_standard_option_uses_the_campaigns_figure(
    treva_under: Callable[..., Character],
) -> None:
    campaign_treva = treva_under(starting_credits=15_000)
    equip_standard(campaign_treva)
    campaign_treva.refresh_from_db()
    assert campaign_treva.credits == 15_000


def test_option_is_locked_once_chosen(treva: Character) -> None:
    equip_standard(treva)
    equip_standard(treva)  # the same choice again changes nothing
    with pytest.raises(StepRefused, match="no going back"):
        finish.equipment_choose_option(character=treva, option="variable")
    treva.refresh_from_db()
    assert treva.equipment_option == "standard"


def test_campaign_may_offer_only_one_option(treva_under: Callable[..., Character]) -> None:
    campaign_treva = treva_under(equipment_options="variable")
    with pytest.raises(StepRefused, match="does not offer"):
        finish.equipment_choose_option(character=campaign_treva, option="standard")


def test_no_equipment_before_the_skills_are_done(player: object) -> None:
    draft = Character.objects.create(owner=player, name="Early")
    with pytest.raises(StepRefused, match="skill rolls"):
        finish.equipment_choose_option(character=draft, option="standard")
    draft.refresh_from_db()
    assert draft.equipment_option == ""


def test_buying_spends_credits_and_setting_again_is_harmless(treva: Character) -> None:
    equip_standard(treva)
    sidearm = item("Sidearm")
    for _ in range(2):  # a double-click posts the same quantity twice
        finish.equipment_set_quantity(character=treva, item_id=sidearm.pk, quantity=2)
    treva.refresh_from_db()
    assert treva.credits == 20_000 - 2 * sidearm.price
    assert treva.equipment.get().quantity == 2
    finish.equipment_set_quantity(character=treva, item_id=sidearm.pk, quantity=0)
    treva.refresh_from_db()
    assert treva.credits == 20_000
    assert not treva.equipment.exists()


def test_over_spending_is_refused_and_changes_nothing(treva: Character) -> None:
    equip_standard(treva)
    finish.equipment_set_quantity(character=treva, item_id=item("Vacc suit").pk, quantity=3)
    with pytest.raises(StepRefused, match="costs"):
        finish.equipment_set_quantity(character=treva, item_id=item("Grav belt").pk, quantity=1)
    treva.refresh_from_db()
    assert treva.credits == 20_000 - 3 * item("Vacc suit").price
    assert list(treva.equipment.values_list("name", flat=True)) == ["Vacc suit"]


def test_buying_before_choosing_an_option_is_refused(treva: Character) -> None:
    with pytest.raises(StepRefused, match="option"):
        finish.equipment_set_quantity(character=treva, item_id=item("Medkit").pk, quantity=1)


def test_another_campaigns_item_cannot_be_bought(treva: Character, gm: object) -> None:
    elsewhere = Campaign.objects.create(name="Elsewhere", gm=gm)
    secret = EquipmentItem.objects.create(campaign=elsewhere, name="Ion cannon", price=1)
    equip_standard(treva)
    with pytest.raises(StepRefused, match="catalogue"):
        finish.equipment_set_quantity(character=treva, item_id=secret.pk, quantity=1)


def test_kept_purchase_keeps_its_price_when_the_catalogue_changes(treva: Character) -> None:
    equip_standard(treva)
    medkit = item("Medkit")
    finish.equipment_set_quantity(character=treva, item_id=medkit.pk, quantity=1)
    EquipmentItem.objects.filter(pk=medkit.pk).update(price=5_000)
    treva.refresh_from_db()
    assert treva.equipment.get().unit_price == medkit.price
    assert treva.credits == 20_000 - medkit.price


def variable(character: Character) -> None:
    finish.equipment_choose_option(character=character, option="variable")
    character.refresh_from_db()


def test_variable_option_rolls_every_table_through_the_log(treva: Character) -> None:
    variable(treva)
    assert treva.credits is None
    faces = {"background": "3 4", "cash": "4 4", "assets": "6 6", "debts": "1 1"}
    for _key in faces:
        loaded = finish.finish_load(treva)
        table = loaded.next_background_table
        assert table is not None
        finish.equipment_roll_background(
            character=treva, expected_sequence=loaded.next_sequence, faces_text=faces[table.key]
        )
    treva.refresh_from_db()
    rolls = [entry for entry in log_entries(treva) if entry.kind == finish.BACKGROUND_ROLL]
    assert [entry.payload["table_key"] for entry in rolls] == [
        "background",
        "cash",
        "assets",
        "debts",
    ]
    assert all(entry.entered for entry in rolls)
    # Cash 8 on the house table gives 20,000 credits.
    assert treva.credits == 20_000
    assert "starship" in rolls[2].payload["assets"]
    assert "crime syndicate" in rolls[3].payload["debts"]
    assert finish.finish_load(treva).next_background_table is None


def test_a_repeated_background_post_returns_the_saved_roll(treva: Character) -> None:
    variable(treva)
    sequence = finish.finish_load(treva).next_sequence
    first = finish.equipment_roll_background(character=treva, expected_sequence=sequence)
    again = finish.equipment_roll_background(character=treva, expected_sequence=sequence)
    typed = finish.equipment_roll_background(
        character=treva, expected_sequence=sequence, faces_text="6 6"
    )
    assert first.pk == again.pk == typed.pk
    assert again.faces == first.faces
    assert not typed.entered
    assert len([e for e in log_entries(treva) if e.kind == finish.BACKGROUND_ROLL]) == 1


def test_background_rolls_need_the_variable_option(treva: Character) -> None:
    equip_standard(treva)
    with pytest.raises(StepRefused, match="variable"):
        finish.equipment_roll_background(
            character=treva, expected_sequence=finish.finish_load(treva).next_sequence
        )


def test_typed_dice_refused_when_the_campaign_wants_server_dice(
    campaign_treva: Character,
) -> None:
    # Treva's book dice are typed in, so she cannot be built under server dice: her own
    # rules are set afterwards, as if she had been started under them.
    server_dice = {**campaign_treva.house_rules, "physical_dice_allowed": False}
    Character.objects.filter(pk=campaign_treva.pk).update(house_rules=server_dice)
    campaign_treva.refresh_from_db()
    variable(campaign_treva)
    with pytest.raises(StepRefused, match="server dice"):
        finish.equipment_roll_background(
            character=campaign_treva,
            expected_sequence=finish.finish_load(campaign_treva).next_sequence,
            faces_text="3 4",
        )


def test_a_returned_character_buys_but_never_rolls(treva: Character) -> None:
    variable(treva)
    Character.objects.filter(pk=treva.pk).update(status=CharacterStatus.RETURNED)
    treva.refresh_from_db()
    with pytest.raises(StepRefused, match="not re-rolled"):
        finish.equipment_roll_background(
            character=treva, expected_sequence=finish.finish_load(treva).next_sequence
        )


def test_a_finished_character_cannot_buy(treva: Character) -> None:
    equip_standard(treva)
    Character.objects.filter(pk=treva.pk).update(status=CharacterStatus.FINISHED)
    treva.refresh_from_db()
    with pytest.raises(StepRefused, match="finished"):
        finish.equipment_set_quantity(character=treva, item_id=item("Medkit").pk, quantity=1)
    assert not treva.equipment.exists()
