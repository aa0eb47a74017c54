from __future__ import annotations

from django.urls import path

from chargen.desk import content_views, views

app_name = "desk"

urlpatterns = [
    path("", views.desk_home, name="home"),
    path("<uuid:campaign_id>/", views.campaign_desk, name="campaign"),
    path("<uuid:campaign_id>/mine/", views.my_campaign, name="my_campaign"),
    path("<uuid:campaign_id>/seen/", views.mark_seen, name="mark_seen"),
    path("<uuid:campaign_id>/races/", views.race_queue, name="race_queue"),
    path("<uuid:campaign_id>/races/new/", views.race_create_non_humanoid, name="race_new"),
    path(
        "<uuid:campaign_id>/races/<uuid:race_id>/approve/",
        views.race_approve,
        name="race_approve",
    ),
    path("<uuid:campaign_id>/races/<uuid:race_id>/reject/", views.race_reject, name="race_reject"),
    path("<uuid:campaign_id>/characters/", views.character_queue, name="character_queue"),
    path(
        "<uuid:campaign_id>/characters/<uuid:character_id>/approve/",
        views.character_approve,
        name="character_approve",
    ),
    path(
        "<uuid:campaign_id>/characters/<uuid:character_id>/return/",
        views.character_return,
        name="character_return",
    ),
    path("<uuid:campaign_id>/party/", views.party, name="party"),
    path("<uuid:campaign_id>/party/print/", views.party_print, name="party_print"),
    path(
        "<uuid:campaign_id>/party/<uuid:character_id>/",
        views.party_character,
        name="party_character",
    ),
    path("<uuid:campaign_id>/content/", content_views.content_overview, name="content"),
    path("<uuid:campaign_id>/content/copy/", content_views.content_copy, name="content_copy"),
    path(
        "<uuid:campaign_id>/content/equipment/",
        content_views.content_equipment,
        name="content_equipment",
    ),
    path("<uuid:campaign_id>/content/tables/", content_views.content_tables, name="content_tables"),
    path(
        "<uuid:campaign_id>/content/tables/<slug:table_key>/",
        content_views.content_table_rows,
        name="content_table_rows",
    ),
    path(
        "<uuid:campaign_id>/content/prompts/",
        content_views.content_prompts,
        name="content_prompts",
    ),
]
