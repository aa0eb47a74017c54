"""Moving a draft to the current rule data: shown first, refused when its log would not
replay, only by its owner, only for a draft, only by a POST with its CSRF token."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.rulebook.models import Skill, TableRow
from chargen.rulebook.services import current_rulebook_version
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
    skill,
)

ACADEMIC = "construction-academic"


def page(character: Character) -> str:
    return reverse("characters:rule_data", args=[character.id])


def move(character: Character) -> str:
    return reverse("characters:rule_data_upgrade", args=[character.id])


@pytest.fixture
def diplomat(draft: Character) -> Character:
    """Treva part-way through her skills: one roll of 6 on the academic table (Diplomacy)."""
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    skill(draft, "3 3", ACADEMIC)
    draft.refresh_from_db()
    return draft


def row_six() -> TableRow:
    return TableRow.objects.get(table__slug=ACADEMIC, roll=6)


def make_six_clerical() -> None:
    row = row_six()
    row.skill = Skill.objects.get(name="Clerical")
    row.book_text = "Clerical"
    row.save()


def shown_versions(client: Client, character: Character) -> dict[str, str]:
    form = client.get(page(character)).context["form"]
    return {name: form[name].value() for name in ("rulebook_version", "content_version")}


def test_a_current_draft_has_nothing_to_move(player_client: Client, diplomat: Character) -> None:
    response = player_client.get(page(diplomat))
    assert response.status_code == 200
    assert "uses the current rule data" in response.content.decode()
    assert b"Move to the current rule data" not in response.content


def test_the_page_shows_what_would_change_and_the_move_applies_it(
    player_client: Client, diplomat: Character
) -> None:
    pinned = diplomat.rule_version_id
    assert "Diplomacy – 1" in diplomat.snapshot["skills"]
    make_six_clerical()

    shown = player_client.get(page(diplomat))
    text = shown.content.decode()
    assert "Diplomacy (rank 1)" in text
    assert "<td>Athletics (rank 0), Acrobatics (rank 0), Bribery (rank 0), Diplomacy (rank 1)," in (
        text
    )
    assert "<td>Athletics (rank 0), Acrobatics (rank 0), Bribery (rank 0), Clerical (rank 0)," in (
        text
    )
    assert b"Move to the current rule data" in shown.content
    diplomat.refresh_from_db()
    assert diplomat.rule_version_id == pinned  # looking changes nothing

    moved = player_client.post(move(diplomat), shown_versions(player_client, diplomat))

    assert moved.status_code == 303
    diplomat.refresh_from_db()
    assert diplomat.rule_version_id == current_rulebook_version() != pinned
    assert "Clerical, Diplomacy, Drive" in diplomat.snapshot["skills"]


def test_a_log_that_would_not_replay_keeps_its_data(
    player_client: Client, diplomat: Character
) -> None:
    pinned = diplomat.rule_version_id
    row_six().delete()  # Treva's roll of 6 would find no entry

    shown = player_client.get(page(diplomat))
    assert "no longer replays" in shown.content.decode()
    assert "no entry for a roll of 6" in shown.content.decode()
    assert b"Move to the current rule data" not in shown.content

    versions = {"rulebook_version": current_rulebook_version(), "content_version": ""}
    refused = player_client.post(move(diplomat), versions)

    assert refused.status_code == 400
    assert "no longer replays" in refused.content.decode()
    diplomat.refresh_from_db()
    assert diplomat.rule_version_id == pinned


def test_a_move_for_data_that_changed_again_is_refused(
    player_client: Client, diplomat: Character
) -> None:
    make_six_clerical()
    versions = shown_versions(player_client, diplomat)
    row = row_six()
    row.book_text = "Clerical work"  # another edit after the page was shown
    row.save()

    refused = player_client.post(move(diplomat), versions)

    assert refused.status_code == 400
    assert "changed again" in refused.content.decode()


def test_only_the_owner_sees_or_moves(
    other_player_client: Client, gm_client: Client, diplomat: Character
) -> None:
    make_six_clerical()
    pinned = diplomat.rule_version_id
    for client in (other_player_client, gm_client):
        assert client.get(page(diplomat)).status_code == 404
        versions = {"rulebook_version": current_rulebook_version(), "content_version": ""}
        assert client.post(move(diplomat), versions).status_code == 404
    diplomat.refresh_from_db()
    assert diplomat.rule_version_id == pinned


def test_a_finished_character_keeps_its_data(player_client: Client, diplomat: Character) -> None:
    Character.objects.filter(pk=diplomat.pk).update(status=CharacterStatus.FINISHED)
    pinned = diplomat.rule_version_id
    make_six_clerical()

    shown = player_client.get(page(diplomat))
    refused = player_client.post(
        move(diplomat), {"rulebook_version": current_rulebook_version(), "content_version": ""}
    )

    assert "only a draft can move" in shown.content.decode()
    assert b"Move to the current rule data" not in shown.content
    assert refused.status_code == 400
    diplomat.refresh_from_db()
    assert diplomat.rule_version_id == pinned


def test_the_move_is_a_post_with_its_csrf_token(player: User, diplomat: Character) -> None:
    make_six_clerical()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    pinned = diplomat.rule_version_id

    assert strict.get(move(diplomat)).status_code == 405
    versions = {"rulebook_version": current_rulebook_version(), "content_version": ""}
    assert strict.post(move(diplomat), versions).status_code == 403
    diplomat.refresh_from_db()
    assert diplomat.rule_version_id == pinned


def test_drafts_on_older_data_are_marked_for_their_owner_and_the_gm(
    player_client: Client, gm_client: Client, player: User, campaign: Campaign
) -> None:
    rimmer = Character.objects.create(owner=player, campaign=campaign, name="Rimmer")
    roll_book_characteristics(rimmer)
    assert b"data-rule-data-older" not in player_client.get(reverse("characters:list")).content
    make_six_clerical()

    listing = player_client.get(reverse("characters:list")).content.decode()
    wizard = player_client.get(reverse("characters:race", args=[rimmer.id])).content.decode()
    party = gm_client.get(reverse("desk:party", args=[campaign.id])).content.decode()

    for text in (listing, wizard, party):
        assert "data-rule-data-older" in text
        assert "uilt under" in text
        assert "rule data of" in text
    assert page(rimmer) in listing
    assert page(rimmer) in wizard
