"""Copy a character as a template: one POST, answered with the new draft's wizard."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from chargen.core.htmx import see_other
from chargen.core.http import AuthenticatedHttpRequest
from chargen.infinity_drive.access import character_for_owner
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.services_copy import Copied, character_copy

RETURN_TO_LIST = "list"


def _done_message(original: Character, copied: Copied) -> str:
    carried = copied.carried_labels
    words = f"“{copied.character.name}” is a new draft"
    if original.campaign is not None and copied.character.campaign_id is None:
        words += f" outside any campaign (you are no longer in “{original.campaign.name}”)"
    words += f" with {', '.join(carried)}" if carried else ""
    words += "; no dice were copied."
    if copied.reason:
        words += f" The rest could not be copied under the current rules: {copied.reason}"
    return words


@login_required
@require_POST
def character_copy_view(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    original = character_for_owner(request.user, character_id)
    try:
        copied = character_copy(original=original)
    except StepRefused as refused:
        messages.error(request, refused.message)
        if request.POST.get("return_to") == RETURN_TO_LIST:
            return see_other(reverse("characters:list"))
        return see_other(reverse("characters:sheet", args=[original.id]))
    messages.success(request, _done_message(original, copied))
    return see_other(reverse("characters:resume", args=[copied.character.id]))
