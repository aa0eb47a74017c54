"""One way to answer a wizard request: the full page, or only its `wizard` partial for htmx.

Both render the same template (chargen/core/htmx.py's `page_or_partial`), so the markup
an htmx swap puts on the page is exactly the markup a plain page load shows.

One request per action: a successful htmx POST is answered with the target step's
partial, drawn from the state just saved (`after_post`); a plain POST keeps
POST-redirect-GET. Either way a Reload GETs the step page and shows the same saved
dice.

Back means back: each step is one entry in the browser's history. An htmx answer that
moves to another step's page pushes its address; one that stays on the step (a roll,
a placement, an undo) replaces it, so Back leaves the step rather than replaying it.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html

from chargen.core.htmx import is_htmx, page_or_partial, show_address, wants_partial
from chargen.infinity_drive.models import CreationLogEntry
from chargen.infinity_drive.wizard.post_checks import already_saved_message

WIZARD_PARTIAL = "wizard"


def render_step(
    request: HttpRequest, template_name: str, context: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    """The step page; an htmx request gets only the `wizard` partial (stepper + step),
    after a `<title>` that htmx puts on the page, so the title follows the step."""
    context = {**context, "page_title": page_title(context)}
    response = page_or_partial(
        request, template_name, context, partial=WIZARD_PARTIAL, status=status
    )
    if not wants_partial(request):
        return response
    response.content = (
        format_html("<title>{}</title>\n", context["page_title"]).encode() + response.content
    )
    if request.method == "GET":
        # A stepper link followed by htmx: show this page's address. A POST's answer is
        # either a refusal, answered in place (its address, a POST-only action URL, must
        # not reach the address bar, where a reload would GET it: 405), or a success,
        # whose `after_post` shows the step's own address.
        return show_address(request, response, request.get_full_path())
    return response


def page_title(context: dict[str, Any]) -> str:
    """ "Treva: 6. Skills": the character and the step shown (unescaped: a template escapes)."""
    step = context["step"]
    return f"{context['character'].name}: {step.number}. {step.title}"


def repeat_notice(request: HttpRequest, repeat: CreationLogEntry | None) -> dict[str, Any]:
    """What the answer to a repeated form says (wizard/post_checks.py's `_answer_repeat`): with
    htmx, beside the roll it repeated (`{% already_saved_note entry %}` finds the row's
    sequence in `already_saved`), or for a form without dice above the step; a plain POST
    is redirected, so the page it loads says it on top, as a message."""
    if repeat is None:
        return {}
    if not is_htmx(request):
        messages.info(request, already_saved_message(repeat))
        return {}
    if repeat.dice:
        return {"already_saved": repeat.sequence}
    return {"step_notice": already_saved_message(repeat)}
