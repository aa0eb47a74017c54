"""One pattern for actions that cannot be undone: confirm first, whichever way they come.

A button for such an action posts with htmx and `hx-confirm` (the browser asks) and
sends `confirm=yes` along (`hx-vals`). A plain POST without `confirm=yes` (no
JavaScript, or a form posted by hand) changes nothing: it answers with a page that
says what will happen and offers the same form again with the confirmation in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from chargen.core.confirm import CONFIRM_FIELD, CONFIRM_VALUE, is_confirmed

__all__ = ["CONFIRM_FIELD", "CONFIRM_VALUE", "Confirmation", "confirmation_page", "is_confirmed"]


@dataclass(frozen=True)
class Confirmation:
    """What the confirmation page asks, and the form it posts again when confirmed."""

    title: str
    question: str
    consequence: str
    action: str  # the URL the confirmed form posts to
    button: str
    cancel_url: str
    fields: Mapping[str, str] = field(default_factory=dict)  # posted back unchanged


def confirmation_page(request: HttpRequest, confirmation: Confirmation) -> HttpResponse:
    """The page asking to confirm (nothing has changed yet)."""
    return render(
        request,
        "campaigns/confirm.html",
        {
            "confirmation": confirmation,
            "confirm_field": CONFIRM_FIELD,
            "confirm_value": CONFIRM_VALUE,
        },
    )
