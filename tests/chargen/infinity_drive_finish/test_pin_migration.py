"""The data migration pins existing characters to the rule data as it is, with the same
hashes the app computes, and copies each race step's race into its payload."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import QuerySet
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.content.models import EquipmentItem
from chargen.content.pinned import current_content_version
from chargen.infinity_drive.models import Character, CreationLogEntry, Race
from chargen.infinity_drive.pinned import race_copy
from chargen.infinity_drive.wizard.log_walk import RACE_KINDS
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import current_rulebook_version
from tests.chargen.admin_forms import page_text
from tests.chargen.infinity_drive_finish.build import treva_through_skills
from tests.chargen.infinity_drive_finish.conftest import FIXTURES

BEFORE = ("characters", "0005_character_rule_versions")
AFTER = ("characters", "0006_pin_rule_data")


def migrate(target: tuple[str, str]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


@pytest.fixture
def rules_data(transactional_db: None) -> None:
    """Overrides the package's: this test commits, so it loads the data itself."""
    for name in FIXTURES:
        fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / name)


def as_before_pinning(character: Character) -> None:
    Character.objects.filter(pk=character.pk).update(rule_version=None, content_version=None)
    # Only the columns the old schema has (the seal columns came later).
    rows = CreationLogEntry.objects.filter(character=character, kind__in=RACE_KINDS)
    for pk, stored in rows.values_list("pk", "payload"):
        payload = dict(stored)
        payload.pop("race")
        # As the old code wrote it: the kernel's queryset refuses updates, the base class not.
        QuerySet.update(CreationLogEntry.objects.filter(pk=pk), payload=payload)


@pytest.mark.django_db(transaction=True)
def test_existing_characters_get_the_current_versions_and_their_race(
    rules_data: None, gm: User, player: User, player_client: Client
) -> None:
    treva = Character.objects.create(owner=player, name="Treva Donalson")
    treva_through_skills(treva)
    rim = Campaign.objects.create(name="The Rim", gm=gm)
    EquipmentItem.objects.create(campaign=rim, name="Medkit", price=1, category="medical")
    EquipmentItem.objects.create(campaign=rim, name="Rifle", price=0, available=False)
    EquipmentItem.objects.create(campaign=rim, name="Rim map", price=5)
    rimmer = Character.objects.create(owner=player, campaign=rim, name="Rimmer")
    sheet = page_text(player_client, reverse("characters:sheet", args=[treva.id]))
    migrate(BEFORE)
    as_before_pinning(treva)
    as_before_pinning(rimmer)

    migrate(AFTER)
    # Today's models read the rows: the later migrations (seal columns) come too.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    treva.refresh_from_db()
    rimmer.refresh_from_db()
    assert treva.rule_version_id == current_rulebook_version()
    assert treva.content_version_id == current_content_version(None)
    assert rimmer.content_version_id == current_content_version(rim)
    assert rimmer.content_version_id != treva.content_version_id
    race = CreationLogEntry.objects.get(character=treva, kind="race")
    assert race.payload["race"] == race_copy(Race.objects.get(name="Darrian"))
    assert page_text(player_client, reverse("characters:sheet", args=[treva.id])) == sheet
