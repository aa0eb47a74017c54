"""The PDFs are set in the app's own fonts (static/fonts/, fetched through the static-only
fetcher), whatever fonts the machine has, and an emoji in a name prints from the emoji
font rather than as an empty .notdef box."""

from __future__ import annotations

import io

import pdfplumber
from django.test import Client
from django.urls import reverse

from chargen.core.pdf import static_file_path
from chargen.infinity_drive.models import Character
from tests.chargen.pdf.test_sheets import get_pdf

OUR_FONTS = {"Chargen-Sans", "Chargen-Sans-Bold", "Chargen-Mono", "Chargen-Mono-Bold"}


def test_the_fetcher_serves_the_fonts_the_print_stylesheet_declares() -> None:
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"):
        path = static_file_path(f"http://chargen.pdf/static/fonts/{name}")
        assert path is not None, name
        assert path.read_bytes()[:4] == b"\x00\x01\x00\x00", name  # a TrueType font


def test_a_sheet_uses_our_fonts_and_prints_an_emoji_in_the_name(
    player_client: Client, treva: Character
) -> None:
    # Digits beside the emoji: with an emoji font named in the font-family list, Pango
    # drew them from it (print.css says why none is named).
    Character.objects.filter(pk=treva.pk).update(name="Kara 🚀 42")
    pdf = get_pdf(player_client, reverse("characters:pdf", args=[treva.id]))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        chars = [char for page in document.pages for char in page.chars]
    text = "".join(char["text"] for char in chars)
    assert "Kara 🚀 42" in text
    rockets = [char for char in chars if char["text"] == "🚀"]
    assert rockets
    # The rocket is drawn from the emoji font: a glyph, not an empty .notdef box.
    assert all("Emoji" in char["fontname"] for char in rockets), rockets[:1]
    # WeasyPrint names an embedded font by its CSS family: every other character is in
    # our copies (print.css's "Chargen Sans" and "Chargen Mono"), none in a system font.
    others = {char["fontname"].split("+")[-1] for char in chars if char["text"] != "🚀"}
    assert others <= OUR_FONTS, others
