"""Copy a roller sheet as a template: one POST each, answered with the new sheet."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from chargen.core.http import AuthenticatedHttpRequest
from chargen.rollers.access import mana_character_for_owner, unique_character_for_owner
from chargen.rollers.roll_writes import SheetCapReached
from chargen.rollers.services_copy import mana_copy, unique_copy

DONE = "“{name}” is a copy of the sheet's attributes{extra}; no rolls or crises were copied."


@login_required
@require_POST
def unique_copy_view(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    original = unique_character_for_owner(request.user, character_id)
    try:
        copied = unique_copy(original=original)
    except SheetCapReached as refused:
        messages.error(request, str(refused))
        return redirect("rollers:unique", character_id=original.id)
    messages.success(request, DONE.format(name=copied.name, extra=" and specials"))
    return redirect("rollers:unique", character_id=copied.id)


@login_required
@require_POST
def mana_copy_view(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    original = mana_character_for_owner(request.user, character_id)
    try:
        copied = mana_copy(original=original)
    except SheetCapReached as refused:
        messages.error(request, str(refused))
        return redirect("rollers:mana", character_id=original.id)
    messages.success(request, DONE.format(name=copied.name, extra=", mana and specialities"))
    return redirect("rollers:mana", character_id=copied.id)
