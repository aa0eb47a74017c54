"""Roller pages: the list, creating and editing sheets (the sheets' own pages are in
views_unique.py and views_mana.py; what they share in views_common.py).

Each view: who may do this (an access helper, 404 for anyone but the owner), parse
the form, call one service, render. Every POST works as a plain form (redirect after
success, so Reload never re-posts) and as an htmx swap of the same named partial the
full page renders. GETs only read: the odds views compute, they never roll.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from chargen.core.htmx import client_redirect
from chargen.core.http import AuthenticatedHttpRequest
from chargen.rollers import services
from chargen.rollers.access import (
    mana_character_for_owner,
    mana_characters_for_owner,
    unique_character_for_owner,
    unique_characters_for_owner,
)
from chargen.rollers.forms import (
    NameForm,
)
from chargen.rollers.forms_sheets import (
    SheetForms,
    mana_sheet_forms,
    unique_sheet_forms,
)
from chargen.rollers.models import (
    ManaCharacter,
    UniqueCharacter,
)
from chargen.rollers.views_common import (
    page_template,
)

# --- The list of sheets --------------------------------------------------------------------------


def _list_context(request: AuthenticatedHttpRequest, **given: Any) -> dict[str, Any]:
    return {
        "unique_characters": unique_characters_for_owner(request.user),
        "mana_characters": mana_characters_for_owner(request.user),
        "unique_form": given.get("unique_form") or NameForm(prefix="unique"),
        "mana_form": given.get("mana_form") or NameForm(prefix="mana"),
    }


@login_required
@require_GET
def roller_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "rollers/list.html", _list_context(request))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def unique_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _to_the_new_form("unique-new")
    form = NameForm(request.POST, prefix="unique")
    if not form.is_valid():
        return render(
            request,
            page_template(request, "list", "unique_new"),
            _list_context(request, unique_form=form),
        )
    try:
        character = services.unique_character_create(
            owner=request.user,
            name=form.cleaned_data["name"],
            start_key=form.cleaned_data["start_key"],
        )
    except services.SheetCapReached as refusal:
        form.add_error(None, str(refusal))
        return render(
            request,
            page_template(request, "list", "unique_new"),
            _list_context(request, unique_form=form),
        )
    return client_redirect(request, _edit_url("rollers:unique_edit", character))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def mana_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _to_the_new_form("mana-new")
    form = NameForm(request.POST, prefix="mana")
    if not form.is_valid():
        return render(
            request,
            page_template(request, "list", "mana_new"),
            _list_context(request, mana_form=form),
        )
    try:
        character = services.mana_character_create(
            owner=request.user,
            name=form.cleaned_data["name"],
            start_key=form.cleaned_data["start_key"],
        )
    except services.SheetCapReached as refusal:
        form.add_error(None, str(refusal))
        return render(
            request,
            page_template(request, "list", "mana_new"),
            _list_context(request, mana_form=form),
        )
    return client_redirect(request, _edit_url("rollers:mana_edit", character))


def _to_the_new_form(anchor: str) -> HttpResponse:
    """A GET of a create address (typed, bookmarked, or Back after a create) changes
    nothing: it is sent to the list, at the form that creates, rather than a 405 page."""
    return redirect(f"{reverse('rollers:list')}#{anchor}")


def _edit_url(name: str, character: UniqueCharacter | ManaCharacter) -> str:
    return reverse(name, kwargs={"character_id": character.id})


# --- Editing a sheet -----------------------------------------------------------------------------


def _edit(
    request: AuthenticatedHttpRequest,
    character: UniqueCharacter | ManaCharacter,
    *,
    page: str,
    build: Any,
) -> HttpResponse:
    """Show the sheet's editor; on POST save the form and formsets together and go back to
    the sheet, where the player rolls with what they saved (htmx or not alike)."""
    sheet_forms: SheetForms = build(character, request.POST if request.method == "POST" else None)
    if request.method == "POST" and sheet_forms.is_valid():
        services.sheet_save(forms=sheet_forms.all)
        messages.success(request, f"Saved {character.name}'s sheet.")
        return client_redirect(request, character.get_absolute_url())
    context = {"character": character, "sheet_forms": sheet_forms}
    return render(request, page_template(request, page, "editor"), context)


@login_required
@require_http_methods(["GET", "POST"])
def unique_edit(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    return _edit(request, character, page="unique_edit", build=unique_sheet_forms)


@login_required
@require_http_methods(["GET", "POST"])
def mana_edit(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    return _edit(request, character, page="mana_edit", build=mana_sheet_forms)
