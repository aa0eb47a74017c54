"""content_for_campaign merges campaign rows over the defaults; content_copy_defaults."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from chargen.campaigns.models import Campaign
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.content.services import (
    FALLBACK_PROMPT,
    content_copy_defaults,
    content_for_campaign,
    history_prompt_text,
)


@pytest.fixture
def defaults(db: None) -> None:
    EquipmentItem.objects.create(name="Sidearm", price=1000, sort_order=1)
    EquipmentItem.objects.create(name="Medkit", price=500, sort_order=2)
    table = BackgroundTable.objects.create(key="cash", name="Cash", dice="1d6")
    BackgroundRow.objects.create(table=table, low=1, high=6, result="Some cash", credits=100)
    HistoryPrompt.objects.create(key="skill", template="Default {entry}")


@pytest.fixture
def campaign(gm: User) -> Campaign:
    return Campaign.objects.create(name="Rim run", gm=gm)


def names(campaign: Campaign | None) -> list[str]:
    return [item.name for item in content_for_campaign(campaign).equipment]


def test_no_campaign_sees_the_defaults(defaults: None) -> None:
    content = content_for_campaign(None)
    assert names(None) == ["Sidearm", "Medkit"]
    assert content.table("cash") is not None
    assert content.history_prompts == {"skill": "Default {entry}"}


def test_campaign_row_replaces_the_default_of_the_same_name(
    defaults: None, campaign: Campaign
) -> None:
    EquipmentItem.objects.create(campaign=campaign, name="Sidearm", price=1500, sort_order=1)
    prices = {item.name: item.price for item in content_for_campaign(campaign).equipment}
    assert prices == {"Sidearm": 1500, "Medkit": 500}
    # The default catalogue itself is unchanged for everyone else.
    assert {item.name: item.price for item in content_for_campaign(None).equipment}["Sidearm"] == (
        1000
    )


def test_campaign_rows_extend_and_withdraw(defaults: None, campaign: Campaign) -> None:
    EquipmentItem.objects.create(campaign=campaign, name="Laser cutter", price=700, sort_order=3)
    EquipmentItem.objects.create(campaign=campaign, name="Medkit", price=500, available=False)
    assert names(campaign) == ["Sidearm", "Laser cutter"]


def test_one_campaigns_rows_never_reach_another(
    defaults: None, campaign: Campaign, other_player: User
) -> None:
    elsewhere = Campaign.objects.create(name="Elsewhere", gm=other_player)
    EquipmentItem.objects.create(campaign=elsewhere, name="Plasma gun", price=9000)
    HistoryPrompt.objects.create(campaign=elsewhere, key="skill", template="Theirs")
    assert "Plasma gun" not in names(campaign)
    assert content_for_campaign(campaign).history_prompts["skill"] == "Default {entry}"


def test_campaign_prompt_overrides_default(defaults: None, campaign: Campaign) -> None:
    HistoryPrompt.objects.create(campaign=campaign, key="skill", template="Ours {entry}")
    assert content_for_campaign(campaign).history_prompts["skill"] == "Ours {entry}"


def test_gm_copies_the_defaults_once(defaults: None, campaign: Campaign, gm: User) -> None:
    copied = content_copy_defaults(campaign=campaign, by=gm)
    assert copied == 2 + 1 + 1 + 1  # two items, one table and its row, one prompt
    assert campaign.equipment_items.count() == 2
    own_table = campaign.background_tables.get()
    assert own_table.rows.get().credits == 100
    assert content_copy_defaults(campaign=campaign, by=gm) == 0
    # The campaign now edits its own copy without touching the defaults.
    campaign.equipment_items.filter(name="Sidearm").update(price=1)
    assert EquipmentItem.objects.get(campaign__isnull=True, name="Sidearm").price == 1000
    assert {item.name: item.price for item in content_for_campaign(campaign).equipment} == {
        "Sidearm": 1,
        "Medkit": 500,
    }


def test_copy_keeps_what_the_campaign_already_changed(
    defaults: None, campaign: Campaign, gm: User
) -> None:
    EquipmentItem.objects.create(campaign=campaign, name="Sidearm", price=1500)
    content_copy_defaults(campaign=campaign, by=gm)
    assert campaign.equipment_items.get(name="Sidearm").price == 1500


def test_only_the_gm_copies(defaults: None, campaign: Campaign, player: User) -> None:
    with pytest.raises(PermissionDenied):
        content_copy_defaults(campaign=campaign, by=player)
    assert campaign.equipment_items.count() == 0


def test_prompt_fills_placeholders_and_survives_gm_typos() -> None:
    prompts = {"skill": "{entry} on {table} ({roll}) as {career}/{specialisation}; {typo}"}
    text = history_prompt_text(
        prompts=prompts,
        key="skill",
        entry="Recon",
        table="Construction Action",
        career="Citizen",
        specialisation="Construction",
        roll=4,
    )
    assert text == "Recon on Construction Action (4) as Citizen/Construction; {typo}"
    assert history_prompt_text(prompts={"skill": "broken {"}, key="skill") == "broken {"
    assert history_prompt_text(prompts={}, key="survival", table="T", roll=3, entry="E") == (
        FALLBACK_PROMPT.format(table="T", roll=3, entry="E")
    )
