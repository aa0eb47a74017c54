"""The sheet's body, drawn once and read from the cache (chargen/infinity_drive/sheet_cache.py):
the same HTML as drawn afresh, read from the cache for real, and a new key whenever
anything it shows changes."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils.safestring import SafeString

from chargen.campaigns.models import Campaign
from chargen.core.row_cache import CACHE_ALIAS
from chargen.infinity_drive import services_finish, sheet_cache
from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.gm.party import party_sheets
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.selectors_finish import finish_load
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive_finish.build import (
    equip_standard,
    treva_through_skills,
    write_history,
)


def _bodies(html: str) -> list[str]:
    """Each sheet's <article> on a page, in order."""
    bodies = []
    start = html.find('<article class="character-sheet"')
    while start != -1:
        end = html.index("</article>", start) + len("</article>")
        bodies.append(html[start:end])
        start = html.find('<article class="character-sheet"', end)
    return bodies


def _cold(client: Client, url: str) -> str:
    caches[CACHE_ALIAS].clear()
    caches["replay"].clear()
    return client.get(url).content.decode()


def _key(character: Character, *, name_tag: str = "h1", heading_tag: str = "h2") -> str | None:
    character = Character.objects.select_related("campaign", "race").get(pk=character.pk)
    finish = finish_load(character)
    ids = sorted({entry.key_id for entry in finish.log if entry.key_id})
    return sheet_cache.sheet_body_key(
        finish, known_ids=ids, name_tag=name_tag, heading_tag=heading_tag
    )


@pytest.fixture
def approved(campaign: Campaign, player: User, gm: User) -> Character:
    """Treva in the campaign, with a table choice undone and made again, approved."""
    set_house_rules(campaign.pk, approval_required=True)
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva Donalson")
    treva_through_skills(character, undo_a_table_choice=True)
    character.refresh_from_db()
    assert character.race is not None
    desk.race_approve(race=character.race, by=gm)
    equip_standard(character)
    write_history(character)
    services_finish.character_finish(character=character)
    desk.character_approve(character=character, by=gm)
    character.refresh_from_db()
    assert character.status == CharacterStatus.APPROVED
    return character


@pytest.mark.parametrize("page", ["sheet", "print"])
def test_the_cached_body_is_the_body_drawn_afresh(
    player_client: Client, treva: Character, page: str
) -> None:
    url = reverse(f"characters:{page}", args=[treva.pk])
    cold = _bodies(_cold(player_client, url))
    warm = _bodies(player_client.get(url).content.decode())
    assert len(cold) == 1
    assert warm == cold


def test_the_pages_read_the_body_from_the_cache(player_client: Client, treva: Character) -> None:
    url = reverse("characters:sheet", args=[treva.pk])
    _cold(player_client, url)
    key = _key(treva)
    assert key is not None
    assert caches[CACHE_ALIAS].get(key) is not None
    caches[CACHE_ALIAS].set(key, SafeString("<p>drawn from the cache</p>"))
    assert "drawn from the cache" in player_client.get(url).content.decode()
    # What comes back from the cache as anything but the template's safe output is
    # drawn again.
    caches[CACHE_ALIAS].set(key, "<p>not safe</p>")
    assert "not safe" not in player_client.get(url).content.decode()


def test_the_party_print_shows_each_sheet_as_its_sheet_page_does(
    gm_client: Client, approved: Character, campaign: Campaign
) -> None:
    """Drawn afresh (the cache emptied first), so neither borrows the other's body; the
    party print makes each Finish as finish_load does (the rows in force, the whole log)."""
    party = _bodies(_cold(gm_client, reverse("desk:party_print", args=[campaign.pk])))
    caches[CACHE_ALIAS].clear()
    character = Character.objects.select_related("campaign", "race").get(pk=approved.pk)
    # The sheet page's own body, with the party print's headings (h2 and h3).
    own = sheet_cache.sheet_body(finish_load(character), name_tag="h2", heading_tag="h3")
    assert party == _bodies(own)


def _campaign_id(character: Character) -> uuid.UUID:
    assert character.campaign_id is not None
    return character.campaign_id


CHANGES: dict[str, Callable[[Character], object]] = {
    "the character's name": lambda c: Character.objects.filter(pk=c.pk).update(name="Treva D."),
    "the character's concept": lambda c: Character.objects.filter(pk=c.pk).update(
        concept="Ex-navy pilot"
    ),
    "the campaign's name": lambda c: Campaign.objects.filter(pk=_campaign_id(c)).update(
        name="The Far Rim"
    ),
    "the campaign's house rules": lambda c: set_house_rules(c.campaign_id, starting_credits=1),
    "a new row in the log": lambda c: equip_standard(c),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_anything_the_body_shows_changes_its_key(campaign_treva: Character, change: str) -> None:
    before = _key(campaign_treva)
    assert before is not None
    assert _key(campaign_treva, name_tag="h2", heading_tag="h3") != before
    CHANGES[change](Character.objects.get(pk=campaign_treva.pk))
    assert _key(campaign_treva) != before


def test_the_sheet_shows_the_campaign_renamed_its_rules_changed_and_the_concept(
    player_client: Client, campaign_treva: Character
) -> None:
    url = reverse("characters:sheet", args=[campaign_treva.pk])
    player_client.get(url)  # the body is in the cache
    Campaign.objects.filter(pk=_campaign_id(campaign_treva)).update(name="The Far Rim")
    set_house_rules(campaign_treva.campaign_id, starting_credits=1)
    Character.objects.filter(pk=campaign_treva.pk).update(concept="Ex-navy <pilot>")
    warm = player_client.get(url).content.decode()
    assert "The Far Rim" in _bodies(warm)[0]
    assert '<p class="sheet-concept mb-1">Ex-navy &lt;pilot&gt;</p>' in _bodies(warm)[0]
    assert "Built under the campaign's earlier house rules" in warm
    assert _bodies(warm) == _bodies(_cold(player_client, url))


def test_the_party_print_gives_each_sheet_its_own_log(
    approved: Character, campaign: Campaign
) -> None:
    """Every approved log in one prefetch, each given to its own character's sheet."""
    expected = {approved.pk: tuple(log_entries(approved))}
    assert len(expected[approved.pk]) > 10
    assert {s.character.pk: s.finish.log for s in party_sheets(campaign)} == expected
