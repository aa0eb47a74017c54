"""Seeing a campaign: who sees its page and invite link, the list, the links to the table and
the desk, and the house rules the page shows for each game."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from tests.chargen.campaigns.views_helpers import _rule_labels, _url


def test_gm_sees_the_invite_link_and_the_rules(gm_client: Client, campaign: Campaign) -> None:
    page = gm_client.get(_url("detail", campaign)).content.decode()
    assert str(campaign.invite_token) in page
    assert "Edit house rules" in page
    assert "bob" in page
    # User text is escaped.
    assert "Smugglers &amp; &lt;rogues&gt;" in page


def test_member_sees_the_campaign_but_not_the_invite_link(
    player_client: Client, campaign: Campaign
) -> None:
    response = player_client.get(_url("detail", campaign))
    assert response.status_code == 200
    page = response.content.decode()
    assert "The Tigris Run" in page
    assert str(campaign.invite_token) not in page
    assert "Edit house rules" not in page
    assert "Point-buy total" in page


@pytest.mark.parametrize("name", ["detail", "rules"])
def test_outsiders_get_404(outsider_client: Client, campaign: Campaign, name: str) -> None:
    assert outsider_client.get(_url(name, campaign)).status_code == 404


def test_unknown_campaign_is_404(gm_client: Client) -> None:
    missing = reverse("campaigns:detail", kwargs={"campaign_id": uuid.uuid4()})
    assert gm_client.get(missing).status_code == 404


def test_logged_out_visitors_are_sent_to_log_in(client: Client, campaign: Campaign) -> None:
    for url in [reverse("campaigns:list"), _url("detail", campaign), _url("rules", campaign)]:
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_list_shows_run_and_joined_campaigns(
    gm_client: Client, player_client: Client, outsider_client: Client, campaign: Campaign
) -> None:
    assert "The Tigris Run" in gm_client.get(reverse("campaigns:list")).content.decode()
    assert "The Tigris Run" in player_client.get(reverse("campaigns:list")).content.decode()
    assert "The Tigris Run" not in outsider_client.get(reverse("campaigns:list")).content.decode()


def test_drifting_campaign_links_to_its_table(player_client: Client, campaign: Campaign) -> None:
    drifting_link = reverse("drifting:campaign", kwargs={"campaign_id": campaign.id})
    assert drifting_link not in player_client.get(_url("detail", campaign)).content.decode()
    Campaign.objects.filter(pk=campaign.pk).update(game="drifting")
    assert drifting_link in player_client.get(_url("detail", campaign)).content.decode()


def test_campaign_page_links_gm_to_the_desk_and_players_to_their_own_view(
    gm_client: Client, player_client: Client, campaign: Campaign
) -> None:
    desk = reverse("desk:campaign", kwargs={"campaign_id": campaign.id})
    mine = reverse("desk:my_campaign", kwargs={"campaign_id": campaign.id})
    gm_page = gm_client.get(_url("detail", campaign)).content.decode()
    player_page = player_client.get(_url("detail", campaign)).content.decode()
    assert f'href="{desk}"' in gm_page
    assert f'href="{mine}"' not in gm_page
    assert f'href="{mine}"' in player_page
    assert f'href="{desk}"' not in player_page


def _set_rules(campaign: Campaign, **changes: object) -> None:
    """Change stored rules behind the form's back (as an admin or a script could)."""
    stored = dict(campaign.house_rules)
    stored[campaign.game] = {**stored.get(campaign.game, {}), **changes}
    Campaign.objects.filter(pk=campaign.pk).update(house_rules=stored)


def test_an_infinity_drive_campaign_shows_only_infinity_drive_rules(
    player_client: Client, campaign: Campaign
) -> None:
    labels = _rule_labels(player_client.get(_url("detail", campaign)).content.decode())
    assert "Point-buy total" in labels
    assert "Starting credits (standard option)" in labels
    assert "Lifepaths per character" not in labels
    assert "Extra token lost" not in labels


def test_a_drifting_campaign_shows_only_drifting_rules(
    player_client: Client, campaign: Campaign
) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(game="drifting")
    labels = _rule_labels(player_client.get(_url("detail", campaign)).content.decode())
    assert labels == [
        "Players may enter dice they rolled at the table",
        "Lifepaths per character",
        "Extra token lost",
        "At the live table",
    ]


def test_without_metaphysical_the_page_says_what_players_spend(
    player_client: Client, campaign: Campaign
) -> None:
    """Ruling: without Metaphysical the wizard asks for 7 fewer points; the page agrees."""
    _set_rules(campaign, point_buy_total=60)
    assert "<dd>60 points" in player_client.get(_url("detail", campaign)).content.decode()
    campaign.refresh_from_db()
    _set_rules(campaign, metaphysical_in_play=False)
    page = player_client.get(_url("detail", campaign)).content.decode()
    assert "60 points (53 without Metaphysical)" in page
