"""The one way a character is deleted in every app: ask first, then delete and go home.

Every game system's delete URL points at `character_delete_view` with its key and the
kind of character (chargen/core/systems.py, `CharacterKind`): the registry says how to
find the character for its owner, describe it and delete it. It follows the campaigns'
pattern for actions that cannot be undone (chargen/campaigns/confirm.py): the delete
button posts with htmx, `hx-confirm` (the browser asks) and `confirm=yes`; a GET, or a
plain POST without `confirm=yes` (no JavaScript), changes nothing and answers with a
page saying what will be deleted (name, state, number of rolls) and offering the same
form with the confirmation in it. The character is found through the system's
owner-only access helper first, so anyone else has had a 404 before anything else runs.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from chargen.core.confirm import CONFIRM_FIELD, CONFIRM_VALUE, is_confirmed
from chargen.core.deletion import Deletion, DeletionRefused
from chargen.core.htmx import client_redirect
from chargen.core.http import HtmxHttpRequest
from chargen.core.systems import registry

# The button in a list sends `return_to=list`, so the player lands back on that list;
# any other value (or none) goes to the home page. A name, never a URL: nothing a
# request carries can send the player off the site.
RETURN_FIELD = "return_to"
RETURN_TO_LIST = "list"


def _wants_list(request: HttpRequest) -> bool:
    asked = request.POST.get(RETURN_FIELD) or request.GET.get(RETURN_FIELD)
    return asked == RETURN_TO_LIST


def confirm_or_delete(
    request: HtmxHttpRequest,
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
            return client_redirect(request, character_url)
        done = " ".join((f"“{deleted.name}” was deleted.", *deleted.consequences))
        messages.success(request, done)
        return client_redirect(request, list_url if _wants_list(request) else reverse("home"))
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


@login_required
@require_http_methods(["GET", "POST"])
def character_delete_view(
    request: HtmxHttpRequest, character_id: uuid.UUID, *, system_key: str, kind: str
) -> HttpResponse:
    """GET (or an unconfirmed POST) asks first; a confirmed POST deletes (owner only).

    `system_key` and `kind` come from the system's URLconf, never from the request.
    """
    character_kind = registry.get(system_key).character_kind(kind)
    character = character_kind.for_owner(request.user, character_id)
    return confirm_or_delete(
        request,
        deletion=character_kind.deletion(character),
        action_url=reverse(character_kind.delete_url_name, kwargs={"character_id": character.id}),
        character_url=character.get_absolute_url(),
        list_url=reverse(character_kind.list_url_name),
        delete=lambda: character_kind.delete(character),
    )
