"""A table choice sent without the specialty its skill needs is refused beside the
specialty box, marked invalid (a user's try saw the reason as a banner on top)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import next_sequence
from tests.chargen.infinity_drive.test_labels import _strong_citizen
from tests.chargen.infinity_drive.views_helpers import HTMX


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_missing_specialty_is_refused_at_its_box(
    draft: Character, player_client: Client, headers: dict[str, str]
) -> None:
    _strong_citizen(draft)
    services.character_roll_skill(  # 10: Knowledge on Construction Academic
        character=draft, expected_sequence=next_sequence(draft), typed_faces="4 6"
    )
    before = len(log_entries(draft))
    response = player_client.post(
        reverse("characters:choose_table", args=[draft.id]),
        {"sequence": next_sequence(draft), "table": "construction-academic", "specialty": ""},
        headers=headers,
    )
    assert response.status_code == (200 if headers else 400)
    page = response.content.decode()
    beside = re.search(r'id="spec-error-construction-academic"[^>]*>([^<]+)<', page)
    assert beside, "the reason is beside the specialty box"
    assert "Choose a specialty for Knowledge." in beside.group(1)
    box = re.search(r'<input[^>]*id="spec-construction-academic"[^>]*>', page)
    assert box
    assert "is-invalid" in box.group(0)
    assert 'id="step-error"' not in page
    assert len(log_entries(draft)) == before
