"""A draft's rule data: what moving it to the current data would change, and the move.

Only the owner sees it; the move is a POST that re-checks everything the page showed.
"""

from __future__ import annotations

import uuid

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from chargen.core.htmx import see_other
from chargen.infinity_drive.access import character_for_owner
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.rule_upgrade import (
    RuleDataUpgrade,
    character_upgrade_rule_data,
    rule_data_upgrade_preview,
)

TEMPLATE = "characters/rule_data.html"


class UpgradeForm(forms.Form):
    """The versions the page showed the changes for (empty: that data is not loaded)."""

    rulebook_version = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    content_version = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)


def _page(
    request: HttpRequest, upgrade: RuleDataUpgrade, *, error: str = "", status: int = 200
) -> HttpResponse:
    form = UpgradeForm(
        initial={
            "rulebook_version": upgrade.targets.rulebook or "",
            "content_version": upgrade.targets.content or "",
        }
    )
    context = {
        "character": upgrade.character,
        "upgrade": upgrade,
        "form": form,
        "error": error,
    }
    return render(request, TEMPLATE, context, status=status)


@login_required
@require_safe
def rule_data(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    return _page(request, rule_data_upgrade_preview(character))


@login_required
@require_POST
def rule_data_upgrade(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = UpgradeForm(request.POST)
    try:
        if not form.is_valid():
            raise StepRefused("This form is missing what it was shown for; reload the page.")
        character_upgrade_rule_data(
            character=character,
            rulebook_version=form.cleaned_data["rulebook_version"],
            content_version=form.cleaned_data["content_version"],
        )
    except StepRefused as refused:
        return _page(
            request, rule_data_upgrade_preview(character), error=refused.message, status=400
        )
    messages.success(request, f"{character.name} now uses the current rule data.")
    return see_other(reverse("characters:resume", args=[character.id]))
