"""The home page, the site icon and the friendly error pages (403, 404, 500; 405 and CSRF
in refusals.py)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.views.decorators.http import require_safe

from chargen.core.game_starts import game_starts
from chargen.core.home import home_sections
from chargen.core.refusals import refusal_response


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    sections = home_sections(request.user)
    return render(
        request,
        "core/home.html",
        {
            "sections": sections,
            # The games are introduced until the player has anything of their own (a
            # character, a sheet, a campaign); from then on the dashboard comes first.
            "introduce": not any(section.items for section in sections),
            "starts": game_starts(request.user),
        },
    )


@require_safe
def create_character(request: HttpRequest) -> HttpResponse:
    """ "Create a character": which game? Each leads to that game's own start page."""
    return render(request, "core/create.html", {"starts": game_starts(request.user)})


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico: the SVG icon base.html links.

    Browsers ask for /favicon.ico on any page that links no icon (the admin's, a PDF, the
    stand-alone 500 page) and some ask on every page; a 404 there is an error in the console
    each time. A temporary redirect, because the static file's hashed name changes with
    its content. No Cache-Control of its own: a signed-in user's answers are all no-store
    (security_headers.py), and browsers keep the icon itself in their own icon cache.
    """
    return HttpResponseRedirect(static("favicon.svg"))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    reason = str(exception or "")
    return refusal_response(
        request,
        template="403.html",
        heading="You can’t do that here",
        reason=reason or "This belongs to someone else, or needs a different role.",
        status=403,
        page_context={"reason": reason},
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # The exception's text is for developers ("No Character matches the given query").
    return refusal_response(
        request,
        template="404.html",
        heading="We couldn’t find that",
        reason="It may have been deleted or moved, or it belongs to someone else.",
        status=404,
        page_context={},
    )


def server_error(request: HttpRequest) -> HttpResponse:
    # No request context: the failure may be in the database, the session or a
    # context processor, and the error page must not fail the same way.
    return HttpResponse(loader.get_template("500.html").render({}), status=500)
