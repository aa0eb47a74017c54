"""The deployment's static files: `collectstatic` with the production storage succeeds and
pages then find every file through the manifest (as with DEBUG off behind gunicorn)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client, override_settings

from tests.conftest import PRODUCTION_STORAGES


@pytest.mark.any_database  # the files collected are the same whatever the database
@pytest.mark.django_db
def test_collectstatic_with_the_production_storage_then_pages_render(
    production_static_root: Path, client: Client
) -> None:
    tmp_path = production_static_root
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=PRODUCTION_STORAGES, DEBUG=False):
        assert (tmp_path / "staticfiles.json").exists()
        page = client.get("/")
        assert page.status_code == 200
        body = page.content.decode()
    # Every static address on the page is the hashed copy the manifest names.
    assert "/static/vendor/bootstrap/bootstrap.min." in body
    assert 'bootstrap.min.css"' not in body, "the unhashed name would not be cached for long"
    hashed = [path.name for path in (tmp_path / "vendor" / "bootstrap").glob("bootstrap.min.*.css")]
    assert hashed, "collectstatic wrote the hashed copy"
    assert any(name in body for name in hashed)
