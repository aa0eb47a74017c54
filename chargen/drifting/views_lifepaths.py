"""A campaign's Drifting lifepaths: every member reads the ones offered; the GM writes,
copies and edits drafts, sees what the campaign's set would be once they are published,
publishes them once the set passes the checks, and withdraws a lifepath (or hides one of
the starter set) from new characters, or offers it again."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from chargen.campaigns.access import campaign_for_gm, campaign_for_member
from chargen.campaigns.models import Campaign
from chargen.core.http import AuthenticatedHttpRequest
from chargen.drifting import lifepath_drafts as drafts
from chargen.drifting.access import lifepath_draft_for_gm, lifepath_of_campaign
from chargen.drifting.lifepath_draft_form import LifepathDraftForm, grants_text
from chargen.drifting.lifepath_offer_form import LifepathOfferForm
from chargen.drifting.lifepath_pack_form import PackImportForm
from chargen.drifting.lifepath_packs import PackRefused, campaign_pack, pack_import, read_pack
from chargen.drifting.lifepath_withdrawal import lifepath_offer_change
from chargen.drifting.models import Lifepath, LifepathDraft
from chargen.drifting.offered import held_lifepaths, withdrawn_in
from rules.errors import RulesError

LifepathAction = Callable[[AuthenticatedHttpRequest, Campaign, Lifepath], HttpResponse]


def _names(campaign: Campaign, *, leaving_out: Lifepath | None = None) -> list[str]:
    """The lifepaths a draft may come after: every open one but the one it edits."""
    return [
        lifepath.name
        for lifepath in drafts.open_lifepaths(campaign)
        if leaving_out is None or lifepath.pk != leaving_out.pk
    ]


def _list_page(request: AuthenticatedHttpRequest, campaign: Campaign, **extra: Any) -> HttpResponse:
    is_gm = campaign.is_gm(request.user)
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        # The GM also sees what is withdrawn, to offer it again; members what is offered.
        "lifepaths": list(held_lifepaths(campaign)) if is_gm else drafts.open_lifepaths(campaign),
        "withdrawn": set(withdrawn_in(campaign).values_list("lifepath_id", flat=True)),
        # A draft is the GM's alone: no member ever reads one, nor the set it would make.
        "drafts": list(campaign.drifting_lifepath_drafts.select_related("replaces"))
        if is_gm
        else [],
        "preview": drafts.set_preview(campaign) if is_gm else None,
        "new_form": extra.get("new_form") or LifepathDraftForm(lifepath_names=_names(campaign)),
        "pack_form": extra.get("pack_form") or PackImportForm(),
        "pack_refusals": extra.get("pack_refusals", ()),
        "offer_refused": extra.get("offer_refused"),
        "offer_refusals": extra.get("offer_refusals", ()),
    }
    status = 400 if extra.get("refused") else 200
    return render(request, "drifting/lifepaths.html", context, status=status)


def gm_lifepath_post(action: LifepathAction) -> Callable[..., HttpResponse]:
    """A view of the GM's changes to one lifepath the campaign holds (a POST): `action`
    gets the campaign and the lifepath only once its GM asks; anyone else gets a 404."""

    @login_required
    @require_POST
    @wraps(action)
    def view(
        request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, lifepath_id: uuid.UUID
    ) -> HttpResponse:
        campaign = campaign_for_gm(request.user, campaign_id)
        return action(request, campaign, lifepath_of_campaign(campaign, lifepath_id))

    return view


@login_required
@require_GET
def lifepaths_page(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    return _list_page(request, campaign_for_member(request.user, campaign_id))


@login_required
@require_POST
def lifepath_write(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """A new lifepath as a draft, saved as written (the checks speak on its page)."""
    campaign = campaign_for_gm(request.user, campaign_id)
    form = LifepathDraftForm(request.POST, lifepath_names=_names(campaign))
    if not form.is_valid():
        return _list_page(request, campaign, new_form=form, refused=True)
    try:
        draft = drafts.lifepath_draft_create(
            campaign=campaign, by=request.user, fields=form.draft_fields()
        )
    except RulesError as error:
        form.add_error(None, str(error))
        return _list_page(request, campaign, new_form=form, refused=True)
    return redirect("drifting:lifepath_draft", campaign_id=campaign.id, draft_id=draft.id)


@gm_lifepath_post
def lifepath_copy(
    request: AuthenticatedHttpRequest, campaign: Campaign, source: Lifepath
) -> HttpResponse:
    draft = drafts.lifepath_draft_copy(campaign=campaign, by=request.user, source=source)
    messages.info(request, f"A draft copied from {source.name}: give it a name of its own.")
    return redirect("drifting:lifepath_draft", campaign_id=campaign.id, draft_id=draft.id)


@gm_lifepath_post
def lifepath_edit(
    request: AuthenticatedHttpRequest, campaign: Campaign, lifepath: Lifepath
) -> HttpResponse:
    """Open (or find) the draft of the next version of one of the campaign's own."""
    try:
        draft = drafts.lifepath_draft_for_edit(
            campaign=campaign, by=request.user, lifepath=lifepath
        )
    except RulesError as error:
        messages.error(request, str(error))
        return redirect("drifting:lifepaths", campaign_id=campaign.id)
    return redirect("drifting:lifepath_draft", campaign_id=campaign.id, draft_id=draft.id)


