"""Response headers that keep a page's powers and a player's data where they belong.

The Content-Security-Policy itself comes from django-csp (settings.CONTENT_SECURITY_POLICY);
these two cover what it does not: the browser features no page of ours uses, and the
caches that must not keep a copy of a signed-in player's page.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase


def permissions_policy_header(features: dict[str, tuple[str, ...]]) -> str:
    """`camera=(), geolocation=(self)`: each feature with the origins allowed to use it."""
    return ", ".join(f"{feature}=({' '.join(allowed)})" for feature, allowed in features.items())


class PermissionsPolicyMiddleware:
    """Deny every page the browser features named in settings.PERMISSIONS_POLICY."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.header = permissions_policy_header(settings.PERMISSIONS_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.header)
        return response


class PrivatePagesNoStoreMiddleware:
    """`Cache-Control: no-store` on every answer to a signed-in user.

    Their pages show their characters, campaigns and notes: neither a shared proxy nor
    the browser's own cache (reached with Back after logging out on a table's laptop)
    may keep a copy. A view that set its own Cache-Control knows better and keeps it.
    Static files stay cacheable twice over: WhiteNoise answers them before authentication
    (so they have no user here), and it sets their Cache-Control itself.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            response.headers.setdefault("Cache-Control", "no-store")
        return response
