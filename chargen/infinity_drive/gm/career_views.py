"""The GM's own careers on the desk: the book's careers (copy one, hide one), the
campaign's careers, one career's draft edited with its problems at each field and a
preview of its odds, and publishing. Members read the published careers only.

Thin views: `campaign_for_gm` / `campaign_for_member` first (anyone else gets a 404 and
learns nothing), then a service in chargen.rulebook.homebrew. Every change is a POST;
a GET changes nothing.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm, campaign_for_member
from chargen.campaigns.models import Campaign
from chargen.core.http import AuthenticatedHttpRequest
from chargen.infinity_drive.campaign_rules import house_rules_for
from chargen.infinity_drive.gm.career_forms import CareerForm, initial_for, row_text, wanted_tables
from chargen.rulebook import homebrew, packs
from chargen.rulebook.models import HomebrewCareer
from rules.errors import RulesError
from rules.infinity_drive.autopilot import generate_npc, npc_text
from rules.infinity_drive.codes import characteristics_in_play
from rules.infinity_drive.homebrew_careers import (
    CareerDraft,
    career_from_json,
    rulebook_with_careers,
)
from rules.infinity_drive.homebrew_preview import CareerPreview, career_preview
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import Rulebook
from rules.odds import as_percent

# The sample a preview reads unless the GM types another profile: the book's average.
SAMPLE_PROFILE = "7777777"


def career_for_gm(user: Any, campaign_id: uuid.UUID, career_id: uuid.UUID) -> HomebrewCareer:
    """One of the campaign's careers, to its GM only (else 404)."""
    campaign = campaign_for_gm(user, campaign_id)
    return get_object_or_404(
        HomebrewCareer.objects.select_related("campaign"), campaign=campaign, pk=career_id
    )


