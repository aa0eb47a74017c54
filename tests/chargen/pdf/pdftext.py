"""Read a PDF back as the tests see it: its text through poppler's pdftotext, its pages."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

# Poppler's tools, which `make` installs (poppler-utils).
PDFTOTEXT = shutil.which("pdftotext") or "/usr/bin/pdftotext"
PDFINFO = shutil.which("pdfinfo") or "/usr/bin/pdfinfo"

PAGE_SIZES_PT = {"A4": (595, 842), "Letter": (612, 792)}


def pdf_text(pdf: bytes) -> str:
    """The PDF's text, one form feed between pages, whitespace runs as single spaces
    within each page (a word wrapped at a line end reads as two words)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        done = subprocess.run(
            [PDFTOTEXT, "-enc", "UTF-8", str(path), "-"],
            check=True,
            capture_output=True,
        )
    pages = done.stdout.decode("utf-8").split("\f")
    return "\f".join(re.sub(r"\s+", " ", page).strip() for page in pages)


def pdf_pages(pdf: bytes) -> list[str]:
    """Each page's text (pdftotext ends the last page with a form feed too)."""
    pages = pdf_text(pdf).split("\f")
    return pages[:-1] if pages and pages[-1] == "" else pages


def page_size(pdf: bytes) -> tuple[int, int]:
    """The first page's width and height in points, as pdfinfo reports them."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        done = subprocess.run([PDFINFO, str(path)], check=True, capture_output=True)
    match = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", done.stdout.decode())
    assert match is not None, done.stdout
    return round(float(match[1])), round(float(match[2]))


def word_boxes(pdf: bytes) -> list[tuple[str, float, float]]:
    """Every word of the first page with its left and right edge, in points."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        done = subprocess.run(
            [PDFTOTEXT, "-bbox", "-f", "1", "-l", "1", str(path), "-"],
            check=True,
            capture_output=True,
        )
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
        done.stdout.decode("utf-8"),
    )
    return [(text, float(left), float(right)) for left, right, text in found]
