"""Deleting a roller sheet: a confirm page, then the deletion (owner only).

Anyone but the owner gets the 404 of the sheet's owner-only access helper.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from chargen.core.views_delete import confirm_or_delete
from chargen.rollers.access import mana_character_for_owner, unique_character_for_owner
from chargen.rollers.deletion import mana_delete, mana_deletion, unique_delete, unique_deletion


@login_required
@require_http_methods(["GET", "POST"])
def unique_delete_view(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """GET (or an unconfirmed POST) asks first; a confirmed POST deletes."""
    character = unique_character_for_owner(request.user, character_id)
    return confirm_or_delete(
        request,
        deletion=unique_deletion(character),
        action_url=reverse("rollers:unique_delete", kwargs={"character_id": character.id}),
        character_url=character.get_absolute_url(),
        list_url=reverse("rollers:list"),
        delete=lambda: unique_delete(character=character),
    )


@login_required
@require_http_methods(["GET", "POST"])
def mana_delete_view(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """GET (or an unconfirmed POST) asks first; a confirmed POST deletes."""
    character = mana_character_for_owner(request.user, character_id)
    return confirm_or_delete(
        request,
        deletion=mana_deletion(character),
        action_url=reverse("rollers:mana_delete", kwargs={"character_id": character.id}),
        character_url=character.get_absolute_url(),
        list_url=reverse("rollers:list"),
        delete=lambda: mana_delete(character=character),
    )
