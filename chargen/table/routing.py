"""The live table's socket: its address, and the checks before the consumer sees it.

A socket opened from another site's page is refused before the session is read
(AllowedHostsOriginValidator): the browser sends this site's cookie with it, so only
the Origin tells the two apart. chargen/asgi.py serves it (production: the table servers,
docs/deployment.md).
"""

from __future__ import annotations

import uuid

from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path

from chargen.table.consumers import TableConsumer

SOCKET_PREFIX = "ws/table/"

websocket_urlpatterns = [
    path(f"{SOCKET_PREFIX}<uuid:campaign_id>/", TableConsumer.as_asgi()),
]


def websocket_application() -> AllowedHostsOriginValidator:
    """The socket's application; built when the server starts, since the origin check
    reads ALLOWED_HOSTS once, when it is built."""
    return AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))


def socket_path(campaign_id: uuid.UUID) -> str:
    """The address a page's socket connects to (same host and scheme as the page)."""
    return f"/{SOCKET_PREFIX}{campaign_id}/"
