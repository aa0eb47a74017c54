"""The registry of game systems drives the home page, the menu, the campaign's rules form,
the desk, deletion and the URLs, for the four systems and for a fifth one it has never
seen (tests/chargen/core/fifth_system.py)."""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import clear_url_caches, reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.content.desk_kinds import PROMPTS
from chargen.core.systems import GameSystem, UnknownSystem, registry
from chargen.desk.models import Decision, Notification
from chargen.drifting.models import Character as DriftingCharacter
from tests.chargen.core import fifth_system
from tests.chargen.core.fifth_system import FIFTH, FIFTH_WAITING, FifthRules

FOUR = ("infinity_drive", "drifting", "unique_pool", "roll_and_keep")


def _reload_urls() -> None:
    """The URLconfs read the registry when imported: read it again."""
    import chargen.desk.urls
    import chargen.urls

    importlib.reload(chargen.desk.urls)
    importlib.reload(chargen.urls)
    clear_url_caches()


@pytest.fixture
def fifth() -> Iterator[GameSystem]:
    """Fifth Wind registered, as its app's ready() would, for one test."""
    with registry.registered(fifth_system.SYSTEM):
        _reload_urls()
        try:
            yield fifth_system.SYSTEM
        finally:
            FIFTH_WAITING.clear()
    _reload_urls()


def _main(page: str) -> str:
    return page[page.index("<main") : page.index("</main>")]


def _nav(page: str) -> str:
    return page[page.index('id="main-nav"') : page.index("</nav>")]


# --- The registry itself ----------------------------------------------------------------


def test_the_four_systems_are_registered_in_order() -> None:
    assert [system.key for system in registry.all()] == list(FOUR)
    assert [system.key for system in registry.campaign_games()] == ["infinity_drive", "drifting"]
    assert [system.key for system in registry.submittable()] == ["infinity_drive"]
    kinds = [kind for system in registry.all() for kind in system.character_kinds]
    assert [kind.key for kind in kinds] == ["character", "character", "unique", "mana"]
    assert all(kind.exporter is not None and kind.exporter.restore for kind in kinds)


def test_an_unknown_key_is_named() -> None:
    with pytest.raises(UnknownSystem, match="“tarot”"):
        registry.get("tarot")


def test_two_systems_cannot_share_a_key() -> None:
    impostor = GameSystem(key="drifting", label="Not Drifting", order=99)
    with pytest.raises(ImproperlyConfigured, match="drifting"):
        registry.register(impostor)
    assert registry.get("drifting").label == "Drifting"


def test_a_campaign_game_must_declare_its_house_rules() -> None:
    with pytest.raises(ImproperlyConfigured, match="house rules"):
        registry.register(GameSystem(key="bare", label="Bare", order=99, campaign_game=True))
    with pytest.raises(UnknownSystem):
        registry.get("bare")


# --- Home and menu ------------------------------------------------------------------------


@pytest.mark.parametrize("key", FOUR)
def test_each_systems_home_section_and_menu_entry_appear(
    player_client: Client, player: User, key: str
) -> None:
    system = registry.get(key)
    page = player_client.get(reverse("home")).content.decode()
    assert system.home_section is not None
    section = system.home_section(player)
    assert f'id="home-{section.key}"' in _main(page)
    assert section.title in _main(page)
    assert system.nav
    for entry in system.nav:
        assert f'href="{reverse(entry.url_name)}">{entry.label}</a>' in _nav(page)


def test_two_systems_of_one_app_share_one_section_and_one_entry(player_client: Client) -> None:
    page = player_client.get(reverse("home")).content.decode()
    assert _main(page).count('id="home-rollers"') == 1
    assert _nav(page).count(f'href="{reverse("rollers:list")}"') == 1


def test_a_registered_fifth_system_gets_a_home_section_and_a_menu_entry(
    fifth: GameSystem, player_client: Client
) -> None:
    page = player_client.get(reverse("home")).content.decode()
    assert 'id="home-fifth"' in _main(page)
    assert "No Fifth Wind sheets yet: the wind has not risen." in _main(page)
    assert f'href="{reverse("fifth:list")}">Fifth Wind</a>' in _nav(page)
    # Its pages are mounted from the registry: chargen/urls.py names no system.
    assert player_client.get(reverse("fifth:list")).content == b"Fifth Wind sheets"


