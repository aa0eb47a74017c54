"""A wrong method gets the site's own 405 page, saying which methods the address takes.

Every URL of the app (from Django's resolver, so a page added later is covered too) is
sent a method no view takes (PATCH), then each of GET and POST it refuses.
"""

from __future__ import annotations

from django.http.response import HttpResponseBase
from django.test import Client
from django.urls import reverse

from tests.chargen.security.conftest import World
from tests.chargen.security.test_get_is_safe import _urls

FRIENDLY = "That address doesn’t work that way"


def _unfriendly(response: HttpResponseBase, url: str, method: str) -> str | None:
    if response.status_code != 405:
        return f"{method} {url}: {response.status_code}, not 405"
    allow = response["Allow"]
    page = response.content.decode()  # type: ignore[attr-defined]
    if FRIENDLY not in page or "Skip to content" not in page:
        return f"{method} {url}: a bare 405"
    if f"not {method}" not in page or allow.split(",")[0].strip() not in page:
        return f"{method} {url}: the page does not say which methods it takes ({allow})"
    return None


# Django's password-reset link answers an invalid link with its own page whatever the
# method, before looking at the method; with a valid link, a wrong method gets the 405.
ANSWERS_BEFORE_THE_METHOD = ("/accounts/reset/",)


def test_every_url_answers_a_wrong_method_with_the_sites_own_page(
    world: World, player_client: Client, client: Client
) -> None:
    def ask(method: str, url: str) -> HttpResponseBase:
        response = player_client.generic(method, url)
        if 300 <= response.status_code < 400:
            # The log-in page sends a logged-in player home whatever the method: ask as a visitor.
            response = client.generic(method, url)
        return response

    problems = []
    tried = 0
    for url in _urls(world, world.draft, world.table.key):
        if url.startswith(ANSWERS_BEFORE_THE_METHOD):
            continue
        refused = ask("PATCH", url)
        problems.append(_unfriendly(refused, url, "PATCH"))
        tried += 1
        allowed = {method.strip() for method in refused.get("Allow", "").split(",")}
        for method in ("GET", "POST"):
            if method not in allowed:
                problems.append(_unfriendly(ask(method, url), url, method))
                tried += 1
    assert tried > 150
    assert [problem for problem in problems if problem] == []


def test_an_htmx_request_gets_a_short_fragment_with_the_allow_header(
    world: World, player_client: Client
) -> None:
    response = player_client.get(
        reverse("characters:undo", kwargs={"character_id": world.draft.id}),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    page = response.content.decode()
    assert FRIENDLY in page
    assert "<html" not in page
