"""The one way to answer htmx (chargen/core/htmx.py): a client redirect, one answer per
successful POST at the right address, and one status for refused input."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory
from django_htmx.middleware import HtmxMiddleware

from chargen.core.htmx import (
    after_post,
    client_redirect,
    refused_status,
    wants_partial,
)

PLAIN: dict[str, str] = {}
HTMX = {"HX-Request": "true"}


def _request(headers: dict[str, str], method: str = "post") -> HttpRequest:
    """A request as the views see it: through django-htmx's middleware."""
    factory = getattr(RequestFactory(), method)
    request: HttpRequest = factory("/action/", headers=headers)
    seen: list[HttpRequest] = []

    def view(passed: HttpRequest) -> HttpResponse:
        seen.append(passed)
        return HttpResponse()

    HtmxMiddleware(view)(request)
    return seen[0]


def _from(page: str) -> dict[str, str]:
    return {**HTMX, "HX-Current-URL": f"http://testserver{page}"}


def test_a_client_redirect_moves_the_window_for_htmx_and_is_a_303_otherwise() -> None:
    htmx = client_redirect(_request(HTMX), "/sheet/")
    assert htmx.status_code == 200
    assert htmx["HX-Redirect"] == "/sheet/"
    plain = client_redirect(_request(PLAIN), "/sheet/")
    assert plain.status_code == 303
    assert plain["Location"] == "/sheet/"


def test_refused_input_is_swapped_in_for_htmx_and_a_400_otherwise() -> None:
    assert refused_status(_request(HTMX)) == 200
    assert refused_status(_request(PLAIN)) == 400


def _answer(calls: list[str]) -> Callable[[], HttpResponse]:
    def answer() -> HttpResponse:
        calls.append("drawn")
        return HttpResponse("the page as saved")

    return answer


def test_a_plain_post_is_redirected_and_builds_no_page() -> None:
    calls: list[str] = []
    response = after_post(_request(PLAIN), "/step/", _answer(calls))
    assert response.status_code == 303
    assert response["Location"] == "/step/"
    assert calls == [], "a page nobody will see is never built"


@pytest.mark.parametrize(
    ("page", "header", "absent"),
    [
        ("/other/", "HX-Push-Url", "HX-Replace-Url"),  # another page: a new history entry
        ("/step/?tab=1", "HX-Replace-Url", "HX-Push-Url"),  # the same page, query aside
    ],
)
def test_an_htmx_post_is_answered_at_once_at_the_page_address(
    page: str, header: str, absent: str
) -> None:
    calls: list[str] = []
    response = after_post(_request(_from(page)), "/step/", _answer(calls))
    assert response.status_code == 200
    assert response.content == b"the page as saved"
    assert calls == ["drawn"]
    assert response[header] == "/step/"
    assert absent not in response


def test_back_with_no_snapshot_gets_the_whole_page() -> None:
    assert wants_partial(_request(HTMX, "get"))
    restore = {**HTMX, "HX-History-Restore-Request": "true"}
    assert not wants_partial(_request(restore, "get"))
    assert not wants_partial(_request(PLAIN, "get"))
