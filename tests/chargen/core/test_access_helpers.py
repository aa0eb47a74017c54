"""The access helpers find only what the user may reach; anyone else gets a 404."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import Http404
from django.urls import reverse

from chargen.drifting import access as drifting_access
from chargen.drifting import services as drifting_services
from chargen.rollers import access as rollers_access
from chargen.rollers.models import ManaCharacter, UniqueCharacter

pytestmark = pytest.mark.django_db


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
        with pytest.raises(Http404):
            helper(player, "not-a-uuid")
    assert [c.pk for c in drifting_access.characters_for_owner(player)] == [drifter.pk]
    assert drifting_access.characters_for_owner(outsider).count() == 0
