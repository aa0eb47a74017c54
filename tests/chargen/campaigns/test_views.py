"""Campaign pages: who sees what, joining by link, GM-only actions, CSRF."""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from tests.conftest import PASSWORD

# What the confirmation page's form (or htmx's hx-vals) adds to an irreversible action.
CONFIRMED = {"confirm": "yes"}


def _url(name: str, campaign: Campaign) -> str:
    return reverse(f"campaigns:{name}", kwargs={"campaign_id": campaign.id})


def _join_url(token: object) -> str:
    return reverse("campaigns:join", kwargs={"token": str(token)})


def _rules_post(campaign: Campaign, **changes: object) -> dict[str, object]:
    """The campaign's own rules as its form posts them, with `changes`."""
    stored = {**campaign.house_rules.get(campaign.game, {}), **changes}
    # A ticked box posts "on"; an unticked one is absent.
    return {
        name: "on" if value is True else value
        for name, value in stored.items()
        if value is not False
    }


def _set_rules(campaign: Campaign, **changes: object) -> None:
    """Change stored rules behind the form's back (as an admin or a script could)."""
    stored = dict(campaign.house_rules)
    stored[campaign.game] = {**stored.get(campaign.game, {}), **changes}
    Campaign.objects.filter(pk=campaign.pk).update(house_rules=stored)


# --- Seeing a campaign -----------------------------------------------------------


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


# --- Creating and editing --------------------------------------------------------


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


# --- Invite link -----------------------------------------------------------------


def test_renew_invite_is_post_only_and_gm_only(
    gm_client: Client, player_client: Client, outsider_client: Client, campaign: Campaign
) -> None:
    old_token = campaign.invite_token
    assert gm_client.get(_url("renew_invite", campaign)).status_code == 405
    assert player_client.post(_url("renew_invite", campaign)).status_code == 404
    assert outsider_client.post(_url("renew_invite", campaign)).status_code == 404
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token

    assert gm_client.post(_url("renew_invite", campaign), CONFIRMED).status_code == 302
    campaign.refresh_from_db()
    assert campaign.invite_token != old_token


def test_renew_invite_by_htmx_swaps_just_the_invite_box(
    gm_client: Client, campaign: Campaign
) -> None:
    response = gm_client.post(_url("renew_invite", campaign), CONFIRMED, HTTP_HX_REQUEST="true")
    campaign.refresh_from_db()
    page = response.content.decode()
    assert response.status_code == 200
    assert str(campaign.invite_token) in page
    assert "New link made" in page
    assert "<html" not in page


def test_join_get_shows_the_campaign_and_changes_nothing(
    other_player_client: Client, other_player: User, campaign: Campaign
) -> None:
    response = other_player_client.get(_join_url(campaign.invite_token))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Join “The Tigris Run”?" in page
    assert "run by alice" in page
    assert not campaign.is_member(other_player)


def test_join_post_joins_and_lands_on_the_campaign(
    other_player_client: Client, other_player: User, campaign: Campaign
) -> None:
    response = other_player_client.post(_join_url(campaign.invite_token), follow=True)
    assert response.redirect_chain[-1][0] == campaign.get_absolute_url()
    assert "You have joined “The Tigris Run”." in response.content.decode()
    assert campaign.is_member(other_player)
    # Again: harmless.
    other_player_client.post(_join_url(campaign.invite_token))
    assert Membership.objects.filter(user=other_player).count() == 1


def test_join_when_already_in_says_so(player_client: Client, campaign: Campaign) -> None:
    page = player_client.get(_join_url(campaign.invite_token)).content.decode()
    assert "You are already in this campaign." in page


def test_renewed_link_says_it_was_replaced(
    gm_client: Client,
    other_player_client: Client,
    other_player: User,
    campaign: Campaign,
) -> None:
    old_token = campaign.invite_token
    gm_client.post(_url("renew_invite", campaign), CONFIRMED)
    for method in (other_player_client.get, other_player_client.post):
        response = method(_join_url(old_token))
        assert response.status_code == 404
        assert "has been replaced by a newer one" in response.content.decode()
    assert not campaign.is_member(other_player)


@pytest.mark.parametrize(
    "token", ["garbage", "6f1c2a3e-9b7d-4e2a-8c51-0d3f7a9e4b12", "%3Cscript%3E"]
)
def test_garbage_link_says_it_is_not_valid(
    other_player_client: Client, other_player: User, campaign: Campaign, token: str
) -> None:
    response = other_player_client.post(_join_url(token))
    assert response.status_code == 404
    assert "This invite link is not valid" in response.content.decode()
    assert not campaign.is_member(other_player)


