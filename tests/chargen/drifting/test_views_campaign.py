"""The GM's Drifting campaign page through the test client: refreshing every sheet's tokens,
the lifepaths' requirements, and what a GM's (or the admin's) lifepath may grant."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting.models import Character, Lifepath, LogKind
from tests.chargen.drifting.conftest import deplete_by_rolling
from tests.chargen.drifting.views_helpers import HTMX, url


def test_the_gm_refreshes_the_campaign_from_its_page(
    gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    deplete_by_rolling(jim, "Dodge")
    page = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}))
    assert "Jim" in page.content.decode()
    response = gm_client.post(
        reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id}),
        {"confirm": "yes"},
    )
    assert response.status_code == 303
    assert jim.tokens.get(name="Dodge").depleted == 0


def test_the_campaign_refresh_without_confirmation_changes_nothing(
    gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    deplete_by_rolling(jim, "Dodge")
    refresh_url = reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id})
    response = gm_client.post(refresh_url)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Refresh the tokens of every character in “Lost on Storm”?" in page
    assert '<input type="hidden" name="confirm" value="yes">' in page
    assert jim.tokens.get(name="Dodge").depleted == 1
    assert not jim.log.filter(kind=LogKind.REFRESH).exists()
    # The campaign page's button asks the browser first and sends the confirmation.
    campaign_page = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}))
    form = campaign_page.content.decode().split(f'action="{refresh_url}"', 1)[1].split(">", 1)[0]
    assert 'hx-confirm="Refresh the tokens of every character' in form
    assert """hx-vals='{"confirm": "yes"}'""" in form


def test_the_campaign_refresh_by_htmx_moves_the_page_on(
    gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    deplete_by_rolling(jim, "Dodge")
    response = gm_client.post(
        reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id}),
        {"confirm": "yes"},
        **HTMX,
    )
    assert response["HX-Redirect"] == reverse(
        "drifting:campaign", kwargs={"campaign_id": campaign.id}
    )
    assert jim.tokens.get(name="Dodge").depleted == 0


def test_a_player_cannot_refresh_the_campaign(
    player_client: Client, jim: Character, campaign: Campaign
) -> None:
    deplete_by_rolling(jim, "Dodge")
    response = player_client.post(
        reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id})
    )
    assert response.status_code == 404
    response = player_client.post(url("refresh", jim), {"key": jim.next_sequence})
    assert "GM says when tokens refresh" in response.content.decode()
    assert jim.tokens.get(name="Dodge").depleted == 1


def test_the_admin_cannot_store_a_grant_beyond_the_cap_either(
    lifepaths: dict[str, Lifepath],
) -> None:
    grant = lifepaths["drifter"].grants.first()
    assert grant is not None
    grant.count = 999_999
    with pytest.raises(ValidationError) as refused:
        grant.full_clean()
    assert refused.value.message_dict["count"] == ["A lifepath grants 1 to 3 tokens of a type."]


@pytest.mark.parametrize("who", ["gm_client", "player_client"])
def test_the_campaign_page_links_the_live_table_and_the_campaigns_own_page(
    who: str, request: pytest.FixtureRequest, campaign: Campaign
) -> None:
    client: Client = request.getfixturevalue(who)
    page = client.get(reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}))
    text = page.content.decode()
    table = reverse("table:page", kwargs={"campaign_id": campaign.id})
    assert f'href="{table}" data-table-link>The live table</a>' in text
    detail = reverse("campaigns:detail", kwargs={"campaign_id": campaign.id})
    assert f'href="{detail}" data-campaign-link>' in text
