"""Refusals in the site's own words: a form without its CSRF token, a wrong method.

Each is the site's page with the reason in words; an htmx request gets the same words
as a short fragment instead of a whole page (htmx swaps no 4xx answer, see base.html,
so what matters there is the header: a stale CSRF token reloads the page, which
brings a fresh token and shows the reason).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import REASON_NO_CSRF_COOKIE, REASON_NO_REFERER
from django.shortcuts import render

CSRF_STALE_FORM = (
    "This form’s security token was missing or out of date, so it was not accepted. "
    "That happens when a page stays open a long time, or after logging in or out in "
    "another tab. Nothing was changed: reload the page and try again."
)
CSRF_NO_COOKIE = (
    "Your browser did not send this site’s security cookie, so the form was not accepted. "
    "Nothing was changed: allow cookies for this site, reload the page and try again."
)
CSRF_WRONG_ORIGIN = (
    "This form did not come from one of this site’s own pages (its origin or referrer "
    "did not match), so it was not accepted. Nothing was changed: open the page on this "
    "site and try again."
)

METHOD_WORDS = {
    "GET": "opening it",
    "HEAD": "opening it",
    "POST": "sending a form",
    "OPTIONS": "asking what it takes",
}


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def refusal_response(
    request: HttpRequest,
    *,
    template: str,
    heading: str,
    reason: str,
    status: int,
    page_context: dict[str, str] | None = None,
) -> HttpResponse:
    """The page `template` (given `page_context`, by default the heading and reason), or
    for an htmx request the short fragment with the heading and reason."""
    if _is_htmx(request):
        fragment = {"heading": heading, "reason": reason}
        return render(request, "core/_refusal.html", fragment, status=status)
    context = {"heading": heading, "reason": reason} if page_context is None else page_context
    return render(request, template, context, status=status)


def csrf_failure_reason(reason: str) -> str:
    if reason == REASON_NO_CSRF_COOKIE:
        return CSRF_NO_COOKIE
    if reason == REASON_NO_REFERER or "origin" in reason.lower() or "referer" in reason.lower():
        return CSRF_WRONG_ORIGIN
    return CSRF_STALE_FORM


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: Django's reason (for developers) put in words for the visitor."""
    words = csrf_failure_reason(reason)
    response = refusal_response(
        request,
        template="403.html",
        heading="That form was not accepted",
        reason=words,
        status=403,
    )
    if _is_htmx(request):
        # A button on a stale page would otherwise do nothing: reload it, then say why.
        messages.warning(request, words)
        response["HX-Refresh"] = "true"
    return response


def method_not_allowed_reason(method: str, allowed: list[str]) -> str:
    taken = ", ".join(allowed)
    reason = f"This address takes {taken}, not {method}."
    if method in {"GET", "HEAD"} and "POST" in allowed:
        reason += (
            " It is where a form is sent, so a link, a bookmark or a reload cannot do it: "
            "go back and use the button on the page."
        )
    elif method == "POST" and "GET" in allowed:
        reason += " It is a page to open, not a form to send: open it with a link."
    return reason


def method_not_allowed(request: HttpRequest, allowed: list[str]) -> HttpResponse:
    """The site's 405 page for a request whose method the view does not take."""
    response = refusal_response(
        request,
        template="405.html",
        heading="That address doesn’t work that way",
        reason=method_not_allowed_reason(request.method or "", allowed),
        status=405,
    )
    response["Allow"] = ", ".join(allowed)
    return response
