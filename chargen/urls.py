"""Top-level URLs: each area of the app owns its own urls.py."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("chargen.accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("campaigns/", include("chargen.campaigns.urls")),
    path("rulebook/", include("chargen.rulebook.urls")),
    path("characters/", include("chargen.characters.urls")),
    path("content/", include("chargen.content.urls")),
    path("desk/", include("chargen.desk.urls")),
    path("rollers/", include("chargen.rollers.urls")),
    path("drifting/", include("chargen.drifting.urls")),
    path("", include("chargen.core.urls")),
]

handler403 = "chargen.core.views.permission_denied"
handler404 = "chargen.core.views.page_not_found"
handler500 = "chargen.core.views.server_error"
