"""A campaign's own careers: its GM writes and publishes them, new characters of the
campaign read them, and a character keeps the version it started under."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.models import RuleVersion
from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.gm.review import approval_review
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.pinned import character_rulebook
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.rule_upgrade import current_targets, outdated_by
from chargen.rulebook.homebrew import (
    HomebrewRefused,
    book_career_hide,
    homebrew_career_create,
    homebrew_career_publish,
    homebrew_career_save,
)
from chargen.rulebook.models import HomebrewCareer, HomebrewCareerVersion
from chargen.rulebook.services import rulebook_cache_clear
from rules.errors import RulesError
from rules.infinity_drive.homebrew_careers import RowDraft, career_from_json
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import upload
from tests.chargen.infinity_drive.steps import (
    darrian,
    next_sequence,
    roll_book_characteristics,
    to_skills,
)

TABLE = "homebrew-spacer-construction-academic"


def spacer(campaign: Campaign, gm: User) -> HomebrewCareer:
    """The book's Citizen, copied and renamed Spacer, published."""
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    draft = career_from_json(career.draft)
    homebrew_career_save(career=career, by=gm, draft=replace(draft, name="Spacer"))
    homebrew_career_publish(career=career, by=gm)
    return career


def spacer_construction(character: Character) -> None:
    roll_book_characteristics(character)
    darrian(character)
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Spacer"
    )
    services.character_roll_specialisation(
        character=character, expected_sequence=next_sequence(character), typed_faces="5"
    )


def new_character(player: User, campaign: Campaign | None, name: str = "Rimmer") -> Character:
    return Character.objects.create(owner=player, campaign=campaign, name=name)


def test_a_published_career_is_played_in_its_campaign_only(
    gm: User, player: User, campaign: Campaign
) -> None:
    spacer(campaign, gm)
    character = new_character(player, campaign)
    spacer_construction(character)
    state = progress_for(character, log_entries(character)).state
    assert (state.career, state.specialisation) == ("Spacer", "Construction")
    outsider = new_character(player, None, "Loner")
    roll_book_characteristics(outsider)
    darrian(outsider)
    with pytest.raises((StepRefused, RulesError)):
        services.character_choose_career(
            character=outsider, expected_sequence=next_sequence(outsider), career="Spacer"
        )


def test_a_character_keeps_its_version_when_the_career_is_republished(
    gm: User, player: User, campaign: Campaign
) -> None:
    career = spacer(campaign, gm)
    character = new_character(player, campaign)
    spacer_construction(character)
    pinned = character.rule_version_id
    before = progress_for(character, log_entries(character)).snapshot()
    entry_before = character_rulebook(character).table(TABLE).entry(6).label

    draft = career_from_json(career.draft)
    changed = draft.__class__(
        **{
            **vars(draft),
            "tables": tuple(
                table.__class__(
                    table.specialisation,
                    table.learning,
                    tuple(
                        RowDraft(6, skill="Gambling") if row.roll == 6 else row
                        for row in table.rows
                    ),
                )
                for table in draft.tables
            ),
        }
    )
    homebrew_career_save(career=career, by=gm, draft=changed)
    homebrew_career_publish(career=career, by=gm)
    assert career.versions.count() == 2

    character.refresh_from_db()
    assert character.rule_version_id == pinned
    assert character_rulebook(character).table(TABLE).entry(6).label == entry_before != "Gambling"
    assert progress_for(character, log_entries(character)).snapshot() == before
    # A new character reads the new version; the old draft is offered the move.
    newer = new_character(player, campaign, "Newcomer")
    assert character_rulebook(newer).table(TABLE).entry(6).label == "Gambling"
    assert outdated_by(character, current_targets(campaign)) == [pinned]


def test_a_broken_career_is_not_published_and_nothing_is_saved(
    gm: User, campaign: Campaign
) -> None:
    career = homebrew_career_create(campaign=campaign, by=gm)
    with pytest.raises(HomebrewRefused) as refused:
        homebrew_career_publish(career=career, by=gm)
    assert "specialisations" in refused.value.problems
    assert not HomebrewCareerVersion.objects.exists()


