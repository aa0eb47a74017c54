"""Every PDF of all four game systems laid out right, checked as geometry and as a picture.

Each PDF's boxes hold their labels and words, nothing lies off the page (layout.py), and its
first page looks like the reviewed reference in references/ (`make screenshots` draws them
afresh; look at a changed one before committing it).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.chargen.pdf.layout import layout_problems, picture_difference
from tests.chargen.pdf.test_sheets import get_pdf

SHEETS = {
    # name: (the fixture of conftest.py that makes the character, its PDF's URL name)
    "infinity-drive-sheet": ("treva", "characters:pdf"),
    "drifting-sheet": ("jim", "drifting:pdf"),
    "unique-pool-sheet": ("leanne", "rollers:unique_pdf"),
    "roll-and-keep-sheet": ("mage", "rollers:mana_pdf"),
}


@pytest.mark.parametrize("name", SHEETS)
def test_each_sheet_pdf_is_laid_out_right(
    request: pytest.FixtureRequest, player_client: Client, name: str
) -> None:
    fixture, url_name = SHEETS[name]
    character = request.getfixturevalue(fixture)
    pdf = get_pdf(player_client, reverse(url_name, args=[character.pk]))
    assert layout_problems(pdf) == []
    assert picture_difference(pdf, name) is None