@login_required
@require_safe
def careers(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    _, book = homebrew.current_book()
    hidden = set(homebrew.hidden_careers(campaign))
    published = {career.pk: version for career, version in homebrew.published(campaign)}
    own = [
        {"career": career, "version": published.get(career.pk)}
        for career in HomebrewCareer.objects.filter(campaign=campaign)
    ]
    context = {
        "campaign": campaign,
        "book_careers": [{"name": name, "hidden": name in hidden} for name in book.careers],
        "own": own,
    }
    return render(request, "characters/desk/careers.html", context)


@login_required
@require_POST
def career_new(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    try:
        career = homebrew.homebrew_career_create(
            campaign=campaign, by=request.user, copy_of=request.POST.get("copy_of", "")
        )
    except RulesError as refused:
        messages.error(request, str(refused))
        return redirect("desk:careers", campaign_id=campaign.id)
    return redirect("desk:career", campaign_id=campaign.id, career_id=career.pk)


@login_required
@require_POST
def career_hide(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    name = request.POST.get("name", "")
    hidden = request.POST.get("hidden") == "1"
    try:
        homebrew.book_career_hide(campaign=campaign, by=request.user, name=name, hidden=hidden)
    except RulesError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(
            request,
            f"{name} is {'hidden from' if hidden else 'back in'} this campaign's new characters.",
        )
    return redirect("desk:careers", campaign_id=campaign.id)


def _draft_rulebook(career: HomebrewCareer) -> Rulebook:
    """The campaign's book (less its hidden careers) with this draft in it."""
    records, _ = homebrew.current_book()
    draft = career_from_json(career.draft)
    _, book = rulebook_with_careers(records, [draft], homebrew.hidden_careers(career.campaign))
    return book


def _preview(career: HomebrewCareer, profile: str) -> tuple[CareerPreview | None, str]:
    """The odds of the draft for a sample of `profile`, or why there are none."""
    rules = house_rules_for(career.campaign)
    try:
        sample = Characteristics.from_profile(
            profile, characteristics_in_play(rules.metaphysical_in_play)
        )
        return career_preview(_draft_rulebook(career), career.name, sample, rules), ""
    except RulesError as why:
        return None, str(why)


def _trial(career: HomebrewCareer, seed: int) -> str:
    """An NPC the autopilot builds in the draft career under the campaign's rules, from
    `seed` (so a reload shows the same one): the GM tries a career before players do."""
    try:
        npc = generate_npc(
            seed=seed,
            rulebook=_draft_rulebook(career),
            house_rules=house_rules_for(career.campaign),
            career=career.name,
        )
    except RulesError as why:
        return f"The autopilot could not finish a character: {why}"
    return npc_text(npc)


def _seed(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 10 else 1


def _odds(preview: CareerPreview, draft: CareerDraft) -> dict[str, Any]:
    """The preview as the page shows it: percentages, closed tables, the rows not legal,
    the tables in the order the form beside it lists their fields (wanted_tables)."""
    order = {key: index for index, key in enumerate(wanted_tables(draft))}
    views = sorted(
        preview.tables,
        key=lambda view: order.get((view.table.specialisation, view.table.learning), len(order)),
    )
    return {
        "learner": preview.learner_type.value,
        "target": preview.survival_target,
        "survival": as_percent(preview.survival_chance),
        "failure": preview.survival_failure.value,
        "failure_is_careers": preview.survival_failure_is_careers,
        "tables": [
            {
                "name": view.table.name,
                "chance": as_percent(view.chance),
                "closed": view.closed_reason,
                "illegal": [
                    f"{row.entry.roll} ({row.entry.label}): {row.reason}"
                    for row in view.entries
                    if not row.legal
                ],
            }
            for view in views
        ],
    }


def _career_page(
    request: AuthenticatedHttpRequest,
    career: HomebrewCareer,
    form: CareerForm,
    *,
    status: int = 200,
) -> HttpResponse:
    draft = career_from_json(career.draft)
    problems = homebrew.career_checks(career)
    profile = request.GET.get("profile", SAMPLE_PROFILE)[:16]
    preview, no_preview = (None, "") if problems else _preview(career, profile)
    odds = None if preview is None else _odds(preview, draft)
    seed = _seed(request.GET.get("seed", ""))
    trial = "" if problems else _trial(career, seed)
    versions = list(career.versions.all()[:5])
    context = {
        "campaign": career.campaign,
        "career": career,
        "draft": draft,
        "form": form,
        "problems": problems,
        "odds": odds,
        "no_preview": no_preview,
        "profile": profile,
        "trial": trial,
        "seed": seed,
        "versions": versions,
    }
    return render(request, "characters/desk/career.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def career(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, career_id: uuid.UUID
) -> HttpResponse:
    """The draft as a form with each problem at its field; a POST saves the draft."""
    found = career_for_gm(request.user, campaign_id, career_id)
    draft = career_from_json(found.draft)
    if request.method != "POST":
        return _career_page(request, found, _with_problems(draft, homebrew.career_checks(found)))
    form = CareerForm(request.POST, draft=draft)
    if not form.is_valid():
        return _career_page(request, found, form, status=400)
    try:
        homebrew.homebrew_career_save(career=found, by=request.user, draft=form.career())
    except homebrew.HomebrewRefused as refused:
        for message in refused.problems.get("name", [str(refused)]):
            form.add_error("name", message)
        return _career_page(request, found, form, status=400)
    messages.success(request, "Draft saved. Players see it only once it is published.")
    return redirect("desk:career", campaign_id=found.campaign.id, career_id=found.pk)


def _with_problems(draft: Any, problems: dict[str, list[str]]) -> CareerForm:
    """The draft as a bound form, each of the rules' problems at its field."""
    form = CareerForm(data=_as_data(draft), draft=draft)
    form.is_valid()
    form.show_problems(problems, draft)
    return form


def _as_data(draft: Any) -> dict[str, Any]:
    return {key: "" if value is None else value for key, value in initial_for(draft).items()}


@login_required
@require_POST
def career_publish(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, career_id: uuid.UUID
) -> HttpResponse:
    found = career_for_gm(request.user, campaign_id, career_id)
    try:
        version = homebrew.homebrew_career_publish(career=found, by=request.user)
    except homebrew.HomebrewRefused:
        draft = career_from_json(found.draft)
        form = _with_problems(draft, homebrew.career_checks(found))
        form.add_error(None, "Not published: mend the problems shown at each field first.")
        return _career_page(request, found, form, status=400)
    messages.success(
        request,
        f"Published {found.name} as version {version.number}. New characters of the "
        "campaign can take it; characters already started keep the version they read.",
    )
    return redirect("desk:career", campaign_id=found.campaign.id, career_id=found.pk)


@login_required
@require_POST
def career_delete(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, career_id: uuid.UUID
) -> HttpResponse:
    found = career_for_gm(request.user, campaign_id, career_id)
    homebrew.homebrew_career_delete(career=found, by=request.user)
    messages.success(
        request, f"Deleted {found.name}. Characters built under it keep the version they read."
    )
    return redirect("desk:careers", campaign_id=campaign_id)


@login_required
@require_safe
def careers_published(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """The campaign's published careers, for its members (never a draft)."""
    campaign: Campaign = campaign_for_member(request.user, campaign_id)
    shown = []
    for career, version in homebrew.published(campaign):
        draft = career_from_json(version.data)
        shown.append(
            {
                "career": career,
                "version": version,
                "draft": draft,
                "tables": [
                    {"table": table, "rows": [row_text(row) for row in table.rows]}
                    for table in draft.tables
                ],
            }
        )
    context = {"campaign": campaign, "careers": shown}
    return render(request, "characters/desk/careers_published.html", context)


@login_required
@require_safe
def careers_pack(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """The campaign's homebrew as a pack file (its published careers, its hidden ones)."""
    campaign = campaign_for_gm(request.user, campaign_id)
    document = packs.pack_export(campaign, request.user)
    response = JsonResponse(document, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = 'attachment; filename="homebrew.chargen-pack.json"'
    return response


@login_required
@require_POST
def careers_pack_import(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    upload = request.FILES.get("pack")
    if upload is None:
        messages.error(request, "Choose a pack file to import.")
        return redirect("desk:careers", campaign_id=campaign.id)
    if upload.size is not None and upload.size > packs.MAX_PACK_BYTES:
        messages.error(request, "That pack is larger than 1 MB. Nothing was imported.")
        return redirect("desk:careers", campaign_id=campaign.id)
    try:
        count = packs.pack_import(campaign=campaign, by=request.user, raw=upload.read())
    except RulesError as refused:
        messages.error(request, f"Pack refused, nothing imported. {refused}")
    else:
        messages.success(request, f"Imported {count} item{'s' if count != 1 else ''}.")
    return redirect("desk:careers", campaign_id=campaign.id)
