"""Creating a campaign and editing its house rules: the GM only, with the book's rules to
start and messages at the field."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from tests.chargen.campaigns.views_helpers import _rule_labels, _rules_post, _url


def test_create_makes_the_user_gm_with_book_rules(outsider_client: Client, outsider: User) -> None:
    response = outsider_client.post(
        reverse("campaigns:create"), {"name": "Drift", "description": "", "game": "drifting"}
    )
    campaign = Campaign.objects.get(name="Drift")
    assert response["Location"] == campaign.get_absolute_url()
    assert campaign.gm == outsider
    assert campaign.game == "drifting"
    assert campaign.rules.lifepath_count == 4
    codec = campaign.system.house_rules
    assert codec is not None
    assert campaign.house_rules == {"drifting": codec.to_json(campaign.rules)}


def test_a_new_campaign_asks_about_approval_and_defaults_to_yes(gm_client: Client) -> None:
    page = gm_client.get(reverse("campaigns:create")).content.decode()
    box = page[
        page.index('name="approval_required"') - 200 : page.index('name="approval_required"')
    ]
    assert 'type="checkbox"' in box
    assert "checked" in page[page.index('name="approval_required"') :].split(">")[0]
    gm_client.post(
        reverse("campaigns:create"),
        {"name": "Asked", "game": "infinity_drive", "approval_required": "on"},
    )
    assert Campaign.objects.get(name="Asked").rules.approval_required is True
    gm_client.post(reverse("campaigns:create"), {"name": "Unasked", "game": "infinity_drive"})
    assert Campaign.objects.get(name="Unasked").rules.approval_required is False


def test_create_needs_a_name(gm_client: Client) -> None:
    response = gm_client.post(reverse("campaigns:create"), {"name": "", "game": "drifting"})
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    assert not Campaign.objects.exists()


def test_gm_edits_house_rules(gm_client: Client, campaign: Campaign) -> None:
    page = gm_client.get(_url("rules", campaign)).content.decode()
    assert "Unless the GM says otherwise, both methods are available." in page
    response = gm_client.post(
        _url("rules", campaign), _rules_post(campaign, point_buy_total=60, approval_required="on")
    )
    assert response["Location"] == campaign.get_absolute_url()
    campaign.refresh_from_db()
    assert campaign.rules.point_buy_total == 60
    assert campaign.rules.approval_required is True


def test_gm_sets_no_maximum_for_non_humanoids_and_the_page_says_so(
    gm_client: Client, campaign: Campaign
) -> None:
    form_page = gm_client.get(_url("rules", campaign)).content.decode()
    assert "A non-humanoid alien&#x27;s maximum in a characteristic" in form_page
    assert "can break any of the limit rules" in form_page
    page = gm_client.get(_url("detail", campaign)).content.decode()
    assert "<dd>The most its dice can roll (beyond it only with a history reason)</dd>" in page
    response = gm_client.post(
        _url("rules", campaign), _rules_post(campaign, non_humanoid_maximum="none")
    )
    assert response["Location"] == campaign.get_absolute_url()
    campaign.refresh_from_db()
    assert campaign.rules.non_humanoid_maximum == "none"
    page = gm_client.get(_url("detail", campaign)).content.decode()
    assert "A non-humanoid alien&#x27;s maximum in a characteristic" in _rule_labels(page)
    assert (
        '<dd>No maximum: every increase applies <span class="badge text-bg-warning">'
        "house rule</span></dd>"
    ) in page


def test_bad_rules_show_the_message_at_the_field(gm_client: Client, campaign: Campaign) -> None:
    response = gm_client.post(_url("rules", campaign), _rules_post(campaign, point_buy_total=13))
    assert response.status_code == 200
    page = response.content.decode()
    assert "The point-buy total must be between 14" in page
    assert 'id="error_1_id_point_buy_total"' in page
    campaign.refresh_from_db()
    assert campaign.rules.point_buy_total == 50


def test_member_cannot_edit_rules(player_client: Client, campaign: Campaign) -> None:
    response = player_client.post(
        _url("rules", campaign), _rules_post(campaign, point_buy_total=60)
    )
    assert response.status_code == 404
    campaign.refresh_from_db()
    assert campaign.rules.point_buy_total == 50
