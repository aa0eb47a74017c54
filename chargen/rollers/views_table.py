"""The owner shows a roller sheet at one of their campaigns' live tables, or takes it off."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from chargen.core.http import HtmxHttpRequest
from chargen.rollers.access import mana_character_for_owner, unique_character_for_owner
from chargen.rollers.forms_table import TableForm
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from chargen.rollers.services_table import sheet_show_at
from chargen.rollers.views_mana import mana_sheet_context
from chargen.rollers.views_unique import unique_sheet_context


def _show_at(
    request: HtmxHttpRequest,
    character: UniqueCharacter | ManaCharacter,
    template: str,
    context_of: Callable[..., dict[str, Any]],
) -> HttpResponse:
    form = TableForm(request.POST, owner=request.user)
    if not form.is_valid():  # the sheet again, with why at the field; nothing changed
        context = context_of(request, character, table_form=form)
        return render(request, template, context, status=400)
    campaign = form.cleaned_data["campaign"]
    sheet_show_at(character=character, campaign=campaign)
    if campaign is None:
        messages.success(request, f"{character.name} is at no table now.")
    else:
        messages.success(request, f"{character.name} is shown at the table of {campaign.name}.")
    return redirect(character)


@login_required
@require_POST
def unique_table(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    return _show_at(request, character, "rollers/unique_sheet.html", unique_sheet_context)


@login_required
@require_POST
def mana_table(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    return _show_at(request, character, "rollers/mana_sheet.html", mana_sheet_context)
