"""Permissions-Policy on every answer; no-store on every answer to a signed-in user."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from chargen.core.security_headers import (
    PrivatePagesNoStoreMiddleware,
    permissions_policy_header,
)

DENIED = ("camera", "microphone", "geolocation", "payment", "usb")

# Names Debian's Chromium 156 takes without a console warning, checked by serving a page
# with each in its Permissions-Policy header; it warns "Unrecognized feature" for the rest
# ('bluetooth' among them). A name added to settings must be checked the same way first.
CHROMIUM_FEATURES = frozenset(
    {
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    }
)


def test_every_answer_denies_the_features_no_page_uses(client: Client, db: None) -> None:
    for url in (reverse("home"), reverse("login"), "/no/such/page/"):
        features = dict(
            entry.strip().split("=", 1)
            for entry in client.get(url).headers["Permissions-Policy"].split(",")
        )
        assert all(features[name] == "()" for name in DENIED), url


def test_the_header_names_only_features_chromium_recognises(client: Client, db: None) -> None:
    header = client.get(reverse("home")).headers["Permissions-Policy"]
    named = {entry.strip().split("=", 1)[0] for entry in header.split(",")}
    assert named == set(settings.PERMISSIONS_POLICY)
    assert "bluetooth" not in named
    assert named <= CHROMIUM_FEATURES, sorted(named - CHROMIUM_FEATURES)


def test_the_header_names_the_origins_allowed() -> None:
    header = permissions_policy_header({"camera": (), "fullscreen": ("self",)})
    assert header == "camera=(), fullscreen=(self)"


def test_a_signed_in_players_pages_are_not_stored(player_client: Client) -> None:
    for url in (reverse("home"), reverse("characters:list"), reverse("campaigns:list")):
        assert player_client.get(url).headers["Cache-Control"] == "no-store", url


def test_an_anonymous_visitors_pages_may_be_stored(client: Client, db: None) -> None:
    assert "Cache-Control" not in client.get(reverse("home")).headers


def test_a_view_that_sets_its_own_cache_control_keeps_it(player: User) -> None:
    def cached_view(request: HttpRequest) -> HttpResponse:
        return HttpResponse(headers={"Cache-Control": "private, max-age=60"})

    request = RequestFactory().get("/")
    request.user = player
    response = PrivatePagesNoStoreMiddleware(cached_view)(request)
    assert response.headers["Cache-Control"] == "private, max-age=60"

    request.user = AnonymousUser()
    assert "Cache-Control" not in PrivatePagesNoStoreMiddleware(lambda _: HttpResponse())(request)


def test_static_files_stay_cacheable_for_a_signed_in_player(player_client: Client) -> None:
    """WhiteNoise answers them before authentication, with a Cache-Control of its own."""
    # A new handler (so WhiteNoise starts again) that finds files without collectstatic.
    with override_settings(WHITENOISE_USE_FINDERS=True, WHITENOISE_AUTOREFRESH=True):
        visitor = Client()
        visitor.cookies = player_client.cookies
        assert visitor.get(reverse("home")).headers["Cache-Control"] == "no-store"
        answer = visitor.get("/static/js/chargen.js")
    assert answer.status_code == 200
    assert "no-store" not in answer.headers.get("Cache-Control", "")
