"""Friendly 403, 404 and 500 pages."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import Client, RequestFactory

from chargen.core import views


def test_404_page_is_friendly(client: Client, db: None) -> None:
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "We couldn’t find that" in page
    assert "Back to your characters" in page


def test_403_page_shows_the_reason(db: None) -> None:
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    response = views.permission_denied(request, PermissionDenied("Only the GM can do that."))
    assert response.status_code == 403
    assert "Only the GM can do that." in response.content.decode()


def test_404_handler_renders_with_the_layout(db: None) -> None:
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    response = views.page_not_found(request, Http404())
    assert response.status_code == 404
    assert "Skip to content" in response.content.decode()


def test_500_page_needs_nothing_that_might_be_broken() -> None:
    response = views.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Nothing you saved has been lost" in response.content.decode()
