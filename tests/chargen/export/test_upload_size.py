"""An upload over the limit is refused before its file is read.

With CSRF checked as in production, CsrfViewMiddleware reads request.POST before the
view runs, which parses the body; the upload handler must stop it at the file, so that
nothing is written to disk, and the view must answer with the size in words.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.files.uploadhandler import (
    MemoryFileUploadHandler,
    TemporaryFileUploadHandler,
)
from django.test import Client

from chargen.core.uploads import MAX_REQUEST_BYTES
from chargen.rollers.models import UniqueCharacter

THREE_MB = b" " * (3 * 1024 * 1024)


@pytest.fixture
def no_file_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if Django's handlers start keeping an uploaded file."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("an oversized upload reached a file handler")

    monkeypatch.setattr(TemporaryFileUploadHandler, "new_file", refuse)
    monkeypatch.setattr(MemoryFileUploadHandler, "new_file", refuse)


def post_with_csrf(client: Client, url: str, raw: bytes) -> Any:
    client.get(url)
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    data = {"csrfmiddlewaretoken": token, "file": SimpleUploadedFile("c.chargen.json", raw)}
    return client.post(url, data)


@pytest.mark.usefixtures("no_file_kept")
@pytest.mark.parametrize("url", ["/import/", "/verify/"])
def test_an_oversized_upload_is_refused_unread_past_the_csrf_check(
    url: str, player: Any, db: None
) -> None:
    client = Client(enforce_csrf_checks=True)
    if url == "/import/":
        client.force_login(player)
    response = post_with_csrf(client, url, THREE_MB)
    assert response.status_code == 400
    errors = response.context["form"].errors["file"]
    assert errors == ["That file is 3.0 MB; an export is at most 2 MB. Nothing was read."]
    assert not UniqueCharacter.objects.exists()


@pytest.mark.usefixtures("no_file_kept")
def test_the_anonymous_verify_page_refuses_a_50_mb_upload(client: Client, db: None) -> None:
    data = {"file": SimpleUploadedFile("c.chargen.json", b" " * (50 * 1024 * 1024))}
    response = client.post("/verify/", data)
    assert response.status_code == 400
    assert "50.0 MB" in response.content.decode()
    assert response.context["reports"] is None


def test_a_file_under_the_limit_stays_in_memory() -> None:
    # Accepted files never touch the disk either.
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == MAX_REQUEST_BYTES
    assert settings.FILE_UPLOAD_HANDLERS[0] == "chargen.core.uploads.StopOversizedUploads"
