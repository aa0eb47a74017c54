"""Deleting an Infinity Drive character: a confirm page, then the deletion (owner only).

Anyone but the owner gets the 404 of `character_for_owner`, as on every wizard page.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from chargen.characters.access import character_for_owner
from chargen.characters.deletion import character_delete, character_deletion
from chargen.core.views_delete import confirm_or_delete


@login_required
@require_http_methods(["GET", "POST"])
def character_delete_view(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """GET (or an unconfirmed POST) asks first; a confirmed POST deletes."""
    character = character_for_owner(request.user, character_id)
    return confirm_or_delete(
        request,
        deletion=character_deletion(character),
        action_url=reverse("characters:delete", kwargs={"character_id": character.id}),
        character_url=character.get_absolute_url(),
        list_url=reverse("characters:list"),
        delete=lambda: character_delete(character=character),
    )
