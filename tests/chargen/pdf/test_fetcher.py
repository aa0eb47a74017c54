"""WeasyPrint fetches only the app's own static files: a character's name that looks
like markup, or a page that links to another host or to a local file, fetches nothing.

A local HTTP server stands in for the cloud metadata address and counts every request;
a file outside the static files holds a stylesheet that would print a marker."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles.storage import staticfiles_storage
from django.test import Client, override_settings
from django.urls import reverse
from weasyprint import HTML
from weasyprint.urls import URLFetcher

from chargen.core.pdf import BASE_URL, StaticOnlyFetcher, render_pdf, static_file_path
from chargen.rollers import services as rollers
from tests.chargen.pdf.pdftext import PAGE_SIZES_PT, page_size, pdf_text
from tests.conftest import PRODUCTION_STORAGES

MARKER = "LEAKED-BY-THE-FETCHER"
STYLE = f'body::before {{ content: "{MARKER}"; }}'.encode()


class Recorder(http.server.BaseHTTPRequestHandler):
    requests: list[str] = []  # noqa: RUF012 - shared by the server's handlers on purpose

    def do_GET(self) -> None:
        Recorder.requests.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/css")
        self.end_headers()
        self.wfile.write(STYLE)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def metadata_server() -> Iterator[str]:
    """An HTTP server on 127.0.0.1 that answers every GET with the marker stylesheet."""
    Recorder.requests = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def local_file(tmp_path: Path) -> str:
    path = tmp_path / "secret.css"
    path.write_bytes(STYLE)
    return path.as_uri()


def hostile_page(server: str, local_file: str) -> str:
    return (
        f'<html><head><link rel="stylesheet" href="{server}/latest/meta-data/">'
        f'<link rel="stylesheet" href="{local_file}">'
        '<link rel="stylesheet" href="file:///etc/passwd">'
        f'<link rel="stylesheet" href="/static/../../../{local_file[8:]}">'
        f"<style>@import url('{server}/imported.css');</style></head>"
        f'<body><img src="{server}/img.png"><img src="file:///etc/passwd">'
        "<p>Hostile page</p></body></html>"
    )


def test_the_hostile_page_would_leak_with_weasyprints_own_fetcher(
    metadata_server: str, local_file: str
) -> None:
    """The control: the same page, with WeasyPrint's default fetcher, fetches both."""
    pdf = HTML(
        string=hostile_page(metadata_server, local_file),
        base_url=BASE_URL,
        url_fetcher=URLFetcher(),
    ).write_pdf()
    assert MARKER in pdf_text(pdf)
    assert Recorder.requests


def test_the_app_fetcher_fetches_nothing_of_a_hostile_page(
    metadata_server: str, local_file: str
) -> None:
    text = pdf_text(render_pdf(hostile_page(metadata_server, local_file)))
    assert "Hostile page" in text
    assert MARKER not in text
    assert Recorder.requests == []


@pytest.mark.parametrize(
    "name",
    [
        '<img src="{server}/">',
        '<link rel="stylesheet" href="{server}/x.css">',
        "file:///etc/passwd",
        '<img src="file:///etc/passwd">',
    ],
)
def test_a_character_named_like_markup_fetches_nothing(
    player: User, player_client: Client, metadata_server: str, name: str
) -> None:
    name = name.format(server=metadata_server)
    character = rollers.unique_character_create(owner=player, name=name)
    response = player_client.get(reverse("rollers:unique_pdf", args=[character.id]))
    assert response.status_code == 200
    # The name is printed as text, and nothing was asked of the server.
    assert name in pdf_text(response.content)
    assert Recorder.requests == []


@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/latest/meta-data/",
        "file:///etc/passwd",
        "data:text/css,body{}",
        "ftp://chargen.pdf/static/css/pdf.css",
        "https://chargen.pdf/static/css/pdf.css",
        "http://chargen.pdf.evil.example/static/css/pdf.css",
        "http://chargen.pdf/media/x.css",
        "http://chargen.pdf/static/../chargen/settings.py",
        "http://chargen.pdf/static/%2e%2e/chargen/settings.py",
        "http://chargen.pdf/static/css/../../../../etc/passwd",
        "http://chargen.pdf/static//etc/passwd",
        "http://chargen.pdf/static/",
        "http://chargen.pdf/static/css/",
        "http://chargen.pdf/static/css/no-such-file.css",
    ],
)
def test_only_static_files_are_answered(url: str) -> None:
    assert static_file_path(url) is None
    with pytest.raises(ValueError, match="Only the app's static files"):
        StaticOnlyFetcher().fetch(url)


def test_the_apps_static_files_are_answered() -> None:
    response = StaticOnlyFetcher().fetch(f"{BASE_URL}static/css/pdf.css")
    assert response.content_type == "text/css"
    assert b"Chargen Sans" in response.read()
    # The fonts print.css declares: WeasyPrint fetches them like any static file.
    font = StaticOnlyFetcher().fetch(f"{BASE_URL}static/fonts/DejaVuSans.ttf")
    assert font.content_type.startswith("font/")
    assert font.read()[:4] == b"\x00\x01\x00\x00"  # a TrueType font


@pytest.mark.any_database  # the files collected are the same whatever the database
def test_the_collected_hashed_static_files_are_answered_in_production(
    production_static_root: Path, player: User, player_client: Client
) -> None:
    """Production serves collectstatic's hashed copies (WhiteNoise's manifest storage):
    the PDF's stylesheets are found there too, so the Letter stylesheet sets the page."""
    with override_settings(STATIC_ROOT=production_static_root, STORAGES=PRODUCTION_STORAGES):
        hashed = staticfiles_storage.url("css/paper-letter.css")
        assert hashed != "/static/css/paper-letter.css"
        assert static_file_path(f"{BASE_URL}{hashed.lstrip('/')}") is not None
        character = rollers.unique_character_create(owner=player, name="Leanne")
        response = player_client.get(
            reverse("rollers:unique_pdf", args=[character.id]), HTTP_ACCEPT_LANGUAGE="en-US"
        )
    assert page_size(response.content) == PAGE_SIZES_PT["Letter"]
