"""The desk's URLs, and those each game system mounts in it (GameSystem.desk.urls)."""

from __future__ import annotations

from importlib import import_module

from django.urls import URLPattern, URLResolver, path

from chargen.core.systems import registry
from chargen.desk import content_row_views, content_views, views

app_name = "desk"


def _system_urls() -> list[URLPattern | URLResolver]:
    modules: list[str] = []
    for system in registry.all():
        if system.desk.urls and system.desk.urls not in modules:
            modules.append(system.desk.urls)
    return [pattern for module in modules for pattern in import_module(module).urlpatterns]


urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.desk_home, name="home"),
    path("<uuid:campaign_id>/", views.campaign_desk, name="campaign"),
    path("<uuid:campaign_id>/mine/", views.my_campaign, name="my_campaign"),
    path("<uuid:campaign_id>/seen/", views.mark_seen, name="mark_seen"),
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
    path("<uuid:campaign_id>/content/", content_views.content_overview, name="content"),
    path("<uuid:campaign_id>/content/copy/", content_views.content_copy, name="content_copy"),
    # The desk's own actions come before the kinds' pages, whose slugs may not take their
    # names (the registry refuses a kind called "copy", "edit" or "move").
    path(
        "<uuid:campaign_id>/content/edit/<slug:kind_slug>/",
        content_row_views.content_row,
        name="content_row",
    ),
    path(
        "<uuid:campaign_id>/content/move/<slug:kind_slug>/",
        content_row_views.content_move,
        name="content_move",
    ),
    path(
        "<uuid:campaign_id>/content/<slug:kind_slug>/",
        content_row_views.kind_page,
        name="content_kind",
    ),
    path(
        "<uuid:campaign_id>/content/<slug:kind_slug>/<slug:parent_key>/",
        content_row_views.child_page,
        name="content_child",
    ),
    path(
        "<uuid:campaign_id>/content/<slug:kind_slug>/<slug:parent_key>/edit/",
        content_row_views.child_row,
        name="content_child_row",
    ),
    *_system_urls(),
]
