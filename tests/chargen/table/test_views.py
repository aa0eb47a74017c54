"""The table page, the strip and the GM's pin, as the test client sees them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from chargen.campaigns.models import Campaign
from chargen.core.live import cursor_from_text
from chargen.core.live_feed import live_feeds, rows_after
from chargen.drifting.models import Character
from chargen.table.access import viewer_of
from chargen.table.models import PIN_MAX_LENGTH, TablePin
from tests.chargen.table.conftest import character_of, roll

pytestmark = pytest.mark.django_db


def page(campaign: Campaign) -> str:
    return reverse("table:page", kwargs={"campaign_id": campaign.pk})


def test_the_gm_and_members_see_the_table_and_no_one_else(
    table_campaign: Campaign,
    gm_client: Client,
    player_client: Client,
    outsider_client: Client,
    jim: Character,
) -> None:
    roll(jim, "Athletics", [3, 4])
    assert gm_client.get(page(table_campaign)).status_code == 200
    assert "Roll: Athletics" in player_client.get(page(table_campaign)).content.decode()
    assert outsider_client.get(page(table_campaign)).status_code == 404
    assert Client().get(page(table_campaign)).status_code == 302  # to the log-in page


def test_the_page_shows_the_newest_first_escaped_with_its_position(
    table_campaign: Campaign, gm_client: Client, player: User
) -> None:
    sly = character_of(player, table_campaign, "<script>alert(1)</script>")
    roll(sly, "first", [1, 1])
    roll(sly, "second <b>bold</b>", [2, 2])
    html = gm_client.get(page(table_campaign)).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b>bold</b>" not in html
    assert html.index("second &lt;b&gt;") < html.index("Roll: first")
    # The socket goes on from where the page was drawn: the newest row of each log.
    value = html.split('id="table-cursor" value="')[1].split('"')[0].replace("&quot;", '"')
    assert list(cursor_from_text(value).values()) == [3]


def test_the_gm_pins_a_message_every_strip_shows(
    table_campaign: Campaign, gm_client: Client, player_client: Client, jim: Character
) -> None:
    url = reverse("table:pin", kwargs={"campaign_id": table_campaign.pk})
    response = gm_client.post(url, {"text": "Roll characteristics with dice <tonight>"})
    assert response.status_code == 302
    strip = player_client.get(reverse("table:strip", kwargs={"campaign_id": table_campaign.pk}))
    assert "Roll characteristics with dice &lt;tonight&gt;" in strip.content.decode()


def test_only_the_gm_pins_and_only_by_post_with_csrf(
    table_campaign: Campaign, gm: User, player_client: Client
) -> None:
    url = reverse("table:pin", kwargs={"campaign_id": table_campaign.pk})
    assert player_client.post(url, {"text": "mine now"}).status_code == 404
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(gm)
    assert strict.post(url, {"text": "no token"}).status_code == 403
    assert strict.get(url).status_code == 405
    assert not TablePin.objects.exists()


def test_a_pin_too_long_is_refused_at_its_field_as_typed(
    table_campaign: Campaign, gm_client: Client
) -> None:
    url = reverse("table:pin", kwargs={"campaign_id": table_campaign.pk})
    response = gm_client.post(url, {"text": "x" * (PIN_MAX_LENGTH + 1)})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'class="invalid-feedback" id="pin-error"' in html
    assert "x" * (PIN_MAX_LENGTH + 1) in html
    assert not TablePin.objects.exists()


def test_what_a_watcher_missed_is_one_read_per_log(
    table_campaign: Campaign,
    gm: User,
    player: User,
    other_player: User,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    characters = [
        character_of(owner, table_campaign, owner.username) for owner in (player, other_player)
    ]
    for character in characters * 3:
        roll(character, "again", [5, 6])
    viewer = viewer_of(table_campaign, gm)
    rows_after(table_campaign.pk, viewer, {})  # the signing keys are cached from here on
    with django_assert_num_queries(len(live_feeds())):
        replay = rows_after(table_campaign.pk, viewer, {})
    assert len(replay.rows) == 2 * 4  # each one's start and three rolls
    with django_assert_num_queries(len(live_feeds())):
        assert rows_after(table_campaign.pk, viewer, replay.cursor).rows == ()