def test_without_the_fifth_system_nothing_of_it_shows(player_client: Client) -> None:
    page = player_client.get(reverse("home")).content.decode()
    assert "Fifth Wind" not in page
    assert "/fifth/" not in page


# --- Campaigns: the game, its rules form, its page ---------------------------------------


@pytest.mark.parametrize("key", ["infinity_drive", "drifting"])
def test_the_rules_form_shows_only_the_campaigns_game(
    gm: User, gm_client: Client, key: str
) -> None:
    campaign = campaign_create(gm=gm, name="Table", game=key)
    page = _main(gm_client.get(reverse("campaigns:rules", args=[campaign.id])).content.decode())
    names = set(re.findall(r'name="([a-z_]+)"', page)) - {"csrfmiddlewaretoken", "submit"}
    codec = registry.get(key).house_rules
    assert codec is not None
    assert names == set(codec.names)


def test_a_fifth_system_is_offered_played_and_ruled(
    fifth: GameSystem, gm: User, gm_client: Client, player: User
) -> None:
    form = gm_client.get(reverse("campaigns:create")).content.decode()
    assert 'value="fifth_wind"' in form
    response = gm_client.post(
        reverse("campaigns:create"), {"name": "Gales", "description": "", "game": FIFTH}
    )
    campaign = Campaign.objects.get(name="Gales")
    assert response["Location"] == campaign.get_absolute_url()
    assert campaign.house_rules == {FIFTH: {"gale_force": 3, "calm_days": True}}
    assert campaign.rules == FifthRules()

    rules_url = reverse("campaigns:rules", args=[campaign.id])
    page = _main(gm_client.get(rules_url).content.decode())
    assert set(re.findall(r'name="([a-z_]+)"', page)) >= {"gale_force", "calm_days"}
    assert "point_buy_total" not in page
    refused = gm_client.post(rules_url, {"gale_force": 13, "calm_days": "on"})
    assert refused.status_code == 200
    assert "between 1 and 12 on the Beaufort scale" in refused.content.decode()
    assert gm_client.post(rules_url, {"gale_force": 9}).status_code == 302
    campaign.refresh_from_db()
    assert campaign.rules == FifthRules(gale_force=9, calm_days=False)

    detail = _main(gm_client.get(campaign.get_absolute_url()).content.decode())
    assert "Gale force" in detail
    assert "Fifth Wind weather" in detail


def test_a_campaign_of_an_unregistered_system_is_refused(gm: User) -> None:
    with pytest.raises(UnknownSystem):
        campaign_create(gm=gm, name="Gales", game=FIFTH)


# --- The desk -------------------------------------------------------------------------


def test_the_desk_shows_the_queues_and_links_infinity_drive_declares(
    gm: User, gm_client: Client
) -> None:
    campaign = campaign_create(gm=gm, name="The Rim")
    page = _main(gm_client.get(reverse("desk:campaign", args=[campaign.id])).content.decode())
    assert "0 races to approve" in page
    assert "0 characters to approve" in page
    system = registry.get("infinity_drive")
    for link in system.desk.links:
        assert f">{link.label}</a>" in page
        assert reverse(link.url_name, args=[campaign.id]) in page


def test_a_drifting_campaign_has_no_queue_and_no_approval_page(gm: User, gm_client: Client) -> None:
    campaign = campaign_create(gm=gm, name="Storm", game="drifting")
    page = _main(gm_client.get(reverse("desk:campaign", args=[campaign.id])).content.decode())
    assert "Drifting has no approval queue." in page
    assert "races to approve" not in page
    queue = gm_client.get(reverse("desk:character_queue", args=[campaign.id]))
    assert queue.status_code == 404


