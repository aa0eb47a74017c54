"""A fifth game system, "Fifth Wind", declared the way a real one is, in one module.

It proves that core, campaigns and the desk work with a system they have never
seen: it has its own pages (this module is its URLconf), a home section, a menu
entry, house rules with their form, campaigns that play it, characters its owner
deletes, and characters submitted to the GM's approval queue.

Its characters are stored in Drifting's table (a test may not add one of its own);
which of them wait for the GM is kept here, in FIFTH_WAITING. A real system would
keep that in its own model: see docs/architecture.md, "Game systems as plugins".
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.template import Engine
from django.urls import path, reverse

from chargen.core.deletion import Deletion
from chargen.core.home import HomeAction, HomeSection
from chargen.core.house_rules import HouseRulesCodec, HouseRulesForm
from chargen.core.systems import (
    CampaignLink,
    CharacterKind,
    GameSystem,
    NavEntry,
    Submittable,
    UrlMount,
)
from chargen.core.views_delete import character_delete_view
from chargen.desk.models import Decision, DecisionAction, NotificationKind
from chargen.desk.services import decision_take, require_note
from chargen.drifting.models import Character as Sheet
from rules.errors import RulesError

FIFTH = "fifth_wind"
FIFTH_WAITING: set[uuid.UUID] = set()


# --- House rules --------------------------------------------------------------------------


@dataclass(frozen=True)
class FifthRules:
    gale_force: int = 3
    calm_days: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.gale_force <= 12:
            raise RulesError("The gale force must be between 1 and 12 on the Beaufort scale.")


class FifthRulesForm(HouseRulesForm):
    gale_force = forms.IntegerField(label="Gale force", help_text="“The wind rises to force 3.”")
    calm_days = forms.BooleanField(label="Calm days happen", required=False)


FIFTH_RULES = HouseRulesCodec(system_key=FIFTH, defaults=FifthRules(), form_class=FifthRulesForm)


# --- Pages ----------------------------------------------------------------------------------


def sheets_page(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Fifth Wind sheets")


def sheet_page(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    return HttpResponse("A Fifth Wind sheet")


app_name = "fifth"
urlpatterns = [
    path("", sheets_page, name="list"),
    path("<uuid:character_id>/", sheet_page, name="sheet"),
    path(
        "<uuid:character_id>/delete/",
        character_delete_view,
        {"system_key": FIFTH, "kind": "sheet"},
        name="delete",
    ),
]


# --- Home, deletion -------------------------------------------------------------------------


def home_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="fifth",
        title="Fifth Wind sheets",
        template_name="fifth/_home_section.html",  # not rendered: the list is empty
        items=[],
        empty_text="No Fifth Wind sheets yet: the wind has not risen.",
        actions=(HomeAction("Fifth Wind sheets", reverse("fifth:list")),),
    )


def sheet_for_owner(user: AbstractBaseUser | AnonymousUser, character_id: uuid.UUID) -> Sheet:
    sheet = Sheet.objects.filter(pk=character_id, owner_id=user.pk).first()
    if sheet is None:
        raise Http404("No such sheet.")
    return sheet


def sheet_deletion(sheet: Sheet) -> Deletion:
    return Deletion(what="Fifth Wind sheet", name=sheet.name, state="Becalmed", roll_count=0)


def sheet_delete(sheet: Sheet) -> Deletion:
    deletion = sheet_deletion(sheet)
    sheet.delete()
    return deletion


# --- The approval queue ---------------------------------------------------------------------


def waiting(campaign: Any) -> Sequence[Sheet]:
    return list(Sheet.objects.filter(campaign=campaign, pk__in=FIFTH_WAITING))


def waiting_counts(campaign_ids: Sequence[uuid.UUID]) -> Mapping[uuid.UUID, int]:
    counts: dict[uuid.UUID, int] = {}
    for sheet in Sheet.objects.filter(campaign_id__in=campaign_ids, pk__in=FIFTH_WAITING):
        if sheet.campaign_id is not None:
            counts[sheet.campaign_id] = counts.get(sheet.campaign_id, 0) + 1
    return counts


def for_gm(campaign: Any, character_id: uuid.UUID) -> Sheet:
    sheet = Sheet.objects.filter(campaign=campaign, pk=character_id).select_related("owner").first()
    if sheet is None:
        raise Http404("No such sheet.")
    return sheet


def _decide(sheet: Sheet, by: AbstractBaseUser, note: str, action: DecisionAction) -> Decision:
    def claim(decided_at: object) -> bool:
        if sheet.pk not in FIFTH_WAITING:
            return False
        FIFTH_WAITING.discard(sheet.pk)
        return True

    with transaction.atomic():
        return decision_take(
            item=sheet,
            campaign=sheet.campaign,
            by=by,
            item_kind="character",
            action=action,
            note=note,
            claim=claim,
            player=sheet.owner,
            told_kind=NotificationKind.CHARACTER_DECIDED,
        )


CARD = Engine.get_default().from_string(
    '<article id="character-{{ character.id }}" data-fifth-card>{{ character.name }}'
    "{% if error %} <p>{{ error }}</p>{% endif %}</article>"
)


SYSTEM = GameSystem(
    key=FIFTH,
    label="Fifth Wind",
    order=40,
    home_section=home_section,
    nav=(NavEntry("Fifth Wind", "fifth:list", "fifth"),),
    urls=UrlMount("fifth/", "tests.chargen.core.fifth_system"),
    campaign_game=True,
    house_rules=FIFTH_RULES,
    campaign_links=lambda campaign, is_gm: (
        CampaignLink("Fifth Wind weather", reverse("fifth:list")),
    ),
    character_kinds=(
        CharacterKind(
            key="sheet",
            for_owner=sheet_for_owner,
            deletion=sheet_deletion,
            delete=sheet_delete,
            delete_url_name="fifth:delete",
            list_url_name="fifth:list",
        ),
    ),
    submittable=Submittable(
        noun="character",
        waiting=waiting,
        waiting_counts=waiting_counts,
        for_gm=for_gm,
        approve=lambda sheet, by, note: _decide(sheet, by, note, DecisionAction.APPROVE),
        send_back=lambda sheet, by, note: _decide(
            sheet, by, require_note(note, "Say what to change."), DecisionAction.RETURN
        ),
        card_template=CARD,
        mine=lambda campaign, user: Sheet.objects.filter(campaign=campaign, owner_id=user.pk),
        mine_template=Engine.get_default().from_string(
            "<ul>{% for character in characters %}<li data-fifth-mine>{{ character.name }}"
            "</li>{% endfor %}</ul>"
        ),
        approval_required=lambda campaign: campaign.rules_for(FIFTH).calm_days,
    ),
)
