"""The picture comparison counts what pixelmatch counts over the whole picture, though it
hands pixelmatch only the box where pixels moved by more than SURELY_SAME."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont
from pixelmatch.contrib.PIL import pixelmatch

from tests.pictures import THRESHOLD, differing_pixels

FONT = Path(__file__).resolve().parent.parent / "static" / "fonts" / "DejaVuSans.ttf"


def page_like(seed: int) -> Image.Image:
    """A flat page with anti-aliased words, boxes and a gradient, as screenshots have."""
    chance = random.Random(seed)
    image = Image.new("RGBA", (320, 200), (255, 255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONT), 13)
    for x in range(320):
        draw.line((x, 0, x, 12), fill=(x % 256, 120, 255 - x % 256, 255))
    for row in range(8):
        y = 20 + row * 22
        draw.rectangle((4, y, 60, y + 16), outline=(13, 110, 253, 255))
        draw.text((70, y), f"Skill {chance.randint(0, 99)}: Pilot-{row}", font=font, fill="black")
    return image


def stored(image: Image.Image) -> Image.Image:
    """As a reference is kept: a palette of 256 colours, read back."""
    return image.convert("RGB").quantize(256).convert("RGBA")


def moved_words(image: Image.Image, seed: int) -> Image.Image:
    """A word added: anti-aliased edges, far from the rest."""
    changed = image.copy()
    chance = random.Random(seed)
    font = ImageFont.truetype(str(FONT), 11)
    where = (chance.randint(0, 250), chance.randint(20, 180))
    ImageDraw.Draw(changed).text(where, "Moved", font=font, fill="red")
    return changed


def faint_patch(image: Image.Image, seed: int) -> Image.Image:
    """A patch whose grey moved by 60: counted by pixelmatch, though no channel moved far."""
    changed = image.copy()
    x = random.Random(seed).randint(0, 300)
    ImageDraw.Draw(changed).rectangle((x, 185, x + 12, 199), fill=(195, 195, 195, 255))
    return changed


def edges(image: Image.Image, seed: int) -> Image.Image:
    """Changes along the picture's edges and in its corner."""
    changed = image.copy()
    draw = ImageDraw.Draw(changed)
    draw.rectangle((0, 190, 8, 199), fill=(30, 30, 30, 255))
    draw.line((319, 0, 300, 199), fill=(90, 90, 200, 255))
    return changed


def shifted_words(image: Image.Image, seed: int) -> Image.Image:
    """The page's words drawn again one pixel lower: anti-aliasing at every edge."""
    changed = image.copy()
    font = ImageFont.truetype(str(FONT), 13)
    ImageDraw.Draw(changed).text((71, 21 + seed % 3), "Skill", font=font, fill="black")
    return changed


CHANGES = [moved_words, faint_patch, edges, shifted_words]


@pytest.mark.parametrize("seed", range(6))
def test_the_count_is_pixelmatchs_over_the_whole_picture(seed: int) -> None:
    reference = stored(page_like(seed))
    for drawn in (page_like(seed), *(change(page_like(seed), seed) for change in CHANGES)):
        whole = pixelmatch(drawn, reference, threshold=THRESHOLD)
        assert differing_pixels(drawn, reference) == whole


def test_a_picture_drawn_again_counts_nothing_but_a_change_counts() -> None:
    reference = stored(page_like(1))
    assert differing_pixels(page_like(1), reference) == 0
    for change in CHANGES:
        assert differing_pixels(change(page_like(1), 1), reference) > 20, change.__name__
