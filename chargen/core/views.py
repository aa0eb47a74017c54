"""The home page and the friendly error pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader
from django.views.decorators.http import require_safe

from chargen.core.home import home_sections


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html", {"sections": home_sections(request.user)})


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "403.html", {"reason": str(exception or "")}, status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", {}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # No request context: the failure may be in the database, the session or a
    # context processor, and the error page must not fail the same way.
    return HttpResponse(loader.get_template("500.html").render({}), status=500)
