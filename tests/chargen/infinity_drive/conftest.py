"""Rule data and a few ways to build characters, shared by the wizard's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign, Membership
from chargen.infinity_drive.models import Character
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import rulebook_cache_clear


@pytest.fixture(autouse=True)
def rules_data(db: None) -> None:
    """The book's tables in the test database (the wizard reads them from there)."""
    fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / "infinity_drive.json")
    rulebook_cache_clear()


@pytest.fixture
def campaign(gm: User, player: User, other_player: User) -> Campaign:
    created = Campaign.objects.create(name="The Rim", gm=gm)
    Membership.objects.create(campaign=created, user=player)
    Membership.objects.create(campaign=created, user=other_player)
    return created


@pytest.fixture
def draft(player: User) -> Character:
    """Bob's new character outside any campaign (the book's default rules)."""
    return Character.objects.create(owner=player, name="Treva Donalson")


@pytest.fixture
def campaign_draft(player: User, campaign: Campaign) -> Character:
    return Character.objects.create(owner=player, campaign=campaign, name="Rimmer")
