from __future__ import annotations

from django.urls import path

from chargen.core.views_delete import character_delete_view
from chargen.drifting import views, views_pdf, views_rule_data
from chargen.drifting.campaign_rules import DRIFTING

app_name = "drifting"

urlpatterns = [
    path("", views.character_list, name="list"),
    path("new/", views.character_start, name="start"),
    path("c/<uuid:character_id>/", views.character_page, name="character"),
    path("c/<uuid:character_id>/concept/", views.concept_save, name="concept"),
    path("c/<uuid:character_id>/lifepaths/", views.lifepath_add, name="lifepath_add"),
    path("c/<uuid:character_id>/lifepaths/undo/", views.lifepath_undo, name="lifepath_undo"),
    path("c/<uuid:character_id>/rule-data/", views_rule_data.rule_data, name="rule_data"),
    path(
        "c/<uuid:character_id>/rule-data/move/",
        views_rule_data.rule_data_upgrade,
        name="rule_data_upgrade",
    ),
    path("c/<uuid:character_id>/pdf/", views_pdf.sheet_pdf, name="pdf"),
    path("c/<uuid:character_id>/review/", views.review, name="review"),
    path("c/<uuid:character_id>/finish/", views.finish, name="finish"),
    path("c/<uuid:character_id>/odds/", views.roll_odds, name="odds"),
    path("c/<uuid:character_id>/roll/", views.roll, name="roll"),
    path("c/<uuid:character_id>/assist/", views.assist, name="assist"),
    path("c/<uuid:character_id>/gain/", views.gain, name="gain"),
    path("c/<uuid:character_id>/lose/", views.lose, name="lose"),
    path("c/<uuid:character_id>/refresh/", views.refresh, name="refresh"),
    path(
        "c/<uuid:character_id>/delete/",
        character_delete_view,
        {"system_key": DRIFTING, "kind": "character"},
        name="delete",
    ),
    path("campaign/<uuid:campaign_id>/", views.campaign_page, name="campaign"),
    path("campaign/<uuid:campaign_id>/refresh/", views.campaign_refresh, name="campaign_refresh"),
    path(
        "campaign/<uuid:campaign_id>/lifepaths/",
        views.campaign_lifepath_add,
        name="campaign_lifepath_add",
    ),
]
