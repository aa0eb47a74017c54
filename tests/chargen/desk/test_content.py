"""The GM edits their campaign's content, starting from the defaults, touching nothing else."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.content.services import content_for_campaign


@pytest.fixture
def defaults(db: None) -> None:
    EquipmentItem.objects.create(name="Vacc suit", price=5000, category="survival")
    EquipmentItem.objects.create(name="Med kit", price=300, category="medical")
    table = BackgroundTable.objects.create(key="cash", name="Starting cash", dice="2d6")
    BackgroundRow.objects.create(table=table, low=2, high=12, result="Some cash", credits=1000)
    HistoryPrompt.objects.create(key="skill", template="How did you learn {entry}?")


def _url(name: str, campaign: Campaign, **kwargs: object) -> str:
    return reverse(f"desk:{name}", kwargs={"campaign_id": campaign.id, **kwargs})


def _management(prefix: str, total: int, initial: int) -> dict[str, str]:
    return {
        f"{prefix}-TOTAL_FORMS": str(total),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }


def test_copy_defaults_then_edit_without_touching_defaults_or_other_campaigns(
    defaults: None, gm_client: Client, campaign: Campaign, gm: User
) -> None:
    other = campaign_create(gm=gm, name="Another table")
    overview = gm_client.get(_url("content", campaign)).content.decode()
    assert "Vacc suit" in overview
    gm_client.post(_url("content_copy", campaign))
    own = EquipmentItem.objects.get(campaign=campaign, name="Vacc suit")

    data = {
        **_management("equipment", 3, 2),
        "equipment-0-id": str(own.pk),
        "equipment-0-name": "Vacc suit",
        "equipment-0-category": "survival",
        "equipment-0-price": "4000",
        "equipment-0-description": "Cheap on this frontier.",
        "equipment-0-available": "on",
        "equipment-0-sort_order": "0",
        "equipment-1-id": str(EquipmentItem.objects.get(campaign=campaign, name="Med kit").pk),
        "equipment-1-name": "Med kit",
        "equipment-1-category": "medical",
        "equipment-1-price": "300",
        "equipment-1-sort_order": "0",
        "equipment-1-DELETE": "on",
        "equipment-2-name": "Plasma lance",
        "equipment-2-category": "weapon",
        "equipment-2-price": "9000",
        "equipment-2-available": "on",
        "equipment-2-sort_order": "1",
    }
    response = gm_client.post(_url("content_kind", campaign, kind_slug="equipment"), data)
    assert response.status_code == 302, response.content.decode()[:2000]

    mine = {item.name: item.price for item in content_for_campaign(campaign).equipment}
    # Deleting our copy of the med kit brings the default back, unchanged.
    assert mine == {"Vacc suit": 4000, "Med kit": 300, "Plasma lance": 9000}
    theirs = {item.name: item.price for item in content_for_campaign(other).equipment}
    assert theirs == {"Vacc suit": 5000, "Med kit": 300}
    assert EquipmentItem.objects.get(campaign=None, name="Vacc suit").price == 5000


def test_a_posted_id_from_the_defaults_cannot_be_edited(
    defaults: None, gm_client: Client, campaign: Campaign
) -> None:
    default = EquipmentItem.objects.get(campaign=None, name="Vacc suit")
    data = {
        **_management("equipment", 1, 1),
        "equipment-0-id": str(default.pk),
        "equipment-0-name": "Vacc suit",
        "equipment-0-category": "survival",
        "equipment-0-price": "1",
        "equipment-0-sort_order": "0",
    }
    gm_client.post(_url("content_kind", campaign, kind_slug="equipment"), data)
    default.refresh_from_db()
    assert default.price == 5000
    assert default.campaign_id is None
    assert EquipmentItem.objects.filter(campaign=None).count() == 2


def test_edit_a_background_tables_rows_and_history_prompts(
    defaults: None, gm_client: Client, campaign: Campaign
) -> None:
    gm_client.post(_url("content_copy", campaign))
    table = BackgroundTable.objects.get(campaign=campaign, key="cash")
    edit = {
        "row": "2",
        "edit-low": "2",
        "edit-high": "7",
        "edit-result": "Poor",
        "edit-credits": "500",
    }
    response = gm_client.post(
        _url("content_child_row", campaign, kind_slug="tables", parent_key="cash"), edit
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    add = {
        **_management("rows", 1, 0),
        "rows-0-low": "8",
        "rows-0-high": "12",
        "rows-0-result": "Rich",
        "rows-0-credits": "5000",
    }
    response = gm_client.post(
        _url("content_child", campaign, kind_slug="tables", parent_key="cash"), add
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert list(table.rows.values_list("result", "credits")) == [("Poor", 500), ("Rich", 5000)]
    default_table = BackgroundTable.objects.get(campaign=None, key="cash")
    assert list(default_table.rows.values_list("result", flat=True)) == ["Some cash"]

    prompt = HistoryPrompt.objects.get(campaign=campaign, key="skill")
    data = {
        **_management("prompts", 1, 1),
        "prompts-0-id": str(prompt.pk),
        "prompts-0-key": "skill",
        "prompts-0-template": "Who taught you {entry}?",
    }
    gm_client.post(_url("content_kind", campaign, kind_slug="prompts"), data)
    assert content_for_campaign(campaign).history_prompts["skill"] == "Who taught you {entry}?"
    assert content_for_campaign(None).history_prompts["skill"] == "How did you learn {entry}?"


@pytest.mark.parametrize("who", ["player_client", "other_player_client", "outsider_client"])
@pytest.mark.parametrize(
    ("name", "slug", "method"),
    [
        ("content", "", "get"),
        ("content_copy", "", "post"),
        ("content_kind", "equipment", "get"),
        ("content_kind", "equipment", "post"),
        ("content_kind", "tables", "post"),
        ("content_kind", "prompts", "post"),
    ],
)
def test_only_the_gm_edits_content(
    request: pytest.FixtureRequest,
    who: str,
    name: str,
    slug: str,
    method: str,
    defaults: None,
    campaign: Campaign,
) -> None:
    client = request.getfixturevalue(who)
    before = (
        EquipmentItem.objects.count(),
        BackgroundTable.objects.count(),
        HistoryPrompt.objects.count(),
    )
    data = {**_management(slug or "x", 1, 0)}
    url = _url(name, campaign, **({"kind_slug": slug} if slug else {}))
    response = getattr(client, method)(url, data)
    assert response.status_code == 404
    after = (
        EquipmentItem.objects.count(),
        BackgroundTable.objects.count(),
        HistoryPrompt.objects.count(),
    )
    assert after == before


def test_only_the_gm_edits_table_rows(
    defaults: None, gm_client: Client, player_client: Client, campaign: Campaign
) -> None:
    gm_client.post(_url("content_copy", campaign))
    url = _url("content_child", campaign, kind_slug="tables", parent_key="cash")
    assert player_client.get(url).status_code == 404
    assert player_client.post(url, _management("rows", 1, 0)).status_code == 404
    assert (
        gm_client.get(
            _url("content_child", campaign, kind_slug="tables", parent_key="nope")
        ).status_code
        == 404
    )
