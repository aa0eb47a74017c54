"""Rule data, campaign content and characters who have finished their skill rolls."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign, Membership
from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive_finish.build import treva_through_skills

FIXTURES = ("infinity_drive.json", "equipment.json", "backgrounds.json", "history_prompts.json")


@pytest.fixture(autouse=True)
def rules_data(db: None) -> None:
    """The book's tables and the shipped content in the test database."""
    for name in FIXTURES:
        fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / name)
    rulebook_cache_clear()


@pytest.fixture
def campaign(gm: User, player: User, other_player: User) -> Campaign:
    created = Campaign.objects.create(name="The Rim", gm=gm)
    Membership.objects.create(campaign=created, user=player)
    Membership.objects.create(campaign=created, user=other_player)
    return created


@pytest.fixture
def treva(player: User) -> Character:
    """Bob's Treva Donalson outside any campaign, skills rolled as in the book (started
    as a player starts one: her name and concept are the log's first row)."""
    character = services.character_start(
        owner=player, campaign=None, name="Treva Donalson", concept=""
    )
    treva_through_skills(character)
    character.refresh_from_db()
    return character


@pytest.fixture
def campaign_treva(player: User, campaign: Campaign) -> Character:
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva Donalson")
    treva_through_skills(character)
    character.refresh_from_db()
    return character


@pytest.fixture
def treva_under(player: User, campaign: Campaign) -> Callable[..., Character]:
    """Treva built in the campaign after the GM set the given house rules.

    A character keeps the rules it starts with, so rules a test wants must be set first.
    """

    def build(**rules: object) -> Character:
        set_house_rules(campaign.pk, **rules)
        campaign.refresh_from_db()
        character = Character.objects.create(owner=player, campaign=campaign, name="Treva")
        treva_through_skills(character)
        character.refresh_from_db()
        return character

    return build
