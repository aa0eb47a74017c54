"""Pictures compared with reviewed references: a rendered PDF page, a page in the browser.

pixelmatch counts the pixels that differ beyond anti-aliasing; a picture matches its
reference when few enough do. `make screenshots` (CHARGEN_SCREENSHOTS=1) writes the
references afresh instead: look at every changed one before committing it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PIL import Image
from pixelmatch.contrib.PIL import pixelmatch

REFRESH = os.environ.get("CHARGEN_SCREENSHOTS") == "1"


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
    differing = pixelmatch(drawn, reference, threshold=0.2)
    share = differing / (drawn.size[0] * drawn.size[1])
    if share > limit:
        keep = Path(tempfile.gettempdir()) / f"{reference_path.stem}-drawn.png"
        drawn.save(keep)
        return f"{share:.2%} of the pixels differ from {reference_path.name} (drawn: {keep})"
    return None
