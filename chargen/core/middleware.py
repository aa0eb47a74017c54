"""Answers in the site's own words: htmx requests for something that is no longer
there reload the page with a reason; a wrong method gets the site's 405 page.

htmx swaps no 4xx answer (see the htmx-config in base.html), so a button on a page that
went stale — its character deleted in another tab, a race withdrawn while the GM's queue
was open — would otherwise do nothing at all. Instead the browser reloads the page it
is on (HX-Refresh) and the next page shows why: the item has gone, or the page's own 404.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed

from chargen.core.refusals import method_not_allowed

GONE = (
    "That is no longer there: it may have been deleted or withdrawn (perhaps in another "
    "tab), or it is not yours to open. The page has been reloaded."
)


class HtmxGoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 404 and request.headers.get("HX-Request") == "true":
            messages.warning(request, GONE)
            response["HX-Refresh"] = "true"
        return response


class FriendlyMethodNotAllowedMiddleware:
    """Turn the bare, empty 405 of Django's method decorators and class-based views into
    the site's own page saying which methods the address takes (the Allow header kept)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if isinstance(response, HttpResponseNotAllowed) and not response.content:
            allowed = [method.strip() for method in response["Allow"].split(",")]
            return method_not_allowed(request, allowed)
        return response
