"""A campaign run by Alice with Bob and Carol in it, and the items that reach her queues."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive.models import (
    Character,
    CharacterStatus,
    CreationLogEntry,
    Race,
    RaceKind,
)
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import rulebook_cache_clear


@pytest.fixture
def rules_data(db: None) -> None:
    """The book's tables (sheets are rebuilt from the log through them)."""
    fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / "infinity_drive.json")
    rulebook_cache_clear()


@pytest.fixture
def campaign(gm: User, player: User, other_player: User) -> Campaign:
    created = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    Membership.objects.create(campaign=created, user=player)
    Membership.objects.create(campaign=created, user=other_player)
    return created


@pytest.fixture
def darrian(campaign: Campaign, player: User) -> Race:
    """The book's own example race, proposed by Bob."""
    return Race.objects.create(
        campaign=campaign,
        kind=RaceKind.HUMANOID,
        name="Darrian",
        reason=(
            "Born on a home-world rife with metaphysical predators; cunning won out, and "
            "the planet had little micro-organic life."
        ),
        adjustments={"Int": 3, "Res": -2, "Mtp": -1},
        proposed_by=player,
    )


@pytest.fixture
def submitted(campaign: Campaign, player: User) -> Character:
    """Bob's finished character waiting for Alice, with two app rolls and one typed in."""
    character = Character.objects.create(
        owner=player, campaign=campaign, name="Treva Donalson", status=CharacterStatus.DRAFT
    )
    CreationLogEntry.objects.create(
        character=character, sequence=1, kind="method", payload={"method": "dice"}
    )
    CreationLogEntry.objects.create(
        character=character, sequence=2, kind="characteristic_roll", dice="2d6", faces=[2, 3]
    )
    CreationLogEntry.objects.create(
        character=character, sequence=3, kind="characteristic_roll", dice="2d6", faces=[6, 2]
    )
    CreationLogEntry.objects.create(
        character=character,
        sequence=4,
        kind="characteristic_roll",
        dice="2d6",
        faces=[6, 6],
        entered=True,
        history_note="Rolled at the table on my lucky dice.",
    )
    character.status = CharacterStatus.SUBMITTED
    character.save()
    return character


@pytest.fixture
def draft(campaign: Campaign, other_player: User) -> Character:
    return Character.objects.create(owner=other_player, campaign=campaign, name="Carol's draft")
