"""Copy a Drifting character as a template: one POST, answered with the new draft."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from chargen.core.http import AuthenticatedHttpRequest
from chargen.drifting.access import character_for_owner
from chargen.drifting.services_copy import drifting_copy
from rules import drifting as rules


@login_required
@require_POST
def copy_view(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    original = character_for_owner(request.user, character_id)
    try:
        copied = drifting_copy(original=original)
    except rules.DriftingError as refused:
        messages.error(request, str(refused))
        return redirect("drifting:character", character_id=original.id)
    words = (
        f"“{copied.character.name}” is a new draft with {copied.lifepaths} "
        f"lifepath{'s' if copied.lifepaths != 1 else ''} chosen again; nothing of play was "
        "copied."
    )
    if copied.reason:
        words += f" The rest could not be chosen again: {copied.reason}"
    messages.success(request, words)
    return redirect("drifting:character", character_id=copied.character.id)
