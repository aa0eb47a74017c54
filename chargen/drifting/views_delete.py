"""Deleting a Drifting character: a confirm page, then the deletion (owner only).

Anyone but the owner (its GM included) gets the 404 of `character_for_owner`.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from chargen.core.views_delete import confirm_or_delete
from chargen.drifting.access import character_for_owner
from chargen.drifting.deletion import character_delete, character_deletion


@login_required
@require_http_methods(["GET", "POST"])
def character_delete_view(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """GET (or an unconfirmed POST) asks first; a confirmed POST deletes."""
    character = character_for_owner(request.user, character_id)
    return confirm_or_delete(
        request,
        deletion=character_deletion(character),
        action_url=reverse("drifting:delete", kwargs={"character_id": character.id}),
        character_url=character.get_absolute_url(),
        list_url=reverse("drifting:list"),
        delete=lambda: character_delete(character=character),
    )
