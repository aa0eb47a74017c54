"""Read a PDF as a picture would be read: its boxes and words as geometry (pdfplumber), and
its first page as pixels compared with a reviewed reference image (pdftoppm + pixelmatch).

pdftotext alone let three sheets pass with their boxes collapsed to slivers and their labels
spilling out: the words were all there, just not where a reader needs them.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from PIL import Image

from tests.pictures import picture_mismatch

PDFTOPPM = shutil.which("pdftoppm") or "/usr/bin/pdftoppm"
REFERENCES = Path(__file__).parent / "references"

PADDING_PT = 2.0  # a label needs this much room on each side inside its box
LABEL_MAX_SIZE_PT = 8.0  # the box labels are set at 7.5 pt (pdf.css, .pdf-label)
BOX_MIN_PT = 14.0  # a rectangle this tall is a box (lower ones are rules under rows)
RULE_MAX_PT = 2.0  # a rectangle narrower than this is a vertical rule, not a box
DPI = 40  # enough to see a collapsed box, small enough that a font's hinting does not count
MISMATCH_LIMIT = 0.004  # share of pixels that may differ from the reference


@dataclass(frozen=True)
class Box:
    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    def holds(self, word: dict[str, float | str]) -> bool:
        """The whole word is inside (within a point: a descender may touch a rule)."""
        return (
            self.x0 - 1 <= float(word["x0"])
            and float(word["x1"]) <= self.x1 + 1
            and self.top - 1 <= float(word["top"])
            and float(word["bottom"]) <= self.bottom + 1
        )

    def starts(self, word: dict[str, float | str]) -> bool:
        """The word's first letter is in the box (whether or not the rest is)."""
        x, y = float(word["x0"]) + 0.5, (float(word["top"]) + float(word["bottom"])) / 2
        return self.x0 <= x <= self.x1 and self.top <= y <= self.bottom


def layout_problems(pdf: bytes) -> list[str]:
    """Everything wrong with the PDF's layout, in words; an empty list for a good one.

    - no word lies outside its page;
    - every word lies whole inside the innermost rectangle it starts in (rectangles lower than
      BOX_MIN_PT or narrower than RULE_MAX_PT are rules, not boxes: a collapsed box is a
      tall sliver, and still a box);
    - every box label (upper-case words at most LABEL_MAX_SIZE_PT) sits in a box at least as
      wide as the label plus PADDING_PT on each side.
    """
    problems: list[str] = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for number, page in enumerate(document.pages, start=1):
            words = page.extract_words(extra_attrs=["size"], keep_blank_chars=False)
            boxes = [
                Box(rect["x0"], rect["top"], rect["x1"], rect["bottom"])
                for rect in page.rects
                if rect["height"] >= BOX_MIN_PT and rect["width"] >= RULE_MAX_PT
            ]
            page_box = Box(0, 0, float(page.width), float(page.height))
            for word in words:
                text = word["text"]
                if not page_box.holds(word):
                    problems.append(f"page {number}: {text!r} lies outside the page")
                home = _innermost(boxes, word)
                if home is not None and not home.holds(word):
                    problems.append(
                        f"page {number}: {text!r} spills out of a box {home.width:.0f} pt wide"
                    )
            for text, left, right, top, bottom in _labels(words):
                label: dict[str, float | str] = {
                    "text": text,
                    "x0": left,
                    "x1": right,
                    "top": top,
                    "bottom": bottom,
                }
                home = _innermost(boxes, label)
                if home is None or home.width < (right - left) + 2 * PADDING_PT:
                    width = "no box" if home is None else f"a box {home.width:.0f} pt wide"
                    problems.append(
                        f"page {number}: the label {text!r} ({right - left:.0f} pt) is in {width}"
                    )
    return problems


def _innermost(boxes: list[Box], word: dict[str, float | str]) -> Box | None:
    """The smallest box the word starts in: the one a reader sees it written in."""
    around = [box for box in boxes if box.starts(word)]
    return min(around, key=lambda box: box.width * (box.bottom - box.top), default=None)


def _labels(
    words: list[dict[str, float | str]],
) -> list[tuple[str, float, float, float, float]]:
    """The box labels, words on one line joined: ("ROLL TOTAL", left, right)."""
    small = sorted(
        (
            word
            for word in words
            if float(word["size"]) <= LABEL_MAX_SIZE_PT
            and str(word["text"]).isupper()
            and str(word["text"]).isalpha()
        ),
        key=lambda word: (round(float(word["top"])), float(word["x0"])),
    )
    lines: list[tuple[str, float, float, float, float]] = []  # text, left, right, top, bottom
    for word in small:
        text, left, right = str(word["text"]), float(word["x0"]), float(word["x1"])
        top, bottom = float(word["top"]), float(word["bottom"])
        if lines:
            last_text, last_left, last_right, last_top, last_bottom = lines[-1]
            if abs(top - last_top) < 1 and left - last_right < 6:
                lines[-1] = (f"{last_text} {text}", last_left, right, last_top, last_bottom)
                continue
        lines.append((text, left, right, top, bottom))
    return lines


def first_page_image(pdf: bytes) -> Image.Image:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        subprocess.run(
            [
                PDFTOPPM,
                "-r",
                str(DPI),
                "-png",
                "-singlefile",
                "-f",
                "1",
                "-l",
                "1",
                str(path),
                str(Path(folder) / "page"),
            ],
            check=True,
            capture_output=True,
        )
        with Image.open(Path(folder) / "page.png") as image:
            return image.convert("RGBA")


def picture_difference(pdf: bytes, reference_name: str) -> str | None:
    """None when the first page looks like its reviewed reference; else what differs.

    With CHARGEN_SCREENSHOTS=1 the reference is written afresh instead (and None returned):
    look at it before committing it.
    """
    return picture_mismatch(
        first_page_image(pdf), REFERENCES / f"{reference_name}.png", limit=MISMATCH_LIMIT
    )
