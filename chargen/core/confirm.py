"""The one-time "yes" every irreversible action carries (see chargen/campaigns/confirm.py).

A button for such an action posts `confirm=yes` along (htmx's `hx-vals`, after the
browser asked); a POST without it changes nothing and gets a page that asks first.
"""

from __future__ import annotations

from django.http import HttpRequest

CONFIRM_FIELD = "confirm"
CONFIRM_VALUE = "yes"


def is_confirmed(request: HttpRequest) -> bool:
    return request.POST.get(CONFIRM_FIELD) == CONFIRM_VALUE