def test_a_drifting_campaign_has_no_content_page_of_infinity_drives(
    gm: User, gm_client: Client
) -> None:
    """The desk's content pages list the campaign's own game's kinds: Drifting declares
    none, so none of Infinity Drive's equipment, tables or prompts is reached through it."""
    campaign = campaign_create(gm=gm, name="Storm", game="drifting")
    for name, args in (
        ("desk:content", []),
        ("desk:content_kind", ["equipment"]),
        ("desk:content_row", ["prompts"]),
        ("desk:content_child", ["tables", "cash"]),
    ):
        assert gm_client.get(reverse(name, args=[campaign.id, *args])).status_code == 404
    assert gm_client.post(reverse("desk:content_copy", args=[campaign.id])).status_code == 404


@pytest.mark.parametrize("slugs", [("equipment", "equipment"), ("prompts", "copy"), ("edit",)])
def test_content_kinds_must_have_their_own_slugs(slugs: tuple[str, ...]) -> None:
    """Two kinds of one slug, or a kind named like the desk's own actions, would shadow
    a page: the registry refuses the declaration."""
    infinity_drive = registry.get("infinity_drive")
    assert infinity_drive.desk.content is not None
    declared = tuple(dataclasses.replace(PROMPTS, slug=slug) for slug in slugs)
    fake = dataclasses.replace(
        fifth_system.SYSTEM,
        desk=dataclasses.replace(
            fifth_system.SYSTEM.desk,
            content=dataclasses.replace(infinity_drive.desk.content, kinds=declared),
        ),
    )
    with pytest.raises(ImproperlyConfigured, match="content kinds may not be called"):
        registry.register(fake)
    assert FIFTH not in [system.key for system in registry.all()]


def test_the_approval_queue_works_over_a_fifth_system(
    fifth: GameSystem,
    gm: User,
    gm_client: Client,
    player: User,
    player_client: Client,
) -> None:
    campaign = campaign_create(gm=gm, name="Gales", game=FIFTH)
    Membership.objects.create(campaign=campaign, user_id=player.pk)
    sheet = DriftingCharacter.objects.create(owner_id=player.pk, campaign=campaign, name="Zephyr")
    FIFTH_WAITING.add(sheet.pk)

    home = _main(gm_client.get(reverse("home")).content.decode())
    assert "Gales: 1 character waiting for your decision" in home
    desk = _main(gm_client.get(reverse("desk:campaign", args=[campaign.id])).content.decode())
    assert "1 character to approve" in desk
    queue_url = reverse("desk:character_queue", args=[campaign.id])
    queue = _main(gm_client.get(queue_url).content.decode())
    assert f'id="character-{sheet.pk}" data-fifth-card>Zephyr' in queue

    approve = reverse("desk:character_approve", args=[campaign.id, sheet.pk])
    assert player_client.post(approve, {}).status_code == 404  # only the GM decides
    assert gm_client.post(approve, {"note": "Fair winds."})["Location"] == queue_url
    decision = Decision.objects.get(campaign=campaign)
    assert (decision.item, decision.item_name, decision.note) == (sheet, "Zephyr", "Fair winds.")
    told = Notification.objects.get(recipient_id=player.pk)
    assert told.message == "Your character “Zephyr” was approved. Note from the GM: Fair winds."
    assert told.item == sheet

    again = gm_client.post(approve, {}, HTTP_HX_REQUEST="true")
    assert again.status_code == 200  # refused: chargen.core.htmx.refused_status
    assert "was already approved by alice" in again.content.decode()
    mine = player_client.get(reverse("desk:my_campaign", args=[campaign.id])).content.decode()
    assert "data-fifth-mine>Zephyr" in _main(mine)


def test_deleting_goes_through_the_registry_for_a_fifth_system(
    fifth: GameSystem, player: User, player_client: Client, outsider_client: Client
) -> None:
    sheet = DriftingCharacter.objects.create(owner_id=player.pk, name="Zephyr")
    delete_url = reverse("fifth:delete", args=[sheet.pk])
    assert outsider_client.post(delete_url, {"confirm": "yes"}).status_code == 404
    asked = _main(player_client.get(delete_url).content.decode())
    assert "This Fifth Wind sheet and everything recorded for it are deleted for good" in asked
    assert player_client.post(delete_url, {"confirm": "yes"})["Location"] == reverse("home")
    assert not DriftingCharacter.objects.filter(pk=sheet.pk).exists()