def test_only_the_gm_writes_or_publishes(
    gm: User, player: User, outsider: User, campaign: Campaign
) -> None:
    for who in (player, outsider):
        with pytest.raises(PermissionDenied):
            homebrew_career_create(campaign=campaign, by=who, copy_of="Citizen")
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    for who in (player, outsider):
        with pytest.raises(PermissionDenied):
            homebrew_career_publish(career=career, by=who)
        with pytest.raises(PermissionDenied):
            book_career_hide(campaign=campaign, by=who, name="Military", hidden=True)
    assert not HomebrewCareerVersion.objects.exists()


def test_a_hidden_book_career_is_gone_for_new_characters_only(
    gm: User, player: User, campaign: Campaign
) -> None:
    before = new_character(player, campaign, "Before")
    book_career_hide(campaign=campaign, by=gm, name="Military", hidden=True)
    after = new_character(player, campaign, "After")
    assert "Military" in character_rulebook(before).careers
    assert "Military" not in character_rulebook(after).careers
    book_career_hide(campaign=campaign, by=gm, name="Military", hidden=False)
    assert "Military" in character_rulebook(new_character(player, campaign, "Later")).careers


def test_the_npc_generator_builds_with_the_campaigns_careers(gm: User, campaign: Campaign) -> None:
    spacer(campaign, gm)
    book_career_hide(campaign=campaign, by=gm, name="Military", hidden=True)
    out = io.StringIO()
    call_command(
        "generate_npcs",
        *("--campaign", str(campaign.id), "--career", "Spacer", "--seed", "3", "--count", "2"),
        *("--format", "json"),
        stdout=out,
    )
    npcs = json.loads(out.getvalue())["npcs"]
    assert [npc["career"] for npc in npcs] == ["Spacer", "Spacer"]
    with pytest.raises(CommandError, match="not a career path"):
        call_command("generate_npcs", "--campaign", str(campaign.id), "--career", "Military")


BADGE = '<span class="badge text-bg-info" data-homebrew>homebrew</span>'


def test_homebrew_is_shown_beside_the_career_on_the_wizard_sheet_and_gm_card(
    gm: User, player: User, player_client: Client, campaign: Campaign
) -> None:
    spacer(campaign, gm)
    character = new_character(player, campaign)
    roll_book_characteristics(character)
    darrian(character)
    choosing = player_client.get(reverse("characters:career", args=[character.id])).content
    # The career buttons wear the same badge as every other homebrew mark.
    assert f'value="Spacer">Spacer {BADGE}</button>' in choosing.decode()
    assert "Military <span" not in choosing.decode()  # the book's careers are not marked
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Spacer"
    )
    services.character_roll_specialisation(
        character=character, expected_sequence=next_sequence(character), typed_faces="5"
    )
    chosen = player_client.get(reverse("characters:career", args=[character.id])).content
    assert f"<strong>Spacer</strong> {BADGE}" in chosen.decode()
    sheet = player_client.get(reverse("characters:sheet", args=[character.id])).content
    # The sheet and the GM's card name the version the character read.
    versioned = BADGE.replace(">homebrew<", ">homebrew v1<")
    assert f"Spacer {versioned}, Construction" in sheet.decode()
    card = approval_review(campaign, character).sheet
    assert (card.career, card.homebrew, card.homebrew_version) == ("Spacer, Construction", True, 1)
    book = new_character(player, campaign, "Booked")
    to_skills(book)
    assert approval_review(campaign, book).sheet.homebrew is False


def test_a_character_under_homebrew_replays_on_another_server_from_its_file(
    gm: User, player: User, player_client: Client, campaign: Campaign
) -> None:
    """The file carries the rule data the character pinned, homebrew career included; a
    server that never saw the campaign's careers replays it from that alone."""
    spacer(campaign, gm)
    character = new_character(player, campaign)
    spacer_construction(character)
    before = progress_for(character, log_entries(character)).snapshot()
    document = exported(player_client, "infinity_drive.character", character)
    pinned = character.rule_version_id
    # Another server: no such character, no homebrew careers, no copy of that rule data.
    character.delete()
    HomebrewCareer.objects.all().delete()
    RuleVersion.objects.filter(sha256=pinned).delete()
    cache.clear()
    rulebook_cache_clear()
    answer = upload(player_client, document)
    assert answer.status_code in (200, 302), answer.content.decode()[:500]
    restored = Character.objects.get()
    assert restored.rule_version_id == pinned
    assert "Spacer" in character_rulebook(restored).careers
    assert progress_for(restored, log_entries(restored)).snapshot() == before
