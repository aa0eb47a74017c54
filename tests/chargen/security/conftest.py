"""A world for the security tests: Alice's campaign with Bob and Carol, Dave outside.

Every object a URL can name exists and belongs to someone, so a refusal in these
tests is a permission decision, never a missing row. `world` can give every piece
of user text the same hostile value, so one fixture serves the escaping tests too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import transaction

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.drifting import services as drifting
from chargen.drifting.models import Character as DriftingCharacter
from chargen.infinity_drive import services
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.models import Character, Race, RaceStatus
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.infinity_drive.steps import next_sequence, roll_book_characteristics
from tests.chargen.infinity_drive_finish.build import (
    choose_option,
    save_history,
    treva_through_skills,
)

CONTENT_FIXTURES = ("equipment.json", "backgrounds.json", "history_prompts.json")
LIFEPATHS = "drifting_lifepaths.json"


@pytest.fixture
def rulebook(db: None) -> None:
    """The book's Infinity Drive tables (every wizard page and sheet reads them)."""
    fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / "infinity_drive.json")
    rulebook_cache_clear()


@pytest.fixture
def rules_data(rulebook: None) -> None:
    """The book's tables, the shipped content and the Drifting lifepaths."""
    for name in CONTENT_FIXTURES:
        fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / name)
    call_command("loaddata", str(Path(settings.BASE_DIR) / "fixtures" / LIFEPATHS), verbosity=0)


def database_fingerprint() -> dict[str, list[tuple[object, ...]]]:
    """Every row of every model of our apps, each as the tuple of its column values.

    Comparing two fingerprints catches a created, deleted or updated row (an
    `updated` timestamp or a `seen_at` moving counts), not only a change in counts.
    """
    fingerprint: dict[str, list[tuple[object, ...]]] = {}
    # Every app of ours (an app added later is compared too), and the accounts.
    ours = [config for config in apps.get_app_configs() if config.name.startswith("chargen.")]
    for config in [*ours, apps.get_app_config("auth")]:
        for model in config.get_models():
            columns = [field.attname for field in model._meta.concrete_fields]
            rows = model._default_manager.order_by("pk").values_list(*columns)
            fingerprint[model._meta.label] = [tuple(map(repr, row)) for row in rows]
    return fingerprint


def changed_models(
    before: dict[str, list[tuple[object, ...]]], after: dict[str, list[tuple[object, ...]]]
) -> list[str]:
    """The models whose rows differ between two fingerprints."""
    return sorted(
        label for label in before.keys() | after.keys() if before.get(label) != after.get(label)
    )


Call = tuple[str, Callable[[], object]]


def calls_that_change_the_database(calls: Sequence[Call]) -> list[str]:
    """What each call (a request) that changed the database changed; [] if none did.

    One fingerprint before the calls and one after them all: a change any of them makes
    stays (no request here undoes another's). Only when the two differ is that pass
    rolled back and the calls made again with a fingerprint between each two, to name
    the ones that changed it.
    """
    start = database_fingerprint()
    with transaction.atomic():  # a savepoint in the test's transaction
        for _, call in calls:
            call()
        together = database_fingerprint()
        if together == start:
            return []
        transaction.set_rollback(True)
    changed = []
    before = start
    for label, call in calls:
        call()
        after = database_fingerprint()
        if after != before:
            changed.append(f"{label} changed {', '.join(changed_models(before, after))}")
        before = after
    return changed or [f"the calls together changed {', '.join(changed_models(start, together))}"]


@dataclass(frozen=True)
class World:
    """Everything the URLs of the app can name, with its owner."""

    campaign: Campaign  # Alice's, Bob and Carol are members
    race: Race  # proposed by Bob in Alice's campaign, approved
    draft: Character  # Bob's, in the campaign, through skill rolls
    submitted: Character  # Bob's, finished and waiting for Alice
    approved: Character  # Bob's, approved by Alice
    gm_character: Character  # Alice's own, in her campaign
    equipment: EquipmentItem  # the campaign's own catalogue row
    table: BackgroundTable  # the campaign's own background table, one row
    drifting_character: DriftingCharacter  # Bob's, in no campaign


def _propose_race(character: Character, name: str, reason: str) -> Race:
    race = services.race_propose(
        character=character,
        expected_sequence=next_sequence(character),
        name=name,
        reason=reason,
        adjustments={"Int": 3, "Res": -2, "Mtp": -1},
    )
    assert race is not None
    return race


def _approve_waiting_races(campaign: Campaign, note: str) -> None:
    for race in Race.objects.filter(campaign=campaign, status=RaceStatus.PROPOSED):
        desk.race_approve(race=race, by=campaign.gm, note=note)


def _through_skills(owner: User, campaign: Campaign, text: str) -> Character:
    """Treva's book rolls (her Darrian race approved by the GM), named `text`."""
    character = Character.objects.create(owner=owner, campaign=campaign, name=text, concept=text)
    treva_through_skills(character)
    _approve_waiting_races(campaign, text)
    character.refresh_from_db()
    return character


def _finished(owner: User, campaign: Campaign, text: str) -> Character:
    """A character taken through every step and finished (submitted, as Alice asks)."""
    character = _through_skills(owner, campaign, text)
    choose_option(character, "standard")
    history = finish.finish_load(character).history
    save_history(
        character,
        notes={item.entry.sequence: text for item in history},
        age=text[:60],
        appearance=text,
    )
    return finish.character_finish(character=character)


def build_world(gm: User, player: User, other: User, text: str) -> World:
    """Alice's campaign with Bob and Carol; `text` is every name, note and description."""
    campaign = campaign_create(gm=gm, name=text[:80], description=text, approval_required=True)
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other)
    equipment = EquipmentItem.objects.create(
        campaign=campaign, name=text[:80], category="gear", price=10, description=text
    )
    HistoryPrompt.objects.create(campaign=campaign, key="skill", template=text + " {entry}")
    table = BackgroundTable.objects.create(
        campaign=campaign, key="house-rumours", name=text, dice="1d6", description=text
    )
    BackgroundRow.objects.create(table=table, low=1, high=6, result=text, assets=text, debts=text)

    # A race named `text`, proposed by Bob for a character of that name, and approved.
    proposer = Character.objects.create(owner=player, campaign=campaign, name=text, concept=text)
    roll_book_characteristics(proposer)
    race = _propose_race(proposer, text[:80], text)
    _approve_waiting_races(campaign, text)
    race.refresh_from_db()

    draft = _through_skills(player, campaign, text)
    submitted = _finished(player, campaign, text)
    approved = _finished(player, campaign, text)
    desk.character_approve(character=approved, by=gm, note=text)
    approved.refresh_from_db()
    submitted.refresh_from_db()

    gm_character = Character.objects.create(owner=gm, campaign=campaign, name=text, concept=text)

    drifting_character = drifting.character_start(owner=player)
    drifting_character.name = text[:80]
    drifting_character.concept = text
    drifting_character.save()
    return World(
        campaign=campaign,
        race=race,
        draft=draft,
        submitted=submitted,
        approved=approved,
        gm_character=gm_character,
        equipment=equipment,
        table=table,
        drifting_character=drifting_character,
    )


WorldBuilder = Callable[[str], World]


@pytest.fixture
def make_world(rules_data: None, gm: User, player: User, other_player: User) -> WorldBuilder:
    return lambda text: build_world(gm, player, other_player, text)


@pytest.fixture
def world(make_world: WorldBuilder) -> World:
    return make_world("The Long Jump")
