"""The first page a visitor sees stays light: its HTML is sent gzipped and, with
every file it loads, weighs at most 75 KB over the wire. Static files are counted as
WhiteNoise serves them in production: compressed (gzip here; brotli is smaller still)."""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

FIRST_PAGE_LIMIT = 75 * 1024


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        address = found.get("src") if tag == "script" else found.get("href")
        if tag in {"script", "link"} and address and address.startswith("/static/"):
            self.paths.append(address)


def _gzipped_size(static_path: str) -> int:
    name = re.sub(r"^/static/", "", static_path.split("?")[0])
    found = finders.find(name)
    assert isinstance(found, str), f"{static_path} is not a static file"
    with open(found, "rb") as file:
        return len(gzip.compress(file.read(), compresslevel=9))


@pytest.mark.django_db
def test_the_home_page_is_gzipped_and_light_with_everything_it_loads(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert page.status_code == 200
    assert page["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page["Vary"]
    html = gzip.decompress(page.content).decode()
    parser = _Assets()
    parser.feed(html)
    assert any(path.endswith(".css") for path in parser.paths)
    assert any(path.endswith(".js") for path in parser.paths)
    assert not any("bootstrap.bundle" in path for path in parser.paths), "one widget used it"
    total = len(page.content) + sum(_gzipped_size(path) for path in parser.paths)
    assert total <= FIRST_PAGE_LIMIT, f"{total} bytes: {parser.paths}"


@pytest.mark.django_db
def test_a_client_that_does_not_ask_for_gzip_gets_plain_html(client: Client) -> None:
    page = client.get("/")
    assert "Content-Encoding" not in page
    assert b"<!doctype html>" in page.content
