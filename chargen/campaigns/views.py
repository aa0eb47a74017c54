"""Campaign pages: list, create, detail, house rules, invite link, join, members.

Outsiders get 404 on every campaign page; members get 404 on the GM's actions
(the access helpers decide, the same way everywhere).
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.campaigns import services
from chargen.campaigns.access import campaign_for_gm, campaign_for_member, campaigns_for_user
from chargen.campaigns.confirm import Confirmation, confirmation_page, is_confirmed
from chargen.campaigns.forms import CampaignCreateForm, house_rules_form
from chargen.campaigns.models import Campaign
from chargen.campaigns.summary import campaign_rules_summary
from chargen.campaigns.table_sheets import sheets_at_table
from chargen.core.htmx import client_redirect
from chargen.core.http import AuthenticatedHttpRequest, HtmxHttpRequest


@login_required
@require_safe
def campaign_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    campaigns = campaigns_for_user(request.user)
    return render(request, "campaigns/list.html", {"campaigns": campaigns})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = CampaignCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = services.campaign_create(
                gm=request.user,
                name=form.cleaned_data["name"],
                description=form.cleaned_data["description"],
                game=form.cleaned_data["game"],
                **services.approval_rule(
                    form.cleaned_data["game"], form.cleaned_data["approval_required"]
                ),
            )
        except ValidationError as refusal:
            form.add_error(None, refusal)
            return render(request, "campaigns/create.html", {"form": form}, status=400)
        messages.success(
            request,
            f"“{campaign.name}” is ready. It uses the book's rules until you change them; "
            "share the invite link below with your players.",
        )
        return redirect(campaign)
    return render(request, "campaigns/create.html", {"form": form})


def _invite_link(request: HtmxHttpRequest, campaign: Campaign) -> str:
    return request.build_absolute_uri(campaign.invite_url)


@login_required
@require_safe
def campaign_detail(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_member(request.user, campaign_id)
    is_gm = campaign.is_gm(request.user)
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        "members": campaign.memberships.select_related("user"),
        "invite_link": _invite_link(request, campaign) if is_gm else "",
        "house_rules": campaign_rules_summary(campaign),
        "game_links": campaign.system.campaign_links(campaign, is_gm),
        "start_character_url": campaign.system.start_character_url(campaign),
        "sheets_at_table": sheets_at_table(campaign),
    }
    return render(request, "campaigns/detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_rules(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    form = house_rules_form(campaign, request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.campaign_house_rules_set(campaign=campaign, by=request.user, rules=form.rules)
        messages.success(request, "House rules saved.")
        return redirect(campaign)
    return render(request, "campaigns/rules.html", {"campaign": campaign, "form": form})


@login_required
@require_POST
def campaign_renew_invite(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID
) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    if not is_confirmed(request):
        return confirmation_page(
            request,
            Confirmation(
                title=f"New invite link: {campaign.name}",
                question=f"Make a new invite link for “{campaign.name}”?",
                consequence="The link you have sent stops working at once: anyone who opens "
                "it is told to ask you for the new one. Players already in the campaign stay.",
                action=reverse("campaigns:renew_invite", kwargs={"campaign_id": campaign.id}),
                button="Yes, make a new link",
                cancel_url=campaign.get_absolute_url(),
            ),
        )
    services.campaign_renew_invite(campaign=campaign, by=request.user)
    if request.htmx:
        # The same markup as the full page, swapped in place (django-template-partials).
        return render(
            request,
            "campaigns/detail.html#invite",
            {
                "campaign": campaign,
                "invite_link": _invite_link(request, campaign),
                "renewed": True,
            },
        )
    messages.success(
        request, "New invite link made. The old link now tells anyone who opens it to ask you."
    )
    return redirect(campaign)


@login_required
@require_POST
def campaign_remove_member(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID
) -> HttpResponse:
    """The GM removes a member (or a member leaves), named by username in the POST."""
    campaign = campaign_for_member(request.user, campaign_id)
    username = request.POST.get("username", "")
    membership = campaign.memberships.select_related("user").filter(user__username=username).first()
    if membership is None:
        raise Http404("No such member.")
    leaving = membership.user == request.user
    if not (leaving or campaign.is_gm(request.user)):
        raise Http404("No such member.")
    if not is_confirmed(request):
        return confirmation_page(request, _removal_confirmation(campaign, username, leaving))
    services.campaign_remove_member(campaign=campaign, by=request.user, user=membership.user)
    if leaving:
        messages.success(request, f"You have left “{campaign.name}”.")
        return client_redirect(request, reverse("campaigns:list"))
    messages.success(request, f"{membership.user.get_username()} is no longer in the campaign.")
    return client_redirect(request, campaign.get_absolute_url())


def _removal_confirmation(campaign: Campaign, username: str, leaving: bool) -> Confirmation:
    action = reverse("campaigns:remove_member", kwargs={"campaign_id": campaign.id})
    if leaving:
        return Confirmation(
            title=f"Leave {campaign.name}",
            question=f"Leave “{campaign.name}”?",
            consequence="Your characters stay yours, but you will need a new invite link "
            "from the GM to come back.",
            action=action,
            button="Yes, leave the campaign",
            cancel_url=campaign.get_absolute_url(),
            fields={"username": username},
        )
    return Confirmation(
        title=f"Remove {username}",
        question=f"Remove {username} from “{campaign.name}”?",
        consequence=f"{username} keeps their characters but can no longer see the campaign, "
        "submit characters or propose races. To come back they need the invite link again.",
        action=action,
        button=f"Yes, remove {username}",
        cancel_url=campaign.get_absolute_url(),
        fields={"username": username},
    )


@require_http_methods(["GET", "POST"])
def campaign_join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """GET shows what you are joining (to a visitor too, with sign-up beside log-in);
    only a logged-in POST joins."""
    try:
        campaign = services.campaign_for_invite(token=token)
    except services.InviteLinkError as error:
        return render(request, "campaigns/join_invalid.html", {"reason": str(error)}, status=404)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "campaigns/join.html", {"campaign": campaign, "visitor": True})
    if request.method == "POST":
        try:
            campaign = services.campaign_join(token=token, user=request.user)
        except services.InviteLinkError as error:
            return render(
                request, "campaigns/join_invalid.html", {"reason": str(error)}, status=404
            )
        messages.success(request, f"You have joined “{campaign.name}”.")
        return redirect(campaign)
    return render(
        request,
        "campaigns/join.html",
        {
            "campaign": campaign,
            "already_in": campaign.is_member(request.user),
            "member_count": campaign.memberships.count(),
        },
    )
