"""Pictures compared with reviewed references: a rendered PDF page, a page in the browser.

pixelmatch counts the pixels that differ beyond anti-aliasing; a picture matches its
reference when few enough do. `make screenshots` (CHARGEN_SCREENSHOTS=1) writes the
references afresh instead: look at every changed one before committing it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PIL import Image, ImageChops
from pixelmatch.contrib.PIL import pixelmatch

REFRESH = os.environ.get("CHARGEN_SCREENSHOTS") == "1"
THRESHOLD = 0.2  # pixelmatch's own default: how far a pixel's colour may move unnoticed
# A pixel whose red, green and blue each moved by at most this much is within THRESHOLD
# whatever its colour: pixelmatch's YIQ distance of such a pixel is at most 1.144 x 35² =
# 1,401, under its limit of 35,215 x THRESHOLD² = 1,408.6.
SURELY_SAME = 35
# pixelmatch tells anti-aliasing by a pixel's neighbours and theirs: two pixels around.
NEIGHBOURS = 3


def picture_mismatch(
    drawn: Image.Image, reference_path: Path, *, limit: float, colours: int | None = None
) -> str | None:
    """None when `drawn` looks like the reference at `reference_path`; else what differs
    (and the drawn picture is left in the temporary folder to be looked at).

    `colours`: references are stored with a palette of that many colours (a screenshot of
    flat colours loses nothing a reader sees, and takes a fraction of the room).
    """
    drawn = drawn.convert("RGBA")
    if REFRESH or not reference_path.exists():
        reference_path.parent.mkdir(parents=True, exist_ok=True)
        stored = drawn.convert("RGB").quantize(colours) if colours else drawn
        stored.save(reference_path, optimize=True)
        return None if REFRESH else f"no reference yet: wrote {reference_path}; look at it"
    with Image.open(reference_path) as opened:
        reference = opened.convert("RGBA")
    if reference.size != drawn.size:
        keep = Path(tempfile.gettempdir()) / f"{reference_path.stem}-drawn.png"
        drawn.save(keep)
        return f"the picture is {drawn.size}, its reference {reference.size} (drawn: {keep})"
    differing = differing_pixels(drawn, reference)
    share = differing / (drawn.size[0] * drawn.size[1])
    if share > limit:
        keep = Path(tempfile.gettempdir()) / f"{reference_path.stem}-drawn.png"
        drawn.save(keep)
        return f"{share:.2%} of the pixels differ from {reference_path.name} (drawn: {keep})"
    return None


def differing_pixels(drawn: Image.Image, reference: Image.Image) -> int:
    """pixelmatch's count of the pixels that differ, over the one rectangle where any can.

    pixelmatch looks at every pixel in pure Python, a second or two a screenshot; outside
    the box around the pixels that moved by more than SURELY_SAME none can count, so only
    that box (with the neighbours pixelmatch reads) is handed to it: the same count."""
    moved = ImageChops.difference(drawn.convert("RGB"), reference.convert("RGB"))
    red, green, blue = moved.split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    box = most.point(lambda value: 255 if value > SURELY_SAME else 0).getbbox()
    if box is None:
        return 0
    left, top, right, bottom = box
    width, height = drawn.size
    around = (
        max(left - NEIGHBOURS, 0),
        max(top - NEIGHBOURS, 0),
        min(right + NEIGHBOURS, width),
        min(bottom + NEIGHBOURS, height),
    )
    return int(pixelmatch(drawn.crop(around), reference.crop(around), threshold=THRESHOLD))
