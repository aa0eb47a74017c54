"""Printable sheets as PDF files, rendered on the server with WeasyPrint.

Each game system's PDF view finds its character through the same permission check as
the sheet it prints, then hands a print template to `pdf_response`. WeasyPrint lays the
page out with Debian's pango and the DejaVu fonts (`make` installs both), so a sheet
prints the same on every machine.

WeasyPrint fetches what a page links to. `StaticOnlyFetcher` answers only the app's own
static files, read from disk through Django's staticfiles storage and finders; anything
else (another host, `file:`, `data:`, a path outside the static files) is refused, so a
character named `<img src="http://169.254.169.254/">` fetches nothing even if the
name were ever rendered unescaped.
"""

from __future__ import annotations

import functools
import logging
import mimetypes
import posixpath
import re
import unicodedata
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from weasyprint import CSS, HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from chargen.core.paper import paper_for

# Pages are rendered as if served from this origin: `{% static %}` links resolve
# against it, and the fetcher answers nothing outside it.
BASE_URL = "http://chargen.pdf/"

# WeasyPrint warns about every browser-only rule in Bootstrap's stylesheet (media
# queries by width, sticky positions): noise for every PDF. Refusals are logged here.
logging.getLogger("weasyprint").setLevel(logging.ERROR)
logger = logging.getLogger(__name__)


# The @page size of each paper (static files: the CSP allows no inline style).
PAPER_STYLESHEETS = {"A4": "css/paper-a4.css", "Letter": "css/paper-letter.css"}


class RefusedFetch(ValueError):
    """WeasyPrint asked for something that is not one of the app's static files."""


def _static_prefix() -> str:
    prefix = str(settings.STATIC_URL)
    return prefix if prefix.startswith("/") else f"/{prefix}"


def static_file_path(url: str) -> Path | None:
    """The file on disk that the static URL `url` names, or None for any other URL."""
    base = urlsplit(BASE_URL)
    parts = urlsplit(url)
    if (parts.scheme, parts.netloc) != (base.scheme, base.netloc):
        return None
    path = unquote(parts.path)
    prefix = _static_prefix()
    if not path.startswith(prefix):
        return None
    name = posixpath.normpath(path.removeprefix(prefix))
    if name.startswith(("/", "..")) or name in ("", ".") or "\\" in name or "\0" in name:
        return None
    try:
        stored = Path(staticfiles_storage.path(name))
    except Exception:
        stored = None
    if stored is not None and stored.is_file():
        return stored
    try:
        found = finders.find(name)
    except Exception:
        return None
    if isinstance(found, str) and Path(found).is_file():
        return Path(found)
    return None


class StaticOnlyFetcher(URLFetcher):
    """WeasyPrint's fetcher, answering the app's static files and refusing the rest."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols=("http",), allow_redirects=False)

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = static_file_path(url)
        if path is None:
            logger.warning("PDF rendering refused to fetch %.200r", url)
            raise RefusedFetch(f"Only the app's static files are fetched, not {url[:200]!r}.")
        mime_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime_type})


# Bootstrap, which the sheets share with the screen, linked by every page but the PDFs'.
BOOTSTRAP = "vendor/bootstrap/bootstrap.min.css"


@functools.cache
def bootstrap_stylesheet() -> CSS:
    """Bootstrap's stylesheet, parsed once per process and given to every PDF.

    It is 230 KB of CSS: parsing it again for each PDF was half the CPU of a one-page
    sheet. It comes first, as a user stylesheet, so the sheets' own stylesheets
    (core/pdf_base.html links them) override it as they did when it was linked first.
    A static file changes only with a deployment, which starts new processes."""
    url = f"{BASE_URL.rstrip('/')}{_static_prefix()}{BOOTSTRAP}"
    return CSS(url=url, url_fetcher=StaticOnlyFetcher())


def render_pdf(html: str) -> bytes:
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=StaticOnlyFetcher())
    pdf = document.write_pdf(stylesheets=[bootstrap_stylesheet()])
    assert isinstance(pdf, bytes)
    return pdf


def pdf_filename(name: str, fallback: str = "sheet") -> str:
    """A safe ASCII file name from a character's name: "Treva Donalson" → Treva-Donalson.pdf."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-")[:80].strip("-")
    return f"{stem or fallback}.pdf"


def pdf_response(
    request: HttpRequest, template: str, context: dict[str, Any], filename: str
) -> HttpResponse:
    """The print template rendered to a PDF download on the user's paper size."""
    paper = paper_for(request)
    stylesheet = PAPER_STYLESHEETS.get(paper, PAPER_STYLESHEETS["A4"])
    html = render_to_string(
        template, {**context, "paper": paper, "paper_stylesheet": stylesheet}, request=request
    )
    response = HttpResponse(render_pdf(html), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
