"""The one way a character is deleted in every app: ask first, then delete and go home.

It follows the campaigns' pattern for actions that cannot be undone
(chargen/campaigns/confirm.py): the delete button posts with htmx, `hx-confirm`
(the browser asks) and `confirm=yes`; a GET, or a plain POST without `confirm=yes`
(no JavaScript), changes nothing and answers with a page saying what will be deleted
(name, state, number of rolls) and offering the same form with the confirmation in
it. Each app's view finds the character through its owner-only access helper first,
so anyone else has had a 404 before this runs.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from chargen.campaigns.confirm import CONFIRM_FIELD, CONFIRM_VALUE, is_confirmed
from chargen.core.deletion import Deletion, DeletionRefused

# The button in a list sends `return_to=list`, so the player lands back on that list;
# any other value (or none) goes to the home page. A name, never a URL: nothing a
# request carries can send the player off the site.
RETURN_FIELD = "return_to"
RETURN_TO_LIST = "list"


def _wants_list(request: HttpRequest) -> bool:
    asked = request.POST.get(RETURN_FIELD) or request.GET.get(RETURN_FIELD)
    return asked == RETURN_TO_LIST


def _go_to(request: HttpRequest, url: str) -> HttpResponse:
    """After an htmx-confirmed action the whole page moves on, as a plain POST's does."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def confirm_or_delete(
    request: HttpRequest,
    *,
    deletion: Deletion,
    action_url: str,
    character_url: str,
    list_url: str,
    delete: Callable[[], Deletion],
) -> HttpResponse:
    """The confirmation page, or (confirmed POST) the deletion and the way home.

    `deletion` describes the character as loaded for the page; `delete` runs the
    service, which checks again under a lock and raises DeletionRefused if it must.
    A refused deletion goes back to the character's page with the reason.
    """
    if request.method == "POST" and is_confirmed(request):
        try:
            deleted = delete()
        except DeletionRefused as refused:
            messages.error(request, refused.message)
            return _go_to(request, character_url)
        done = " ".join((f"“{deleted.name}” was deleted.", *deleted.consequences))
        messages.success(request, done)
        return _go_to(request, list_url if _wants_list(request) else reverse("home"))
    return render(
        request,
        "core/confirm_delete.html",
        {
            "deletion": deletion,
            "action_url": action_url,
            "cancel_url": character_url,
            "return_to": RETURN_TO_LIST if _wants_list(request) else "",
            "return_field": RETURN_FIELD,
            "confirm_field": CONFIRM_FIELD,
            "confirm_value": CONFIRM_VALUE,
        },
    )
