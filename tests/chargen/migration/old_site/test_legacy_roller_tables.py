"""Roller sheets made before a sheet could be shown at a campaign's table are at no table
after the migration, and their owners still read and roll them as before."""

from __future__ import annotations

from django.test import Client

from chargen.rollers.models import ManaCharacter, UniqueCharacter


def test_old_roller_sheets_are_at_no_table_and_still_open_for_their_owners(
    legacy_database: None,
) -> None:
    sheets: list[UniqueCharacter | ManaCharacter] = [
        *UniqueCharacter.objects.all(),
        *ManaCharacter.objects.all(),
    ]
    assert len(sheets) >= 2  # the fixture holds both kinds
    for sheet in sheets:
        assert sheet.campaign_id is None
        client = Client()
        client.force_login(sheet.owner)
        page = client.get(sheet.get_absolute_url())
        assert page.status_code == 200
        assert 'id="table-form"' in page.content.decode()