def test_logged_out_visitor_logs_in_and_comes_back(
    client: Client, other_player: User, campaign: Campaign
) -> None:
    join_url = _join_url(campaign.invite_token)
    response = client.post(join_url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={join_url}"
    assert not campaign.is_member(other_player)
    login = client.post(
        reverse("login"), {"username": "carol", "password": PASSWORD, "next": join_url}
    )
    assert login["Location"] == join_url
    assert not campaign.is_member(other_player)


# --- Members ---------------------------------------------------------------------


def test_gm_removes_a_member(gm_client: Client, player: User, campaign: Campaign) -> None:
    response = gm_client.post(_url("remove_member", campaign), {"username": "bob", **CONFIRMED})
    assert response["Location"] == campaign.get_absolute_url()
    assert not campaign.is_member(player)


def test_member_cannot_remove_another(
    player_client: Client, other_player: User, campaign: Campaign
) -> None:
    Membership.objects.create(campaign=campaign, user=other_player)
    response = player_client.post(_url("remove_member", campaign), {"username": "carol"})
    assert response.status_code == 404
    assert campaign.is_member(other_player)


def test_member_may_leave(player_client: Client, player: User, campaign: Campaign) -> None:
    response = player_client.post(_url("remove_member", campaign), {"username": "bob", **CONFIRMED})
    assert response["Location"] == reverse("campaigns:list")
    assert not campaign.is_member(player)


def test_outsider_cannot_remove_anyone(
    outsider_client: Client, player: User, campaign: Campaign
) -> None:
    response = outsider_client.post(_url("remove_member", campaign), {"username": "bob"})
    assert response.status_code == 404
    assert campaign.is_member(player)


# --- CSRF ------------------------------------------------------------------------


def test_state_changes_need_the_csrf_token(
    gm: User, other_player: User, campaign: Campaign
) -> None:
    strict_gm = Client(enforce_csrf_checks=True)
    strict_gm.force_login(gm)
    old_token = campaign.invite_token
    assert strict_gm.post(_url("renew_invite", campaign)).status_code == 403
    assert strict_gm.post(_url("rules", campaign), _rules_post(campaign)).status_code == 403
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token

    strict_player = Client(enforce_csrf_checks=True)
    strict_player.force_login(other_player)
    assert strict_player.post(_join_url(campaign.invite_token)).status_code == 403
    assert not campaign.is_member(other_player)

    # With the token from the page, the same POST works.
    strict_player.get(_join_url(campaign.invite_token))
    token = strict_player.cookies["csrftoken"].value
    response = strict_player.post(_join_url(campaign.invite_token), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert campaign.is_member(other_player)


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


# --- The house rules on the campaign page ------------------------------------------


def _rule_labels(page: str) -> list[str]:
    rules = page.split('id="rules-heading"', 1)[1]
    return [label.strip() for label in re.findall(r"<dt>(.*?)</dt>", rules, re.DOTALL)]


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


# --- Irreversible actions ask first ------------------------------------------------


def _hidden_fields(page: str) -> dict[str, str]:
    """The hidden inputs of the confirmation page's form (what it posts back)."""
    form = page.split('class="d-flex flex-wrap gap-2 align-items-center"', 1)[1]
    return dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form))


def test_renewing_the_invite_without_confirmation_changes_nothing(
    gm_client: Client, campaign: Campaign
) -> None:
    old_token = campaign.invite_token
    response = gm_client.post(_url("renew_invite", campaign))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Make a new invite link for “The Tigris Run”?" in page
    assert "stops working" in page
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token
    # The page's own form carries the confirmation, and then the link is renewed.
    fields = _hidden_fields(page)
    assert fields["confirm"] == "yes"
    gm_client.post(_url("renew_invite", campaign), fields)
    campaign.refresh_from_db()
    assert campaign.invite_token != old_token


@pytest.mark.parametrize("confirm", [None, "", "no", "on"])
def test_removing_a_player_without_confirmation_changes_nothing(
    gm_client: Client, player: User, campaign: Campaign, confirm: str | None
) -> None:
    data = {"username": "bob"} if confirm is None else {"username": "bob", "confirm": confirm}
    response = gm_client.post(_url("remove_member", campaign), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Remove bob from “The Tigris Run”?" in page
    assert campaign.is_member(player)
    fields = _hidden_fields(page)
    assert fields["username"] == "bob"
    assert fields["confirm"] == "yes"
    gm_client.post(_url("remove_member", campaign), fields)
    assert not campaign.is_member(player)


def test_leaving_without_confirmation_changes_nothing(
    player_client: Client, player: User, campaign: Campaign
) -> None:
    response = player_client.post(_url("remove_member", campaign), {"username": "bob"})
    assert "Leave “The Tigris Run”?" in response.content.decode()
    assert campaign.is_member(player)


def test_the_confirmation_is_asked_only_after_access_is_checked(
    player_client: Client, outsider_client: Client, other_player: User, campaign: Campaign
) -> None:
    Membership.objects.create(campaign=campaign, user=other_player)
    assert player_client.post(_url("renew_invite", campaign)).status_code == 404
    assert (
        player_client.post(_url("remove_member", campaign), {"username": "carol"}).status_code
        == 404
    )
    assert outsider_client.post(_url("renew_invite", campaign)).status_code == 404


def test_htmx_confirmed_removal_moves_the_whole_page_on(
    gm_client: Client, player: User, campaign: Campaign
) -> None:
    response = gm_client.post(
        _url("remove_member", campaign), {"username": "bob", **CONFIRMED}, HTTP_HX_REQUEST="true"
    )
    assert response["HX-Redirect"] == campaign.get_absolute_url()
    assert not campaign.is_member(player)


def test_the_buttons_ask_the_browser_first(gm_client: Client, campaign: Campaign) -> None:
    """With htmx the browser asks (hx-confirm) and the confirmation goes along (hx-vals)."""
    for url in (_url("detail", campaign), reverse("desk:campaign", args=[campaign.id])):
        page = gm_client.get(url).content.decode()
        renew = page.split(f'action="{_url("renew_invite", campaign)}"', 1)[1].split(">", 1)[0]
        assert 'hx-confirm="Make a new invite link?' in renew
        assert """hx-vals='{"confirm": "yes"}'""" in renew
        remove = page.split(f'action="{_url("remove_member", campaign)}"', 1)[1].split(">", 1)[0]
        assert 'hx-confirm="Remove bob from' in remove
        assert """hx-vals='{"confirm": "yes"}'""" in remove
