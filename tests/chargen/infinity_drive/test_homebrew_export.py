"""A homebrew career in the export file, and a finished character's sheet and export
untouched when its career is edited and republished."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import jsonschema
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core import roll_keys
from chargen.core.export import character_item
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.export import EXPORTER
from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.rulebook.homebrew import homebrew_career_publish, homebrew_career_save
from chargen.rulebook.models import HomebrewCareer
from chargen.rulebook.services import rulebook_cache_clear
from rules.infinity_drive.homebrew_careers import RowDraft, career_from_json
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import upload
from tests.chargen.infinity_drive.test_homebrew_pinning import spacer
from tests.chargen.infinity_drive_finish.build import (
    equip_standard,
    treva_through_skills,
    write_history,
)

KIND = "infinity_drive.character"
PER_REQUEST = re.compile(rb'(csrfmiddlewaretoken" value="|nonce="|"X-CSRFToken": ")[^"]+')
SCHEMA = json.loads((settings.BASE_DIR / "docs" / "export.schema.json").read_text())


def finished_spacer(gm: User, player: User, campaign: Campaign) -> Character:
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva")
    treva_through_skills(character, copy_of_citizen="Spacer")
    character.refresh_from_db()
    assert character.race is not None
    desk.race_approve(race=character.race, by=gm)
    equip_standard(character)
    write_history(character)
    finish.character_finish(character=character)
    character.refresh_from_db()
    assert character.status == CharacterStatus.FINISHED
    return character


def item(character: Character) -> dict[str, Any]:
    return character_item(
        "infinity_drive.character", EXPORTER, character, roll_keys.known_public_keys()
    )


def republished(career: HomebrewCareer, gm: User) -> None:
    """Every row 6 of the career now teaches Gambling, published as the next version."""
    draft = career_from_json(career.draft)
    changed = replace(
        draft,
        tables=tuple(
            replace(
                table,
                rows=tuple(
                    RowDraft(6, skill="Gambling") if row.roll == 6 else row for row in table.rows
                ),
            )
            for table in draft.tables
        ),
    )
    homebrew_career_save(career=career, by=gm, draft=changed)
    homebrew_career_publish(career=career, by=gm)


@pytest.mark.django_db
def test_the_export_marks_a_homebrew_career_with_its_version(
    gm: User, player: User, campaign: Campaign
) -> None:
    career = spacer(campaign, gm)
    character = finished_spacer(gm, player, campaign)
    exported = item(character)
    jsonschema.validate(
        {
            "format": "chargen-export",
            "version": 1,
            "exported": "",
            "server_keys": {},
            "characters": [exported],
        },
        SCHEMA,
    )
    assert exported["character"]["career"] == {"name": "Spacer", "homebrew": {"version": 1}}
    republished(career, gm)
    newer = Character.objects.create(owner=player, campaign=campaign, name="Newer")
    treva_through_skills(newer, copy_of_citizen="Spacer")
    assert item(newer)["character"]["career"] == {"name": "Spacer", "homebrew": {"version": 2}}
    assert item(character)["character"]["career"]["homebrew"] == {"version": 1}


@pytest.mark.django_db
def test_a_book_career_is_not_marked(player: User, campaign: Campaign) -> None:
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva")
    treva_through_skills(character)
    assert "career" not in item(character)["character"]


@pytest.mark.django_db
def test_a_finished_sheet_and_export_are_unchanged_after_its_career_is_republished(
    gm: User, player: User, player_client: Client, campaign: Campaign
) -> None:
    career = spacer(campaign, gm)
    character = finished_spacer(gm, player, campaign)
    sheet_url = reverse("characters:sheet", args=[character.id])

    def drawn() -> tuple[bytes, bytes]:
        sheet = player_client.get(sheet_url)
        assert sheet.status_code == 200
        return (
            PER_REQUEST.sub(rb"\1", sheet.content),
            json.dumps(item(character), sort_keys=True).encode(),
        )

    before = drawn()
    assert b"Spacer" in before[0]
    assert b"data-homebrew" in before[0]
    assert b"Diplomacy" in before[0]

    republished(career, gm)
    assert career.versions.count() == 2
    assert drawn() == before


# Committed for real: PostgreSQL cannot TRUNCATE (the flush that stands for another
# server's database) inside the test's transaction.
@pytest.mark.django_db(transaction=True)
def test_a_character_under_a_homebrew_career_replays_on_a_server_that_never_had_it(
    gm: User, player: User, campaign: Campaign
) -> None:
    """The file carries the rule data it was built under, its homebrew career included:
    another server, without the campaign or its careers, replays it whole."""
    spacer(campaign, gm)
    character = finished_spacer(gm, player, campaign)
    document = exported(logged_in(player), KIND, character)
    # Another server: its own database, with only the book, and the player signed up.
    call_command("flush", interactive=False, verbosity=0)
    rulebook_cache_clear()
    call_command("load_rules_data", verbosity=0)
    elsewhere = logged_in(User.objects.create_user("player-elsewhere"))

    response = upload(elsewhere, document)

    assert response.status_code == 302, response.content.decode()[-2000:]
    restored = Character.objects.get()
    sheet = elsewhere.get(reverse("characters:sheet", args=[restored.id]))
    assert sheet.status_code == 200
    assert b"Spacer" in sheet.content
    assert b"data-homebrew" in sheet.content
    again = exported(elsewhere, KIND, restored)["characters"][0]
    assert again["character"]["career"] == {"name": "Spacer", "homebrew": {"version": 1}}
    carried = [row["hash"] for row in document["characters"][0]["log"]]
    # Every row the file carried, as it was (a character made here without its concept
    # step, as this fixture's is, gains that row when its sheet is first read).
    assert [row["hash"] for row in again["log"]][: len(carried)] == carried


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client
