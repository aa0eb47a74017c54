from __future__ import annotations

from django.urls import path

from chargen.core.views_delete import character_delete_view
from chargen.drifting import (
    views,
    views_bring,
    views_campaign,
    views_copy,
    views_creation,
    views_lifepaths,
    views_pdf,
    views_rule_data,
)
from chargen.drifting.campaign_rules import DRIFTING

app_name = "drifting"

urlpatterns = [
    path("", views_creation.character_list, name="list"),
    path("new/", views_creation.character_start, name="start"),
    path("start/", views_creation.character_new, name="new"),
    path("c/<uuid:character_id>/", views.character_page, name="character"),
    path("c/<uuid:character_id>/concept/", views_creation.concept_save, name="concept"),
    path("c/<uuid:character_id>/lifepaths/", views_creation.lifepath_add, name="lifepath_add"),
    path(
        "c/<uuid:character_id>/lifepaths/undo/", views_creation.lifepath_undo, name="lifepath_undo"
    ),
    path("c/<uuid:character_id>/rule-data/", views_rule_data.rule_data, name="rule_data"),
    path(
        "c/<uuid:character_id>/rule-data/move/",
        views_rule_data.rule_data_upgrade,
        name="rule_data_upgrade",
    ),
    path("c/<uuid:character_id>/pdf/", views_pdf.sheet_pdf, name="pdf"),
    path("c/<uuid:character_id>/copy/", views_copy.copy_view, name="copy"),
    path("c/<uuid:character_id>/bring/", views_bring.bring_ask_view, name="bring"),
    path("c/<uuid:character_id>/review/", views_creation.review, name="review"),
    path("c/<uuid:character_id>/finish/", views_creation.finish, name="finish"),
    path("c/<uuid:character_id>/odds/", views.roll_odds, name="odds"),
    path("c/<uuid:character_id>/roll/", views.roll, name="roll"),
    path("c/<uuid:character_id>/assist/", views.assist, name="assist"),
    path("c/<uuid:character_id>/assist/form/", views.assist_form, name="assist_form"),
    path("c/<uuid:character_id>/gain/", views.gain, name="gain"),
    path("c/<uuid:character_id>/lose/", views.lose, name="lose"),
    path("c/<uuid:character_id>/lose/form/", views.loss_form, name="loss_form"),
    path("c/<uuid:character_id>/lose/undo/", views.undo_loss, name="undo_loss"),
    path("c/<uuid:character_id>/refresh/", views.refresh, name="refresh"),
    path(
        "c/<uuid:character_id>/delete/",
        character_delete_view,
        {"system_key": DRIFTING, "kind": "character"},
        name="delete",
    ),
    path("campaign/<uuid:campaign_id>/", views_campaign.campaign_page, name="campaign"),
    path(
        "campaign/<uuid:campaign_id>/refresh/",
        views_campaign.campaign_refresh,
        name="campaign_refresh",
    ),
    path(
        "campaign/<uuid:campaign_id>/bring/<uuid:character_id>/accept/",
        views_bring.bring_accept,
        name="bring_accept",
    ),
    path(
        "campaign/<uuid:campaign_id>/bring/<uuid:character_id>/decline/",
        views_bring.bring_decline,
        name="bring_decline",
    ),
    path("campaign/<uuid:campaign_id>/pdf/", views_pdf.party_pdf, name="party_pdf"),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/",
        views_lifepaths.lifepaths_page,
        name="lifepaths",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/pack/",
        views_lifepaths.lifepath_pack_export,
        name="lifepath_pack_export",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/pack/import/",
        views_lifepaths.lifepath_pack_import,
        name="lifepath_pack_import",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/write/",
        views_lifepaths.lifepath_write,
        name="lifepath_write",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/<uuid:lifepath_id>/copy/",
        views_lifepaths.lifepath_copy,
        name="lifepath_copy",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/<uuid:lifepath_id>/edit/",
        views_lifepaths.lifepath_edit,
        name="lifepath_edit",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/<uuid:lifepath_id>/offer/",
        views_lifepaths.lifepath_offer,
        name="lifepath_offer",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/drafts/<uuid:draft_id>/",
        views_lifepaths.lifepath_draft,
        name="lifepath_draft",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/drafts/<uuid:draft_id>/publish/",
        views_lifepaths.lifepath_draft_publish,
        name="lifepath_draft_publish",
    ),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/drafts/<uuid:draft_id>/discard/",
        views_lifepaths.lifepath_draft_discard,
        name="lifepath_draft_discard",
    ),
]
