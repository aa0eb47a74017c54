from __future__ import annotations

from django.urls import path

from chargen.core import views, views_export, views_paper

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.create_character, name="create_character"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("settings/paper/", views_paper.paper, name="paper"),
    path(
        "export/<slug:system>/<slug:kind>/<uuid:character_id>/",
        views_export.character_export,
        name="export",
    ),
    path("import/", views_export.import_page, name="import"),
    path("verify/", views_export.verify_page, name="verify"),
    path(
        ".well-known/chargen-signing-keys.json",
        views_export.signing_keys,
        name="signing_keys",
    ),
]