def offer_message(lifepath: Lifepath, *, offered: bool) -> str:
    """What the campaign does with the lifepath now, in the words of its kind."""
    if offered:
        return f"{lifepath.name} is offered again to this campaign's new characters."
    done = "Withdrew" if lifepath.campaign_id else "Hid"
    return (
        f"{done} {lifepath.name}: new characters of this campaign cannot choose it, and "
        "characters that took it keep it."
    )


@gm_lifepath_post
def lifepath_offer(
    request: AuthenticatedHttpRequest, campaign: Campaign, lifepath: Lifepath
) -> HttpResponse:
    """Withdraw a lifepath from the campaign's new characters, or offer it again; refused
    (nothing saved) with the checks' reasons beside it when the set left would break."""
    form = LifepathOfferForm(request.POST)
    if not form.is_valid():
        return _list_page(
            request,
            campaign,
            offer_refused=lifepath.pk,
            offer_refusals=form.errors["offered"],
            refused=True,
        )
    offered = bool(form.cleaned_data["offered"])
    try:
        lifepath_offer_change(
            campaign=campaign, by=request.user, lifepath=lifepath, offered=offered
        )
    except drafts.LifepathsRefused as refused:
        return _list_page(
            request,
            campaign,
            offer_refused=lifepath.pk,
            offer_refusals=[drafts.problem_text(problem) for problem in refused.problems],
            refused=True,
        )
    messages.success(request, offer_message(lifepath, offered=offered))
    return redirect("drifting:lifepaths", campaign_id=campaign.id)


def _draft_data(draft: LifepathDraft) -> dict[str, Any]:
    fields = drafts.fields_of_draft(draft)
    return {
        "name": fields.name,
        "region": fields.region,
        "description": fields.description,
        "requires": list(fields.requires),
        "grants": grants_text(fields.grants),
    }


def _draft_page(
    request: AuthenticatedHttpRequest,
    draft: LifepathDraft,
    form: LifepathDraftForm | None = None,
    *,
    status: int = 200,
) -> HttpResponse:
    """The draft's editor with the checks' problems at their fields: the saved draft's,
    unless a form just refused is drawn again as typed."""
    campaign = draft.campaign
    names = _names(campaign, leaving_out=draft.replaces)
    elsewhere: list[str] = []
    if form is None:
        form = LifepathDraftForm(_as_query(_draft_data(draft)), lifepath_names=names)
        if form.is_valid():
            problems = drafts.set_problems(campaign, [(draft.replaces, form.draft_fields())])
            elsewhere = form.show_problems(problems, name=form.draft_fields().name)
    context = {
        "campaign": campaign,
        "draft": draft,
        # Publishing the next version of a withdrawn lifepath offers it again: say so.
        "withdrawn": draft.replaces is not None
        and withdrawn_in(campaign).filter(lifepath=draft.replaces).exists(),
        "form": form,
        "elsewhere": elsewhere,
        "ready": form.is_valid() and not form.errors and not elsewhere,
    }
    return render(request, "drifting/lifepath_draft.html", context, status=status)


