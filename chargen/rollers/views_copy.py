"""Copy a roller sheet as a template: one POST each, answered with the new sheet."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from chargen.core.http import AuthenticatedHttpRequest
from chargen.rollers.access import mana_character_for_owner, unique_character_for_owner
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from chargen.rollers.roll_writes import SheetCapReached
from chargen.rollers.services_copy import mana_copy, unique_copy

DONE = "“{name}” is a copy of the sheet's attributes{extra}; no rolls or crises were copied."


def _copy(
    request: AuthenticatedHttpRequest,
    original: UniqueCharacter | ManaCharacter,
    copy: Callable[..., UniqueCharacter | ManaCharacter],
    url_name: str,
    extra: str,
) -> HttpResponse:
    """Copy a sheet (or say why not) and open the sheet the player should see next."""
    try:
        copied = copy(original=original)
    except SheetCapReached as refused:
        messages.error(request, str(refused))
        return redirect(url_name, character_id=original.id)
    messages.success(request, DONE.format(name=copied.name, extra=extra))
    return redirect(url_name, character_id=copied.id)


@login_required
@require_POST
def unique_copy_view(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    original = unique_character_for_owner(request.user, character_id)
    return _copy(request, original, unique_copy, "rollers:unique", " and specials")


@login_required
@require_POST
def mana_copy_view(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    original = mana_character_for_owner(request.user, character_id)
    return _copy(request, original, mana_copy, "rollers:mana", ", mana and specialities")
