"""One way to answer a wizard request: the full page, or only its `wizard` partial for htmx.

Both render the same template, so the markup an htmx swap puts on the page is
exactly the markup a plain page load shows.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html

WIZARD_PARTIAL = "wizard"


def render_step(
    request: HttpRequest, template_name: str, context: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    """The step page; an htmx request gets only the `wizard` partial (stepper + step),
    after a `<title>` that htmx puts on the page, so the title follows the step."""
    context = {**context, "page_title": page_title(context)}
    if getattr(request, "htmx", False):
        response = render(request, f"{template_name}#{WIZARD_PARTIAL}", context, status=status)
        response.content = (
            format_html("<title>{}</title>\n", context["page_title"]).encode() + response.content
        )
        if request.method == "GET":
            # After a successful POST htmx followed the 303 here: show this page's address.
            # A refused POST is answered in place, and its address (a POST-only action
            # URL) must not reach the address bar, where a reload would GET it: 405.
            response["HX-Push-Url"] = request.get_full_path()
        return response
    return render(request, template_name, context, status=status)


def page_title(context: dict[str, Any]) -> str:
    """ "Treva: 6. Skills": the character and the step shown (unescaped: a template escapes)."""
    step = context["step"]
    return f"{context['character'].name}: {step.number}. {step.title}"


def redirect_to_step(url: str) -> HttpResponse:
    """After a successful POST: 303 to the page that shows the new state (htmx follows it)."""
    response = redirect(url)
    response.status_code = 303
    return response
