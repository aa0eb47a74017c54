"""The roller sheets run as many queries after many rolls as after one."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.query_counts import page_queries


def unique_roll(client: Client, character: UniqueCharacter) -> None:
    response = client.post(
        reverse("rollers:unique_roll", kwargs={"character_id": character.id}),
        {
            "sequence": services.next_sequence(character),
            "attribute": str(character.attributes.get(name="Precision").pk),
            "tool_quality": 1,
            "specials": [str(character.specials.get().pk)],
        },
    )
    assert response.status_code == 302


def mana_roll(client: Client, character: ManaCharacter) -> None:
    response = client.post(
        reverse("rollers:mana_roll", kwargs={"character_id": character.id}),
        {
            "sequence": services.next_sequence(character),
            "attribute": str(character.attributes.get(name="Cunning").pk),
            "specialities": [str(character.specialities.get(name="Deceit").pk)],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
        },
    )
    assert response.status_code == 302


def test_the_unique_sheet_stays_flat_in_the_number_of_rolls(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    page = leanne.get_absolute_url()
    unique_roll(player_client, leanne)
    one = page_queries(player_client, page)
    for _ in range(6):
        unique_roll(player_client, leanne)
    assert leanne.rolls.count() == 7
    assert len(page_queries(player_client, page)) == len(one)


def test_the_mana_sheet_stays_flat_in_the_number_of_rolls(
    player_client: Client, mage: ManaCharacter
) -> None:
    page = mage.get_absolute_url()
    mana_roll(player_client, mage)
    one = page_queries(player_client, page)
    for _ in range(6):
        mana_roll(player_client, mage)
    assert mage.rolls.count() == 7
    assert len(page_queries(player_client, page)) == len(one)


def test_the_sheets_draw_their_forms_from_rows_loaded_once(
    player_client: Client, leanne: UniqueCharacter, mage: ManaCharacter
) -> None:
    """Attributes, specialities and colours are read once a page, however many forms draw
    them (chargen.core.form_fields.draw_from): here 20 and 24 queries before, 16 and 16 then
    (the roll-and-keep sheet counts its log for the pages of its roll log), 18 and 18 now
    (the owner's campaigns for the live-table choice: its field, and the ETag's)."""
    unique_roll(player_client, leanne)
    mana_roll(player_client, mage)
    unique = page_queries(player_client, leanne.get_absolute_url())
    mana = page_queries(player_client, mage.get_absolute_url())
    assert len(unique) <= 18, "\n".join(unique)
    assert len(mana) <= 18, "\n".join(mana)
    assert sum("rollers_manacolour" in sql for sql in mana) == 1
    # The server's keys (for where each roll came from) come from the cache.
    assert not any("core_signingkey" in sql for sql in [*unique, *mana])


def test_the_sheets_take_the_next_sequence_and_crises_from_rows_they_load(
    player_client: Client, leanne: UniqueCharacter, mage: ManaCharacter
) -> None:
    """The form's sequence is one past the newest row of the log the page shows, and the
    crisis track is counted from the crises the page lists: no MAX, no COUNT;
    16 and 15 queries before, 15 and 16 now (the logged-in session and user, the badge,
    the ETag's own reads: the sheet through its check and, for the contest form, the
    owner's other roll-and-keep sheets; and the count for the roll log's pages); two more
    for the live-table choice (the owner's campaigns, in its field and in the ETag)."""
    unique_roll(player_client, leanne)
    mana_roll(player_client, mage)
    unique = page_queries(player_client, leanne.get_absolute_url())
    mana = page_queries(player_client, mage.get_absolute_url())
    assert not [sql for sql in [*unique, *mana] if "MAX(" in sql]
    assert sum('FROM "rollers_uniquecrisis"' in sql for sql in unique) == 1, "\n".join(unique)
    assert len(unique) <= 17, "\n".join(unique)
    assert len(mana) <= 18, "\n".join(mana)
