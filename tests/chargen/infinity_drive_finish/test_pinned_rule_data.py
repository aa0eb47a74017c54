"""A character keeps the rule data it was built under: an admin's edit or delete of a rule
row, a content row or a race changes none of its pages, and new characters get the new data.

Every edit goes through the real admin, posted by a superuser.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.content.models import BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus, Race
from chargen.infinity_drive.progress import progress_for
from chargen.rulebook.models import Skill, SurvivalTarget, TableRow
from chargen.rulebook.services import rulebook_load
from rules.errors import RulesError
from rules.infinity_drive.rulebook import LearnerType
from tests.chargen.admin_forms import admin_change, admin_delete, page_text
from tests.chargen.infinity_drive_finish.build import (
    BOOK_SKILLS,
    equip_standard,
    treva_through_skills,
    write_history,
)

STEP_PAGES = (
    "characteristics",
    "race",
    "learner",
    "career",
    "skills",
    "equipment",
    "history",
    "review",
    "sheet",
    "print",
)


def every_page(client: Client, character: Character) -> dict[str, str]:
    """The character's sheet, print view, step pages and the list its summary is on."""
    pages = {
        name: page_text(client, reverse(f"characters:{name}", args=[character.id]))
        for name in STEP_PAGES
    }
    pages["list"] = page_text(client, reverse("characters:list"))
    return pages


@pytest.fixture
def finished_treva(treva: Character) -> Character:
    equip_standard(treva)
    write_history(treva)  # no notes: the sheet shows each roll's prompt
    finish.character_finish(character=treva)
    treva.refresh_from_db()
    assert treva.status == CharacterStatus.FINISHED
    return treva


def newcomer(owner: User) -> Character:
    """A character started now and rolled with Treva's dice (which may now be refused)."""
    character = Character.objects.create(owner=owner, name="Newcomer")
    with contextlib.suppress(StepRefused, RulesError):
        treva_through_skills(character)
    character.refresh_from_db()
    return character


def test_an_admin_edit_of_a_table_row_changes_no_finished_character(
    admin_client: Client, player_client: Client, player: User, finished_treva: Character
) -> None:
    before = every_page(player_client, finished_treva)
    row = TableRow.objects.get(table__slug="construction-academic", roll=6)
    clerical = Skill.objects.get(name="Clerical")

    # The bug: the sheet's "Diplomacy – 4" became "Clerical – 3, Diplomacy – 1".
    admin_change(admin_client, row, skill=str(clerical.pk), book_text="Clerical")

    assert every_page(player_client, finished_treva) == before
    finished_treva.refresh_from_db()
    assert finished_treva.snapshot["skills"] == BOOK_SKILLS
    diplomacy_four = '<th scope="row" class="fw-normal">Diplomacy</th><td class="text-end">4</td>'
    assert diplomacy_four in before["sheet"]
    assert "Clerical – 3" in newcomer(player).snapshot["skills"]


def test_an_admin_delete_of_a_table_row_changes_nothing_and_breaks_nothing(
    admin_client: Client, player_client: Client, player: User, finished_treva: Character
) -> None:
    before = every_page(player_client, finished_treva)
    local = TableRow.objects.get(table__slug="construction-academic", roll=11)

    admin_delete(admin_client, local)

    assert every_page(player_client, finished_treva) == before  # every page a 200
    with pytest.raises(RulesError, match="no entry for a roll of 11"):
        rulebook_load().table("construction-academic").entry(11)
    late = newcomer(player)
    assert late.snapshot["skills"] != BOOK_SKILLS  # its roll of 11 found no entry


def test_an_admin_edit_of_a_skill_changes_no_finished_character(
    admin_client: Client, player_client: Client, player: User, finished_treva: Character
) -> None:
    before = every_page(player_client, finished_treva)

    admin_change(admin_client, Skill.objects.get(name="Diplomacy"), name="Negotiation")

    assert every_page(player_client, finished_treva) == before
    assert "Negotiation – 4" in newcomer(player).snapshot["skills"]


def test_an_admin_edit_of_a_survival_target_changes_no_finished_character(
    admin_client: Client, player_client: Client, player: User, finished_treva: Character
) -> None:
    before = every_page(player_client, finished_treva)
    target = SurvivalTarget.objects.get(career__name="Citizen", learner_type="academic")

    admin_change(admin_client, target, target="11")

    assert every_page(player_client, finished_treva) == before
    assert rulebook_load().survival_target("Citizen", LearnerType.ACADEMIC) == 11
    late = newcomer(player)
    first_survival = progress_for(late, log_entries(late)).state.survival_rolls[0]
    assert not first_survival.survived  # Treva's first survival roll was a 5


def test_an_admin_edit_of_the_race_changes_nothing_for_who_chose_it(
    admin_client: Client, player_client: Client, player: User, finished_treva: Character
) -> None:
    before = every_page(player_client, finished_treva)
    darrian = Race.objects.get(name="Darrian")

    admin_change(
        admin_client,
        darrian,
        name="Darrian (revised)",
        adjustments=json.dumps({"Int": 1, "Res": -1}),
    )

    assert every_page(player_client, finished_treva) == before
    darrian.refresh_from_db()
    assert darrian.adjustments == {"Int": 1, "Res": -1}
    progress = progress_for(finished_treva, log_entries(finished_treva))
    assert progress.state.race is not None
    assert dict(progress.state.race.adjustments) == {"Int": 3, "Res": -2, "Mtp": -1}


def test_admin_edits_and_deletes_of_content_change_no_finished_character(
    admin_client: Client, player_client: Client, player: User, finished_treva: Character
) -> None:
    before = every_page(player_client, finished_treva)
    assert "Medkit" in before["equipment"]
    prompt = HistoryPrompt.objects.get(campaign__isnull=True, key="survival")
    medkit = EquipmentItem.objects.get(campaign__isnull=True, name="Medkit")
    cash = BackgroundTable.objects.get(campaign__isnull=True, key="cash")

    admin_change(admin_client, prompt, template="What nearly killed you?")
    admin_change(admin_client, medkit, price="9999")
    admin_change(admin_client, cash, **{"rows-0-DELETE": "on"})
    admin_delete(admin_client, EquipmentItem.objects.get(campaign__isnull=True, name="Respirator"))

    assert every_page(player_client, finished_treva) == before
    late = Character.objects.create(owner=player, name="Late")
    content = finish.finish_load(late).content
    assert content.history_prompts["survival"] == "What nearly killed you?"
    assert {item.name: item.price for item in content.equipment}["Medkit"] == 9999
    assert "Respirator" not in {item.name for item in content.equipment}
