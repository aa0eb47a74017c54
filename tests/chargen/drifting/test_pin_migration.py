"""The data migration pins existing Drifting characters to the lifepaths open to them now,
with the same hashes the app computes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from chargen.campaigns.models import Campaign
from chargen.core.ruledata import rule_version_for
from chargen.drifting import services
from chargen.drifting.models import Character
from chargen.drifting.pinned import RULESET, current_lifepath_version, lifepath_data
from rules import drifting as rules
from tests.chargen.drifting.conftest import LIFEPATH_FIXTURE


def migrate(target: tuple[str, str]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


@pytest.fixture
def back_to_latest() -> Iterator[None]:
    """Whatever the test does, the next test on this worker gets today's schema: a
    column added after 0004 (drifting/0010's) would otherwise be missing for it."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_existing_characters_get_their_campaigns_current_lifepaths(
    player: User, campaign: Campaign, back_to_latest: None
) -> None:
    call_command("loaddata", str(LIFEPATH_FIXTURE), verbosity=0)
    services.campaign_lifepath_add(
        campaign=campaign,
        by=campaign.gm,
        name="Storm rigger",
        region="Storm",
        description="",
        grants=[rules.TokenGrant(rules.TokenKind.FOCUS, "Rigging")],
    )
    loner = services.character_start(owner=player)
    member = services.character_start(owner=player)
    services.character_set_concept(
        character=member, key=member.next_sequence, name="Bo", concept="", campaign=campaign
    )
    # A campaign's own lifepath has since been marked homebrew in the pinned records
    # (drifting/0015): the migration pins the records as they were before that mark.
    records = lifepath_data(campaign)
    for record in records["lifepaths"]:
        record.pop("homebrew", None)
    as_then = rule_version_for(RULESET, records).pk
    migrate(("drifting", "0003_character_rule_version"))
    Character.objects.update(rule_version=None)

    migrate(("drifting", "0004_pin_lifepaths"))

    # Read the one column: today's model has columns (start_key) the 0004 schema lacks.
    pinned = dict(Character.objects.values_list("pk", "rule_version_id"))
    assert pinned[loner.pk] == current_lifepath_version(None)
    assert pinned[member.pk] == as_then
    assert pinned[member.pk] != pinned[loner.pk]
