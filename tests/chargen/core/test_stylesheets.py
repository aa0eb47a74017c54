"""One stylesheet strategy: base.html links every screen stylesheet of the app, and no
other page template links one. A page part that htmx swaps in (the wizard's review step
draws the character sheet) brings no <head>, so a sheet linked by one page's template
left that part unstyled until a reload."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

STYLESHEET_LINK = re.compile(r"<link\b[^>]*\brel=[\"']stylesheet[\"'][^>]*>", re.IGNORECASE)
LINKED_CSS = re.compile(r"""\{%\s*static\s+['"](css/[^'"]+)['"]\s*%\}""")
# base.html, and the PDFs' own page (WeasyPrint's documents do not extend base.html).
OWN_HEADS = {"templates/base.html", "templates/core/pdf_base.html"}
# Only for the PDFs (paper sizes and WeasyPrint's fonts), linked by core/pdf_base.html.
PDF_ONLY = {"css/pdf.css", "css/paper-a4.css", "css/paper-letter.css"}


def _templates() -> list[Path]:
    base = Path(settings.BASE_DIR)
    return sorted([*base.glob("templates/**/*.html"), *base.glob("chargen/**/templates/**/*.html")])


def _name(template: Path) -> str:
    return str(template.relative_to(settings.BASE_DIR))


def test_no_template_but_the_two_bases_links_a_stylesheet() -> None:
    templates = _templates()
    assert len(templates) > 50  # the folders really were read
    linking = [_name(t) for t in templates if STYLESHEET_LINK.search(t.read_text())]
    assert set(linking) == OWN_HEADS, f"only base.html links stylesheets, not {linking}"


def test_base_links_every_screen_stylesheet_of_the_app() -> None:
    base = Path(settings.BASE_DIR)
    ours = {f"css/{path.name}" for path in (base / "static" / "css").glob("*.css")}
    linked = set(LINKED_CSS.findall((base / "templates" / "base.html").read_text()))
    assert ours - PDF_ONLY - linked == set()
    pdf_base = base / "templates" / "core" / "pdf_base.html"
    pdf_linked = set(LINKED_CSS.findall(pdf_base.read_text()))
    assert {"css/print.css", "css/sheet-print.css", "css/pdf.css"} <= pdf_linked
