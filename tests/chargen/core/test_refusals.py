"""Refusals in the site's own words: a form sent without its CSRF token, a wrong method."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from chargen.campaigns.services import campaign_create


def test_a_missing_csrf_token_gets_the_sites_page_with_the_reason(player: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    client.get(reverse("campaigns:create"))  # the page set the CSRF cookie; the form lost its token
    response = client.post(reverse("campaigns:create"), {"name": "Tigris"})
    assert response.status_code == 403
    page = response.content.decode()
    assert "Skip to content" in page  # the site's layout, not Django's bare page
    assert "security token" in page
    assert "Nothing was changed" in page
    assert "CSRF verification failed" not in page


def test_a_missing_csrf_cookie_says_so(db: None) -> None:
    response = Client(enforce_csrf_checks=True).post(
        reverse("login"), {"username": "x", "password": "y"}
    )
    assert response.status_code == 403
    page = response.content.decode()
    assert "Skip to content" in page
    assert "cookies" in page


def test_an_htmx_request_with_a_stale_token_reloads_the_page_with_the_reason(
    player: User,
) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    client.get(reverse("campaigns:create"))
    response = client.post(
        reverse("campaigns:create"), {"name": "Tigris"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 403
    assert response["HX-Refresh"] == "true"
    assert "<html" not in response.content.decode()
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert "security token" in message


def test_a_get_to_a_form_target_says_to_use_the_pages_button(player_client: Client) -> None:
    response = player_client.get(reverse("logout"))
    assert response.status_code == 405
    assert response["Allow"] == "POST, OPTIONS"
    page = response.content.decode()
    assert "That address doesn’t work that way" in page
    assert "use the button on the page" in page


def test_htmx_requests_get_a_short_fragment_for_403_and_404(
    player_client: Client, gm: User
) -> None:
    campaign = campaign_create(gm=gm, name="Rim run")
    refused = player_client.get(
        reverse("desk:content", kwargs={"campaign_id": campaign.id}),
        headers={"HX-Request": "true"},
    )
    assert refused.status_code in {403, 404}
    assert "<html" not in refused.content.decode()
    assert 'role="alert"' in refused.content.decode()
    missing = player_client.get("/no/such/page/", headers={"HX-Request": "true"})
    assert missing.status_code == 404
    assert "We couldn’t find that" in missing.content.decode()
    assert "<html" not in missing.content.decode()
