"""A "new sheet" form sent twice (a double-click on Create, Back and send again) makes
one sheet: the form carries a one-time key (chargen/core/start_key.py), as the
Infinity Drive and Drifting start forms do. A user's try found two sheets."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.rollers.views_helpers import url

KINDS: dict[str, tuple[type[UniqueCharacter] | type[ManaCharacter], str, str]] = {
    "unique": (UniqueCharacter, "rollers:unique_create", "unique_edit"),
    "mana": (ManaCharacter, "rollers:mana_create", "mana_edit"),
}


def _key(client: Client, prefix: str) -> str:
    page = client.get(reverse("rollers:list")).content.decode()
    found = re.search(rf'name="{prefix}-start_key" value="([0-9a-f-]+)"', page)
    assert found, "the list's new-sheet form carries its one-time key"
    return found.group(1)


@pytest.mark.parametrize("prefix", KINDS)
def test_a_new_sheet_form_sent_twice_makes_one_sheet(
    player_client: Client, player: User, prefix: str
) -> None:
    model, create, edit = KINDS[prefix]
    form = {f"{prefix}-name": "Vex", f"{prefix}-start_key": _key(player_client, prefix)}
    first = player_client.post(reverse(create), form)
    second = player_client.post(reverse(create), form)
    sheet = model.objects.get(owner=player)
    assert first["Location"] == second["Location"] == url(edit, sheet)
    # A fresh list page is another key, and another sheet.
    other = _key(player_client, prefix)
    assert other != form[f"{prefix}-start_key"]
    player_client.post(reverse(create), {**form, f"{prefix}-start_key": other})
    assert model.objects.filter(owner=player).count() == 2
    # The book's attributes were made once with the first sheet, as with the second.
    second_sheet = model.objects.exclude(pk=sheet.pk).get(owner=player)
    assert sheet.attributes.count() == second_sheet.attributes.count() > 0


@pytest.mark.parametrize("prefix", KINDS)
def test_a_damaged_key_is_refused_and_saves_nothing(player_client: Client, prefix: str) -> None:
    model, create, _ = KINDS[prefix]
    response = player_client.post(
        reverse(create), {f"{prefix}-name": "Vex", f"{prefix}-start_key": "x"}
    )
    assert "one-time key is damaged" in response.content.decode()
    assert not model.objects.exists()
