"""The home page: what the app does, and a logged-in user's campaigns."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.staticfiles import finders
from django.test import Client, override_settings
from django.urls import reverse

from chargen.campaigns.services import campaign_create, campaign_join
from chargen.core.home import home_sections


def test_visitor_reads_what_the_app_does_and_is_offered_sign_up(client: Client, db: None) -> None:
    page = client.get(reverse("home")).content.decode()
    for words in ["Infinity Drive", "Drifting", "GM approval", "Printable sheets"]:
        assert words in page
    assert reverse("accounts:signup") in page
    assert "Your campaigns" not in page


def test_home_lists_campaigns_run_and_joined(gm: User, player: User, player_client: Client) -> None:
    campaign_join(token=campaign_create(gm=gm, name="Alice's run").invite_token, user=player)
    campaign_create(gm=player, name="Bob's own table")
    campaign_create(gm=gm, name="Alice's secret game")
    page = player_client.get(reverse("home")).content.decode()
    assert "Your campaigns" in page
    assert "Alice&#x27;s run" in page
    assert "Bob&#x27;s own table" in page
    assert "Alice&#x27;s secret game" not in page


def test_home_says_what_to_do_with_no_campaigns(outsider_client: Client) -> None:
    page = outsider_client.get(reverse("home")).content.decode()
    assert "You are not in a campaign yet" in page
    assert reverse("campaigns:create") in page


def test_home_sections_is_the_extension_point(gm: User, player: User) -> None:
    campaign = campaign_create(gm=gm, name="Shown")
    sections = home_sections(gm)
    by_key = {section.key: section for section in sections}
    # What waits for a decision comes first, then the player's own characters.
    assert [section.key for section in sections][:3] == ["waiting", "characters", "campaigns"]
    assert list(by_key["campaigns"].items) == [campaign]
    assert {s.key: s for s in home_sections(player)}["campaigns"].items == []


def test_visitors_get_no_sections() -> None:
    assert home_sections(AnonymousUser()) == []


def test_pages_name_an_icon_that_is_served(client: Client, db: None) -> None:
    # Without one, browsers ask for /favicon.ico on every page and log a 404.
    page = client.get("/").content.decode()
    assert 'rel="icon" href="/static/favicon.svg"' in page
    assert finders.find("favicon.svg") is not None  # collectstatic will publish it


def test_favicon_ico_leads_to_the_icon(client: Client, player_client: Client, db: None) -> None:
    # Pages that link no icon (the admin's, the 500 page) make browsers ask for this one.
    for visitor in (client, player_client):
        answer = visitor.get("/favicon.ico")
        assert answer.status_code == 302
        assert answer.headers["Location"] == "/static/favicon.svg"
    assert client.head("/favicon.ico").status_code == 302
    assert client.post("/favicon.ico").status_code == 405

    # A new handler (so WhiteNoise starts again) that finds files without collectstatic.
    with override_settings(WHITENOISE_USE_FINDERS=True, WHITENOISE_AUTOREFRESH=True):
        icon = Client().get("/favicon.ico", follow=True)
    assert icon.status_code == 200
    assert icon.headers["Content-Type"] == "image/svg+xml"
