"""A prepared query gives what its queryset gives, compiles once, and binds every value."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.prepared_query import PreparedQuery
from chargen.drifting import access as drifting_access
from chargen.drifting import services as drifting_services
from chargen.infinity_drive.access import characters_for_owner
from chargen.infinity_drive.models import Character
from chargen.rollers import access as rollers_access
from chargen.rollers.models import ManaCharacter, UniqueCharacter

pytestmark = pytest.mark.django_db

_ID = Character._meta.get_field("id")
_OWNER = Character._meta.get_field("owner")
_NAME = Character._meta.get_field("name")


def _fields(obj: Any) -> dict[str, Any]:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def _shown(character: Character) -> tuple[object, ...]:
    campaign = character.campaign
    has_rolls = character.__dict__["has_rolls"]  # an annotation: set on the object or absent
    return (campaign and campaign.name, character.race, has_rolls)


def _owned_with_rolls(build_calls: list[object]) -> PreparedQuery[Character]:
    def build(owner: int) -> Any:
        build_calls.append(owner)
        return characters_for_owner(User(pk=owner)).order_by("name")

    return PreparedQuery(build, owner=_OWNER)


def test_the_objects_equal_the_querysets_with_related_rows_and_annotations(
    gm: User, player: User, outsider: User
) -> None:
    campaign = Campaign.objects.create(name="The Rim", gm=gm)
    Character.objects.create(owner=player, name="Treva", campaign=campaign)
    Character.objects.create(owner=player, name="Anton")
    Character.objects.create(owner=outsider, name="Not Bob's")
    calls: list[object] = []
    prepared = _owned_with_rolls(calls)
    for user in (player, outsider, gm):
        expected = list(characters_for_owner(user).order_by("name"))
        with CaptureQueriesContext(connection) as queries:
            found = prepared.all(owner=user.pk)
            # select_related's rows and the annotation came with the one query.
            shown = [_shown(c) for c in found]
        assert len(queries) == 1
        assert [_fields(c) for c in found] == [_fields(c) for c in expected]
        assert shown == [_shown(c) for c in expected]
        assert [c._state.db for c in found] == ["default"] * len(found)
    assert [c.name for c in prepared.all(owner=player.pk)] == ["Anton", "Treva"]
    # Built for the first call only (twice, with two sentinels), never with a user's id.
    assert len(calls) == 2
    assert not {player.pk, outsider.pk, gm.pk} & set(calls)


def test_each_value_is_bound_never_written_into_the_statement(player: User) -> None:
    Character.objects.create(owner=player, name="Treva")
    by_name: PreparedQuery[Character] = PreparedQuery(
        lambda name: Character.objects.filter(name=name), name=_NAME
    )
    assert [c.name for c in by_name.all(name="Treva")] == ["Treva"]
    assert by_name.all(name="x' OR '1'='1") == []
    assert by_name.all(name='Treva" --') == []


def test_a_uuid_is_taken_as_the_orm_takes_it(player: User) -> None:
    treva = Character.objects.create(owner=player, name="Treva")
    by_id: PreparedQuery[Character] = PreparedQuery(
        lambda pk: Character.objects.filter(pk=pk)[:1], pk=_ID
    )
    assert by_id.first(pk=treva.pk) == treva
    assert by_id.first(pk=str(treva.pk)) == treva
    assert by_id.first(pk=uuid.uuid4()) is None


def test_a_query_it_cannot_prepare_is_refused_on_first_use() -> None:
    rewritten: PreparedQuery[Character] = PreparedQuery(
        lambda name: Character.objects.filter(name__icontains=name), name=_NAME
    )
    with pytest.raises(ImproperlyConfigured, match="not a value given"):
        rewritten.all(name="Treva")
    unused: PreparedQuery[Character] = PreparedQuery(
        lambda name: Character.objects.all(), name=_NAME
    )
    with pytest.raises(ImproperlyConfigured, match="not among"):
        unused.all(name="Treva")
    prefetching: PreparedQuery[Character] = PreparedQuery(
        lambda name: Character.objects.filter(name=name).prefetch_related("log"), name=_NAME
    )
    with pytest.raises(ImproperlyConfigured, match="prefetch"):
        prefetching.all(name="Treva")
    named: PreparedQuery[Character] = PreparedQuery(
        lambda name: Character.objects.filter(name=name), name=_NAME
    )
    with pytest.raises(TypeError):
        named.all(nom="Treva")
    with pytest.raises(TypeError, match="None"):  # the ORM would mean IS NULL
        named.all(name=None)


def test_the_access_helpers_find_only_what_the_user_may_reach(
    player: User, outsider: User, player_client: Any, outsider_client: Any
) -> None:
    unique = UniqueCharacter.objects.create(owner=player, name="Pool one")
    mana = ManaCharacter.objects.create(owner=player, name="Mana one")
    assert rollers_access.unique_character_for_owner(player, str(unique.pk)) == unique
    assert rollers_access.mana_character_for_owner(player, mana.pk) == mana
    for sheet in (unique, mana):
        assert player_client.get(sheet.get_absolute_url()).status_code == 200
        assert outsider_client.get(sheet.get_absolute_url()).status_code == 404
    # The unique-dice id is not a roll-and-keep sheet: the two queries are apart.
    assert outsider_client.get(reverse("rollers:mana", args=[unique.pk])).status_code == 404
    assert player_client.get(reverse("rollers:mana", args=[unique.pk])).status_code == 404
    drifter = drifting_services.character_start(owner=player)
    assert drifting_access.character_for_owner(player, drifter.pk) == drifter
    assert drifting_access.character_for_viewer(player, str(drifter.pk)) == drifter
    for helper in (drifting_access.character_for_owner, drifting_access.character_for_viewer):
        with pytest.raises(Http404):
            helper(outsider, drifter.pk)
    assert [c.pk for c in drifting_access.characters_for_owner(player)] == [drifter.pk]
    assert drifting_access.characters_for_owner(outsider).count() == 0
