"""A Drifting draft's lifepaths: what moving to the current ones would change, and the move.

Only the owner sees it; the move is a POST that re-checks everything the page showed.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from chargen.drifting.access import character_for_owner
from chargen.drifting.rule_upgrade import (
    LifepathUpgrade,
    character_move_to_current_lifepaths,
    lifepath_upgrade_preview,
)
from rules.errors import RulesError

TEMPLATE = "drifting/rule_data.html"


def _page(
    request: HttpRequest, upgrade: LifepathUpgrade, *, error: str = "", status: int = 200
) -> HttpResponse:
    context = {"character": upgrade.character, "upgrade": upgrade, "error": error}
    return render(request, TEMPLATE, context, status=status)


@login_required
@require_safe
def rule_data(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    return _page(request, lifepath_upgrade_preview(character))


@login_required
@require_POST
def rule_data_upgrade(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        character_move_to_current_lifepaths(
            character=character, version=request.POST.get("version", "")[:64]
        )
    except RulesError as error:
        return _page(request, lifepath_upgrade_preview(character), error=str(error), status=400)
    messages.success(request, f"{character} now uses the current lifepaths.")
    return redirect(character)
