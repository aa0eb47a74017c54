"""An Infinity Drive character's rows at its campaign's live table read in the GM's words:
a table choice names the table as the book prints it, never the table's internal key,
and a placement names the characteristic; rolls read as their dice."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    next_sequence,
    roll_book_characteristics,
    skill,
)


def _feed_labels(client: Client, character: Character) -> list[str]:
    assert character.campaign_id is not None
    page = client.get(reverse("table:page", kwargs={"campaign_id": character.campaign_id}))
    assert page.status_code == 200
    feed = page.content.decode().partition('id="table-feed"')[2]
    return [
        " ".join(text.split())
        for text in re.findall(r'<div class="text-break">([^<]*)</div>', feed)
    ]


def test_a_table_choice_reads_as_the_tables_name(
    gm_client: Client, campaign_draft: Character
) -> None:
    roll_book_characteristics(campaign_draft)
    services.character_choose_race(
        character=campaign_draft, expected_sequence=next_sequence(campaign_draft), race_id=None
    )
    citizen_construction(campaign_draft)
    skill(campaign_draft, "3 3", "construction-academic")
    labels = _feed_labels(gm_client, campaign_draft)
    assert "Table choice: Construction Academic" in labels
    assert not [label for label in labels if "construction-academic" in label]
    assert "Characteristic placed: Chz" in labels
    assert "Skill roll: 2d6 → 3 3" in labels
    assert "Career: Citizen" in labels
