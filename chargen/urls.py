"""Top-level URLs: each area of the app owns its own urls.py.

The game systems' pages are mounted from the registry (chargen/core/systems.py), so a
new system needs no line here; two systems of one app share its URLconf.
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from chargen.core.health import ServerHealthView
from chargen.core.systems import UrlMount, registry


def _game_system_urls() -> list[URLResolver]:
    mounts: list[UrlMount] = []
    for system in registry.all():
        if system.urls is not None and system.urls not in mounts:
            mounts.append(system.urls)
    return [path(mount.prefix, include(mount.module)) for mount in mounts]


urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    path("health/", ServerHealthView.as_view(), name="health"),
    path("accounts/", include("chargen.accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("campaigns/", include("chargen.campaigns.urls")),
    path("rulebook/", include("chargen.rulebook.urls")),
    path("content/", include("chargen.content.urls")),
    path("desk/", include("chargen.desk.urls")),
    path("table/", include("chargen.table.urls")),
    *_game_system_urls(),
    path("", include("chargen.core.urls")),
]

handler403 = "chargen.core.views.permission_denied"
handler404 = "chargen.core.views.page_not_found"
handler500 = "chargen.core.views.server_error"
