"""The player's list of Infinity Drive characters and starting a new one."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from chargen.core.htmx import see_other
from chargen.core.http import AuthenticatedHttpRequest
from chargen.desk.models import Decision
from chargen.desk.services import latest_decision
from chargen.infinity_drive import services
from chargen.infinity_drive.access import character_for_owner, characters_for_owner
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.forms import StartForm
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.rule_upgrade import older_rule_data
from chargen.infinity_drive.wizard.stepper import resume_url


def gm_decision_for(character: Character) -> Decision | None:
    """The GM's latest decision on the character (its note says what to change).

    Only a character that was once submitted can have one, so drafts cost no query.
    """
    if character.campaign_id is None or character.status == CharacterStatus.DRAFT:
        return None
    return latest_decision(character)


def character_groups(user: Any) -> list[dict[str, Any]]:
    """The player's characters as the list shows them: drafts, finished, dead.

    Each line carries the GM's note when the GM returned the character, so the
    player reads what to change without opening the desk.
    """
    characters = list(characters_for_owner(user))
    drafts = [
        c for c in characters if c.status in {CharacterStatus.DRAFT, CharacterStatus.RETURNED}
    ]
    dead = [c for c in characters if c.status == CharacterStatus.DEAD]
    finished = [c for c in characters if c not in drafts and c not in dead]
    built_under = older_rule_data(drafts)  # only a draft can move to the current rule data

    def lines(group: list[Character]) -> list[dict[str, Any]]:
        return [
            {
                "character": character,
                "returned_by": gm_decision_for(character)
                if character.status == CharacterStatus.RETURNED
                else None,
                "built_under": built_under.get(character.pk),
            }
            for character in group
        ]

    return [
        {"title": "Drafts", "lines": lines(drafts)},
        {"title": "Finished", "lines": lines(finished)},
        {"title": "Dead", "lines": lines(dead)},
    ]


@login_required
@require_safe
def character_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(
        request, "characters/list.html", {"character_groups": character_groups(request.user)}
    )


@login_required
@require_http_methods(["GET", "POST"])
def character_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    # "Start a new character" from a dead one's page names its campaign (?campaign=<id>);
    # only a campaign the form offers is preselected, anything else is ignored.
    form = StartForm(
        request.POST or None,
        user=request.user,
        initial={"campaign": request.GET.get("campaign", "")},
    )
    if request.method == "POST" and form.is_valid():
        try:
            character = services.character_start(
                owner=request.user,
                campaign=form.cleaned_data["campaign"],
                name=form.cleaned_data["name"],
                concept=form.cleaned_data["concept"],
                start_key=form.cleaned_data["start_key"],
            )
        except StepRefused as error:
            form.add_error(error.field or None, error.message)
        else:
            return see_other(reverse("characters:characteristics", args=[character.id]))
    status = 400 if request.method == "POST" else 200
    return render(request, "characters/new.html", {"form": form}, status=status)


@login_required
@require_safe
def character_resume(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Wherever the player left off, on any device; a finished character opens its sheet."""
    character = character_for_owner(request.user, character_id)
    return redirect(resume_url(progress_for(character, log_entries(character))))
