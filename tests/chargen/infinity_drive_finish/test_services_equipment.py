"""Step 7 services: the option lock, background rolls through the log, buying within credits."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.content.models import EquipmentItem
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive_finish.build import buy, choose_option, equip_standard


def loaded(character: Character) -> finish.Finish:
    """The character's steps 7 and 8 as its log replays them."""
    return finish.finish_load(character)


def item(name: str) -> EquipmentItem:
    return EquipmentItem.objects.get(campaign__isnull=True, name=name)


def test_standard_option_gives_the_books_20000_credits(treva: Character) -> None:
    equip_standard(treva)
    assert (loaded(treva).option, loaded(treva).credits) == ("standard", 20_000)


def test_standard_option_uses_the_campaigns_figure(
    treva_under: Callable[..., Character],
) -> None:
    campaign_treva = treva_under(starting_credits=15_000)
    equip_standard(campaign_treva)
    assert loaded(campaign_treva).credits == 15_000


def test_option_is_locked_once_chosen(treva: Character) -> None:
    equip_standard(treva)
    equip_standard(treva)  # the same choice again changes nothing
    with pytest.raises(StepRefused, match="no going back"):
        choose_option(treva, "variable")
    assert loaded(treva).option == "standard"


def test_campaign_may_offer_only_one_option(treva_under: Callable[..., Character]) -> None:
    campaign_treva = treva_under(equipment_options="variable")
    with pytest.raises(StepRefused, match="does not offer"):
        choose_option(campaign_treva, "standard")


def test_no_equipment_before_the_skills_are_done(player: User) -> None:
    draft = Character.objects.create(owner=player, name="Early")
    with pytest.raises(StepRefused, match="skill rolls"):
        choose_option(draft, "standard")
    assert loaded(draft).option == ""


def test_buying_spends_credits_and_setting_again_is_harmless(treva: Character) -> None:
    equip_standard(treva)
    sidearm = item("Sidearm")
    sequence = loaded(treva).next_sequence
    for _ in range(2):  # a double-click posts the same form twice
        finish.equipment_set_quantity(
            character=treva,
            expected_sequence=sequence,
            item_id=sidearm.pk,
            quantity=2,
        )
    assert loaded(treva).credits == 20_000 - 2 * sidearm.price
    assert [(held.name, held.quantity) for held in loaded(treva).purchases] == [("Sidearm", 2)]
    buy(treva, sidearm.pk, 0)
    assert loaded(treva).credits == 20_000
    assert loaded(treva).purchases == ()


def test_over_spending_is_refused_and_changes_nothing(treva: Character) -> None:
    equip_standard(treva)
    buy(treva, item("Vacc suit").pk, 3)
    with pytest.raises(StepRefused, match="costs"):
        buy(treva, item("Grav belt").pk, 1)
    assert loaded(treva).credits == 20_000 - 3 * item("Vacc suit").price
    assert [held.name for held in loaded(treva).purchases] == ["Vacc suit"]


def test_buying_before_choosing_an_option_is_refused(treva: Character) -> None:
    with pytest.raises(StepRefused, match="option"):
        buy(treva, item("Medkit").pk, 1)


def test_another_campaigns_item_cannot_be_bought(treva: Character, gm: User) -> None:
    elsewhere = Campaign.objects.create(name="Elsewhere", gm=gm)
    secret = EquipmentItem.objects.create(campaign=elsewhere, name="Ion cannon", price=1)
    equip_standard(treva)
    with pytest.raises(StepRefused, match="catalogue"):
        buy(treva, secret.pk, 1)


def test_kept_purchase_keeps_its_price_when_the_catalogue_changes(treva: Character) -> None:
    equip_standard(treva)
    medkit = item("Medkit")
    buy(treva, medkit.pk, 1)
    EquipmentItem.objects.filter(pk=medkit.pk).update(price=5_000)
    assert [held.unit_price for held in loaded(treva).purchases] == [medkit.price]
    assert loaded(treva).credits == 20_000 - medkit.price


def variable(character: Character) -> None:
    choose_option(character, "variable")


def test_variable_option_rolls_every_table_through_the_log(treva: Character) -> None:
    variable(treva)
    assert loaded(treva).credits is None
    faces = {"background": "3 4", "cash": "4 4", "assets": "6 6", "debts": "1 1"}
    for _key in faces:
        before = finish.finish_load(treva)
        table = before.next_background_table
        assert table is not None
        finish.equipment_roll_background(
            character=treva, expected_sequence=before.next_sequence, faces_text=faces[table.key]
        )
    rolls = [entry for entry in log_entries(treva) if entry.kind == finish.BACKGROUND_ROLL]
    assert [entry.payload["table_key"] for entry in rolls] == [
        "background",
        "cash",
        "assets",
        "debts",
    ]
    assert all(entry.entered for entry in rolls)
    # Cash 8 on the house table gives 20,000 credits: the last roll records the purse.
    assert loaded(treva).credits == 20_000
    assert [entry.payload.get("purse") for entry in rolls] == [None, None, None, 20_000]
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
        buy(treva, item("Medkit").pk, 1)
    assert loaded(treva).purchases == ()
