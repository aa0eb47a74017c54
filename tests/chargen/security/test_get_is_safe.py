"""No GET changes anything: every URL of the app, opened by every member of a campaign.

The URLs come from Django's resolver, so a page added later is covered too. Each
argument names a real object (a player's character, the campaign, a race, a table),
so the pages render for real rather than 404; the database must be exactly as it
was after each one (no draft made, nothing marked seen, no timestamp moved).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from functools import partial

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter

from chargen.drifting.models import Character as DriftingCharacter
from chargen.infinity_drive.models import Character
from tests.chargen.security.conftest import (
    World,
    calls_that_change_the_database,
    database_fingerprint,
)

SKIPPED_NAMESPACES = {"admin"}  # Django's own admin; tests/chargen/security/test_admin.py


def _patterns(
    resolver: URLResolver, namespace: str | None = None
) -> Iterator[tuple[str | None, URLPattern]]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, entry.namespace or namespace)
        else:
            yield namespace, entry


def _urls(world: World, character: Character, table_key: str) -> list[str]:
    """Every URL of the app, its arguments filled with the world's objects."""
    values: dict[str, object] = {
        "campaign_id": world.campaign.id,
        "race_id": world.race.id,
        "token": world.campaign.invite_token,
        "table_key": table_key,
        # The desk's content editor: the campaign's background tables, and one table's rows.
        "kind_slug": "tables",
        "parent_key": table_key,
        "uidb64": "MQ",
        "kind": "skill_roll",  # the wizard's one roll action, for a skill roll
    }
    urls = []
    for namespace, pattern in _patterns(get_resolver()):
        if namespace in SKIPPED_NAMESPACES or pattern.name is None:
            continue
        kwargs: dict[str, object] = {}
        for name, converter in pattern.pattern.converters.items():
            if name == "character_id":
                drifting = namespace == "drifting"
                kwargs[name] = world.drifting_character.id if drifting else character.id
            else:
                # An argument this test does not know yet still gets a well-formed value.
                fallback = 1 if isinstance(converter, IntConverter) else uuid.uuid4()
                kwargs[name] = values.get(name, fallback)
        name = f"{namespace}:{pattern.name}" if namespace else pattern.name
        urls.append(reverse(name, kwargs=kwargs))
    return urls


def _changes_by_get(client: Client, urls: list[str]) -> list[str]:
    def get(url: str) -> None:
        response = client.get(url)
        assert response.status_code < 500, url

    return calls_that_change_the_database([(url, partial(get, url)) for url in urls])


# One case per viewer, so the parallel run can share them out (the walk is the suite's
# longest test when it is one).
@pytest.mark.parametrize(
    ("client_fixture", "character_attribute"),
    [
        ("player_client", "draft"),
        ("player_client", "approved"),
        ("gm_client", "submitted"),
        ("other_player_client", "approved"),
        ("outsider_client", "draft"),
    ],
)
def test_no_get_changes_anything_for_anyone(
    world: World, request: pytest.FixtureRequest, client_fixture: str, character_attribute: str
) -> None:
    client: Client = request.getfixturevalue(client_fixture)
    character: Character = getattr(world, character_attribute)
    urls = _urls(world, character, world.table.key)
    assert len(urls) > 80  # the resolver really was walked
    assert _changes_by_get(client, urls) == []


def test_the_checks_see_a_change(world: World, player_client: Client) -> None:
    """The fingerprint notices an update, so an empty list above means nothing changed."""
    before = database_fingerprint()
    Character.objects.filter(pk=world.draft.pk).update(concept="Changed")
    assert database_fingerprint() != before


def test_opening_new_character_pages_makes_no_draft(player_client: Client, world: World) -> None:
    """Drafts are made by a POST only, so reloading or prefetching cannot pile them up."""
    count = Character.objects.count()
    drifters = DriftingCharacter.objects.count()
    for _ in range(5):
        assert player_client.get(reverse("characters:new")).status_code == 200
        # The address the start page posts to is that page too: a GET only shows it.
        assert player_client.get(reverse("drifting:start")).status_code == 200
    assert Character.objects.count() == count
    assert DriftingCharacter.objects.count() == drifters
