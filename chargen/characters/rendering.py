"""One way to answer a wizard request: the full page, or only its `wizard` partial for htmx.

Both render the same template, so the markup an htmx swap puts on the page is
exactly the markup a plain page load shows.

Back means back: each step is one entry in the browser's history. An htmx answer that
moves to another step's page pushes its address; one that stays on the step (a roll,
a placement, an undo) replaces it, so Back leaves the step rather than replaying it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django_htmx.http import push_url, replace_url
from django_htmx.middleware import HtmxDetails

WIZARD_PARTIAL = "wizard"


def render_step(
    request: HttpRequest, template_name: str, context: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    """The step page; an htmx request gets only the `wizard` partial (stepper + step),
    after a `<title>` that htmx puts on the page, so the title follows the step."""
    context = {**context, "page_title": page_title(context)}
    htmx = getattr(request, "htmx", None)
    # A history restore (Back, with no snapshot kept) replaces the whole body: full page.
    if htmx and not htmx.history_restore_request:
        response = render(request, f"{template_name}#{WIZARD_PARTIAL}", context, status=status)
        response.content = (
            format_html("<title>{}</title>\n", context["page_title"]).encode() + response.content
        )
        if request.method == "GET":
            # After a successful POST htmx followed the 303 here: show this page's address.
            # A refused POST is answered in place, and its address (a POST-only action
            # URL) must not reach the address bar, where a reload would GET it: 405.
            return address_for_step(request, response)
        return response
    return render(request, template_name, context, status=status)


def address_for_step(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Push the address when the answer shows another step; replace it within one step."""
    path = request.get_full_path()
    htmx: HtmxDetails = getattr(request, "htmx")  # noqa: B009 (set by HtmxMiddleware)
    if is_same_page(htmx.current_url_abs_path, request.path):
        return replace_url(response, path)
    return push_url(response, path)


def is_same_page(current: str | None, path: str) -> bool:
    """Whether the page the request came from is the page at `path` (query ignored)."""
    return current is not None and current.split("?", 1)[0].split("#", 1)[0] == path


def page_title(context: dict[str, Any]) -> str:
    """ "Treva: 6. Skills": the character and the step shown (unescaped: a template escapes)."""
    step = context["step"]
    return f"{context['character'].name}: {step.number}. {step.title}"


def redirect_to_step(url: str) -> HttpResponse:
    """After a successful POST: 303 to the page that shows the new state (htmx follows it)."""
    response = redirect(url)
    response.status_code = 303
    return response