def _as_query(data: dict[str, Any]) -> QueryDict:
    """The saved draft as a form would post it, so its problems are drawn as a refused
    form's are."""
    query = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            query.setlist(key, [str(item) for item in value])
        else:
            query[key] = value
    return query


@login_required
@require_http_methods(["GET", "POST"])
def lifepath_draft(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, draft_id: uuid.UUID
) -> HttpResponse:
    draft = lifepath_draft_for_gm(request.user, campaign_id, draft_id)
    if request.method == "GET":
        return _draft_page(request, draft)
    form = LifepathDraftForm(
        request.POST, lifepath_names=_names(draft.campaign, leaving_out=draft.replaces)
    )
    if not form.is_valid():
        return _draft_page(request, draft, form, status=400)
    drafts.lifepath_draft_save(draft=draft, by=request.user, fields=form.draft_fields())
    messages.success(request, f"Saved the draft of {draft.name}.")
    return redirect("drifting:lifepath_draft", campaign_id=draft.campaign_id, draft_id=draft.id)


@login_required
@require_POST
def lifepath_draft_publish(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, draft_id: uuid.UUID
) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    published = Lifepath.objects.filter(campaign=campaign, published_from=draft_id).first()
    if published is not None:
        # A second POST of a publish already done (a double-click, Back): the same answer.
        messages.info(
            request, f"{published.name} is already published (version {published.version})."
        )
        return redirect("drifting:lifepaths", campaign_id=campaign.id)
    draft = lifepath_draft_for_gm(request.user, campaign_id, draft_id)
    try:
        lifepath = drafts.lifepath_publish(draft=draft, by=request.user)
    except drafts.LifepathsRefused:
        # The editor draws every problem at its field; nothing was published.
        return _draft_page(request, draft, status=400)
    messages.success(
        request,
        f"Published {lifepath.name}, version {lifepath.version}. Characters started before "
        "keep the lifepaths they were built under.",
    )
    return redirect("drifting:lifepaths", campaign_id=campaign.id)


@login_required
@require_POST
def lifepath_draft_discard(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, draft_id: uuid.UUID
) -> HttpResponse:
    draft = lifepath_draft_for_gm(request.user, campaign_id, draft_id)
    drafts.lifepath_draft_discard(draft=draft, by=request.user)
    messages.success(request, f"Discarded the draft of {draft.name}.")
    return redirect("drifting:lifepaths", campaign_id=campaign_id)


@login_required
@require_GET
def lifepath_pack_export(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """The campaign's own published lifepaths as a homebrew pack (a JSON download)."""
    campaign = campaign_for_gm(request.user, campaign_id)
    response = HttpResponse(
        json.dumps(campaign_pack(campaign), indent=2, ensure_ascii=False),
        content_type="application/json",
    )
    name = slugify(campaign.name) or "campaign"
    response["Content-Disposition"] = f'attachment; filename="{name}-lifepaths.pack.json"'
    return response


@login_required
@require_POST
def lifepath_pack_import(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """Every lifepath of a pack published in the campaign, or none, with each reason."""
    campaign = campaign_for_gm(request.user, campaign_id)
    form = PackImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _list_page(request, campaign, pack_form=form, refused=True)
    try:
        imported = pack_import(
            campaign=campaign, by=request.user, document=read_pack(form.cleaned_data["file"])
        )
    except PackRefused as refused:
        return _list_page(
            request, campaign, pack_form=form, pack_refusals=refused.reasons, refused=True
        )
    names = ", ".join(lifepath.name for lifepath in imported) or "no lifepath"
    messages.success(request, f"Imported and published: {names}.")
    return redirect("drifting:lifepaths", campaign_id=campaign.id)
