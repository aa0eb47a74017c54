"""The GM's content editors, a row at a time: a row is edited where it
is (htmx swaps it for its form and back), shows the default it overrides, and moves with
Up/Down instead of a typed sort order. Only the campaign's GM; a GET changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.content.models import BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.content.services import content_for_campaign

HTMX = {"HX-Request": "true"}


@pytest.fixture
def own_rows(db: None, gm_client: Client, campaign: Campaign) -> Campaign:
    """Defaults copied into the campaign, the vacc suit made cheaper, a lance added."""
    EquipmentItem.objects.create(name="Vacc suit", price=5000, category="survival", sort_order=0)
    EquipmentItem.objects.create(name="Med kit", price=300, category="medical", sort_order=0)
    BackgroundTable.objects.create(key="cash", name="Starting cash", dice="2d6")
    HistoryPrompt.objects.create(key="skill", template="How did you learn {entry}?")
    gm_client.post(reverse("desk:content_copy", args=[campaign.id]))
    EquipmentItem.objects.filter(campaign=campaign, name="Vacc suit").update(price=4000)
    EquipmentItem.objects.create(
        campaign=campaign, name="Plasma lance", price=9000, category="weapon", sort_order=5
    )
    return campaign


def page_url(campaign: Campaign, kind: str = "equipment") -> str:
    return reverse("desk:content_kind", args=[campaign.id, kind])


def row_url(campaign: Campaign, kind: str = "equipment") -> str:
    return reverse("desk:content_row", args=[campaign.id, kind])


def move_url(campaign: Campaign, kind: str = "equipment") -> str:
    return reverse("desk:content_move", args=[campaign.id, kind])


def edit_data(**changes: str) -> dict[str, str]:
    data = {
        "row": "Vacc suit",
        "edit-name": "Vacc suit",
        "edit-category": "survival",
        "edit-price": "3500",
        "edit-description": "",
        "edit-available": "on",
    }
    data.update(changes)
    return data


def state() -> list[tuple[Any, ...]]:
    return list(
        EquipmentItem.objects.order_by("pk").values_list(
            "campaign_id", "name", "price", "sort_order", "available"
        )
    ) + list(HistoryPrompt.objects.order_by("pk").values_list("campaign_id", "key", "template"))


def own_order(campaign: Campaign) -> list[str]:
    return list(EquipmentItem.objects.filter(campaign=campaign).values_list("name", flat=True))


# --- The list: defaults beside overrides, no sort order to type ---------------------------


def test_each_row_shows_the_default_it_overrides(gm_client: Client, own_rows: Campaign) -> None:
    page = gm_client.get(page_url(own_rows)).content.decode()
    vacc = page.split('data-row="Vacc suit"')[1].split("</tr>")[0]
    assert '<td role="cell" data-label="Price">4000</td>' in vacc
    assert "<li data-default>Price: 5000</li>" in vacc
    med = page.split('data-row="Med kit"')[1].split("</tr>")[0]
    assert "Same as the default" in med
    lance = page.split('data-row="Plasma lance"')[1].split("</tr>")[0]
    assert "Your own (no default)" in lance
    assert "sort_order" not in page
    assert "Sort order" not in page


def test_a_prompt_override_shows_the_default_text(gm_client: Client, own_rows: Campaign) -> None:
    HistoryPrompt.objects.filter(campaign=own_rows).update(template="Who taught you {entry}?")
    page = gm_client.get(page_url(own_rows, "prompts")).content.decode()
    assert '<td role="cell" data-label="Template">Who taught you {entry}?</td>' in page
    assert "Template: How did you learn {entry}?" in page
    assert "Up<" not in page  # prompts are listed by key


def test_a_new_row_goes_last_without_a_sort_order(gm_client: Client, own_rows: Campaign) -> None:
    data = {
        "equipment-TOTAL_FORMS": "1",
        "equipment-INITIAL_FORMS": "0",
        "equipment-MIN_NUM_FORMS": "0",
        "equipment-MAX_NUM_FORMS": "1000",
        "equipment-0-name": "Rope",
        "equipment-0-category": "gear",
        "equipment-0-price": "10",
        "equipment-0-available": "on",
    }
    assert gm_client.post(page_url(own_rows), data).status_code == 302
    assert own_order(own_rows)[-1] == "Rope"


# --- Editing a row in place ---------------------------------------------------------------


def test_edit_swaps_the_row_for_its_form_and_back(gm_client: Client, own_rows: Campaign) -> None:
    before = state()
    form = gm_client.get(row_url(own_rows), {"row": "Vacc suit"}, headers=HTMX)
    content = form.content.decode()
    assert content.lstrip().startswith('<tr data-row="Vacc suit" data-editing role="row">')
    assert 'name="edit-price" value="4000"' in content
    assert "The default: Price 5000." in content
    assert "<html" not in content
    cancel = gm_client.get(row_url(own_rows), {"row": "Vacc suit", "cancel": "1"}, headers=HTMX)
    assert "data-editing" not in cancel.content.decode()
    assert state() == before  # a GET never changes anything

    saved = gm_client.post(row_url(own_rows), edit_data(), headers=HTMX)
    row = saved.content.decode()
    assert saved.status_code == 200
    assert '<td role="cell" data-label="Price">3500</td>' in row
    assert "data-editing" not in row
    assert EquipmentItem.objects.get(campaign=own_rows, name="Vacc suit").price == 3500
    assert EquipmentItem.objects.get(campaign=None, name="Vacc suit").price == 5000


def test_a_history_prompt_is_edited_in_place(gm_client: Client, own_rows: Campaign) -> None:
    url = row_url(own_rows, "prompts")
    form = gm_client.get(url, {"row": "skill"}, headers=HTMX).content.decode()
    assert form.lstrip().startswith('<tr data-row="skill" data-editing role="row">')
    assert "How did you learn {entry}?</textarea>" in form
    assert "<form data-warn-unsaved" in form  # leaving with the text typed asks first
    changed = {"row": "skill", "edit-key": "skill", "edit-template": "Who taught you {entry}?"}
    saved = gm_client.post(url, changed, headers=HTMX)
    row = saved.content.decode()
    assert saved.status_code == 200
    assert '<td role="cell" data-label="Template">Who taught you {entry}?</td>' in row
    assert "Template: How did you learn {entry}?" in row  # the default it now overrides
    assert "data-editing" not in row
    assert (
        HistoryPrompt.objects.get(campaign=own_rows, key="skill").template
        == changed["edit-template"]
    )
    default = HistoryPrompt.objects.get(campaign=None, key="skill")
    assert default.template == "How did you learn {entry}?"


def test_a_refused_edit_stays_a_form_and_saves_nothing(
    gm_client: Client, own_rows: Campaign
) -> None:
    before = state()
    bad_price = gm_client.post(row_url(own_rows), edit_data(**{"edit-price": "-5"}), headers=HTMX)
    assert "data-editing" in bad_price.content.decode()
    clash = gm_client.post(row_url(own_rows), edit_data(**{"edit-name": "Med kit"}), headers=HTMX)
    assert "already has a row called “Med kit”" in clash.content.decode()
    assert state() == before


def test_without_javascript_edit_is_a_page_and_save_redirects(
    gm_client: Client, own_rows: Campaign
) -> None:
    before = state()
    opened = gm_client.get(row_url(own_rows), {"row": "Vacc suit"})
    assert opened.status_code == 302
    assert opened["Location"] == page_url(own_rows) + "?edit=Vacc+suit"
    page = gm_client.get(opened["Location"]).content.decode()
    assert 'name="edit-price" value="4000"' in page
    assert state() == before
    saved = gm_client.post(row_url(own_rows), edit_data())
    assert saved.status_code == 302
    assert saved["Location"] == page_url(own_rows)
    refused = gm_client.post(row_url(own_rows), edit_data(**{"edit-price": "x"}))
    assert refused.status_code == 400
    assert "data-editing" in refused.content.decode()


def test_delete_brings_the_default_back(gm_client: Client, own_rows: Campaign) -> None:
    response = gm_client.post(row_url(own_rows), {"row": "Vacc suit", "delete": "1"}, headers=HTMX)
    assert response["HX-Retarget"] == "#content-rows"
    assert 'data-row="Vacc suit"' not in response.content.decode()
    prices = {item.name: item.price for item in content_for_campaign(own_rows).equipment}
    assert prices["Vacc suit"] == 5000


# --- Up and Down --------------------------------------------------------------------------


def test_up_and_down_swap_neighbours(gm_client: Client, own_rows: Campaign) -> None:
    assert own_order(own_rows) == ["Med kit", "Vacc suit", "Plasma lance"]
    response = gm_client.post(
        move_url(own_rows), {"row": "Plasma lance", "direction": "up"}, headers=HTMX
    )
    assert (
        response.content.decode().lstrip().startswith('<tbody id="content-rows" role="rowgroup">')
    )
    assert own_order(own_rows) == ["Med kit", "Plasma lance", "Vacc suit"]
    plain = gm_client.post(move_url(own_rows), {"row": "Med kit", "direction": "down"})
    assert plain.status_code == 302
    assert own_order(own_rows) == ["Plasma lance", "Med kit", "Vacc suit"]
    orders = EquipmentItem.objects.filter(campaign=own_rows).values_list("sort_order", flat=True)
    assert sorted(orders) == [0, 1, 2]
    # The top row cannot go higher; the defaults never move.
    gm_client.post(move_url(own_rows), {"row": "Plasma lance", "direction": "up"})
    assert own_order(own_rows) == ["Plasma lance", "Med kit", "Vacc suit"]
    assert set(
        EquipmentItem.objects.filter(campaign=None).values_list("sort_order", flat=True)
    ) == {0}


def test_moving_a_table_and_refusing_prompts(gm_client: Client, own_rows: Campaign) -> None:
    BackgroundTable.objects.create(campaign=own_rows, key="debts", name="Debts", sort_order=9)
    gm_client.post(move_url(own_rows, "tables"), {"row": "debts", "direction": "up"})
    keys = list(BackgroundTable.objects.filter(campaign=own_rows).values_list("key", flat=True))
    assert keys == ["debts", "cash"]
    prompts = gm_client.post(move_url(own_rows, "prompts"), {"row": "skill", "direction": "up"})
    assert prompts.status_code == 404


# --- Who may ---------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["player_client", "other_player_client", "outsider_client"])
def test_only_the_gm_edits_or_moves_a_row(
    request: pytest.FixtureRequest, who: str, own_rows: Campaign
) -> None:
    client = request.getfixturevalue(who)
    before = state()
    assert client.get(row_url(own_rows), {"row": "Vacc suit"}, headers=HTMX).status_code == 404
    assert client.post(row_url(own_rows), edit_data(), headers=HTMX).status_code == 404
    assert client.post(row_url(own_rows), {"row": "Vacc suit", "delete": "1"}).status_code == 404
    move = {"row": "Plasma lance", "direction": "up"}
    assert client.post(move_url(own_rows), move).status_code == 404
    assert state() == before


def test_anonymous_visitors_are_sent_to_log_in(client: Client, own_rows: Campaign) -> None:
    before = state()
    for response in (
        client.get(row_url(own_rows), {"row": "Vacc suit"}),
        client.post(row_url(own_rows), edit_data()),
        client.post(move_url(own_rows), {"row": "Plasma lance", "direction": "up"}),
    ):
        assert response.status_code == 302
        assert reverse("login") in response["Location"]
    assert state() == before


def test_a_row_of_another_campaign_or_a_default_is_404(
    gm_client: Client, own_rows: Campaign, gm: User
) -> None:
    assert gm_client.post(row_url(own_rows), edit_data(row="Nope")).status_code == 404
    assert gm_client.get(row_url(own_rows, "spells"), {"row": "x"}).status_code == 404


def test_a_post_without_the_csrf_token_is_refused(gm: User, own_rows: Campaign) -> None:
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(gm)
    before = state()
    assert strict.post(row_url(own_rows), edit_data(), headers=HTMX).status_code == 403
    move = {"row": "Plasma lance", "direction": "up"}
    assert strict.post(move_url(own_rows), move).status_code == 403
    assert state() == before


def test_gm_text_is_escaped(gm_client: Client, own_rows: Campaign) -> None:
    EquipmentItem.objects.filter(campaign=own_rows, name="Plasma lance").update(name="<b>Lance</b>")
    page = gm_client.get(page_url(own_rows)).content.decode()
    assert "<b>Lance</b>" not in page
    assert "&lt;b&gt;Lance&lt;/b&gt;" in page
