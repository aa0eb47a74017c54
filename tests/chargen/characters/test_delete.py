"""Deleting an Infinity Drive character: any time outside a campaign; in a campaign only a
draft with no dice, so a player cannot reroll behind the GM's back (docs/rulings.md,
"Deleting a character")."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.characters import services
from chargen.characters.deletion import character_delete
from chargen.characters.gm import services as desk
from chargen.characters.models import (
    Character,
    CharacterStatus,
    CreationLogEntry,
    Race,
    RaceStatus,
)
from chargen.core.deletion import DeletionRefused
from chargen.desk.models import Decision, Notification, NotificationKind
from tests.chargen.characters.steps import next_sequence, roll_book_characteristics
from tests.chargen.security.conftest import database_fingerprint

HTMX = {"HX-Request": "true"}
CONFIRMED = {"confirm": "yes"}
# 50 points over the book's seven characteristics, no dice.
POINTS = {"Mus": 8, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 7, "Mtp": 7}


def delete_url(character: Character) -> str:
    return reverse("characters:delete", kwargs={"character_id": character.id})


def buy_points(character: Character) -> None:
    """Characteristics by point buy: two log entries, neither with dice."""
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="point_buy"
    )
    services.character_assign_points(
        character=character, expected_sequence=next_sequence(character), values=POINTS
    )


def propose(character: Character, name: str) -> Race:
    race = services.race_propose(
        character=character,
        expected_sequence=next_sequence(character),
        name=name,
        reason="A home-world rife with metaphysical predators.",
        adjustments={"Int": 3, "Res": -2, "Mtp": -1},
    )
    assert race is not None
    return race


def exists(character: Character) -> bool:
    return Character.objects.filter(pk=character.pk).exists()


# --- Outside any campaign: the owner deletes at any time ------------------------------------


@pytest.mark.parametrize(
    "status",
    [CharacterStatus.DRAFT, CharacterStatus.FINISHED, CharacterStatus.DEAD],
)
def test_the_owner_deletes_a_character_outside_any_campaign_with_a_plain_post(
    player_client: Client, draft: Character, status: str
) -> None:
    roll_book_characteristics(draft)  # seven rolls: nobody else relies on them
    Character.objects.filter(pk=draft.pk).update(status=status)
    response = player_client.post(delete_url(draft), CONFIRMED)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert not exists(draft)
    assert not CreationLogEntry.objects.filter(character_id=draft.pk).exists()
    home = player_client.get(reverse("home")).content.decode()
    assert "“Treva Donalson” was deleted." in home


def test_the_owner_deletes_with_htmx_and_the_whole_page_moves_home(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    response = player_client.post(delete_url(draft), CONFIRMED, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("home")
    assert not exists(draft)


def test_the_button_asks_first_with_htmx_and_without(
    player_client: Client, draft: Character
) -> None:
    """The button follows the campaigns' pattern: hx-confirm and confirm=yes for htmx,
    the confirmation page for a plain POST (which carries no confirm=yes)."""
    buy_points(draft)
    page = player_client.get(reverse("characters:characteristics", args=[draft.id]))
    body = page.content.decode()
    form = body[body.index("data-delete-form") - 200 : body.index("data-delete-form") + 600]
    assert f'action="{delete_url(draft)}"' in form
    assert f'hx-post="{delete_url(draft)}"' in form
    assert 'hx-confirm="Delete “Treva Donalson” for good?' in form
    assert """hx-vals='{"confirm": "yes"}'""" in form
    assert "csrfmiddlewaretoken" in form
    assert 'name="confirm"' not in form  # a plain POST lands on the confirmation page


def test_a_get_and_an_unconfirmed_post_only_ask(player_client: Client, draft: Character) -> None:
    roll_book_characteristics(draft)
    before = database_fingerprint()
    for response in (
        player_client.get(delete_url(draft)),
        player_client.post(delete_url(draft), {}),
    ):
        assert response.status_code == 200
        page = response.content.decode()
        assert "Delete “Treva Donalson”?" in page
        assert "Nothing has changed yet." in page
        assert 'data-roll-count="7"' in page
        assert "7 rolls (7 of them typed in from physical dice)" in page
        assert "Draft: Race and career next" in page
        assert "Outside any campaign" in page
        assert 'name="confirm" value="yes"' in page  # the confirmed form, posted again
    assert database_fingerprint() == before


def test_from_the_list_the_player_goes_back_to_the_list(
    player_client: Client, draft: Character
) -> None:
    page = player_client.get(reverse("characters:list")).content.decode()
    assert 'name="return_to" value="list"' in page
    response = player_client.post(delete_url(draft), {**CONFIRMED, "return_to": "list"})
    assert response["Location"] == reverse("characters:list")
    # Only a name is honoured: nothing in the request can send the player elsewhere.
    other = Character.objects.create(owner=draft.owner, name="Other")
    response = player_client.post(
        delete_url(other), {**CONFIRMED, "return_to": "https://evil.example/"}
    )
    assert response["Location"] == reverse("home")


def test_the_delete_button_is_on_the_sheet_the_home_page_and_the_list(
    player_client: Client, draft: Character
) -> None:
    for url in (
        reverse("characters:sheet", args=[draft.id]),
        reverse("home"),
        reverse("characters:list"),
        reverse("characters:concept", args=[draft.id]),
    ):
        assert f'hx-post="{delete_url(draft)}"' in player_client.get(url).content.decode(), url


# --- In a campaign: only a draft without dice --------------------------------------------


def test_a_campaign_draft_without_dice_may_be_deleted(
    player_client: Client, campaign_draft: Character
) -> None:
    buy_points(campaign_draft)
    page = player_client.get(reverse("characters:race", args=[campaign_draft.id])).content.decode()
    # In a campaign the button asks on the confirmation page, even with htmx: only that
    # page says what else goes (a proposed race leaves the GM's queue).
    form = page[page.index("data-delete-form") - 200 : page.index("data-delete-form") + 600]
    assert f'action="{delete_url(campaign_draft)}"' in form
    assert "hx-post" not in form
    assert "hx-confirm" not in form
    response = player_client.post(delete_url(campaign_draft), CONFIRMED, headers=HTMX)
    assert response["HX-Redirect"] == reverse("home")
    assert not exists(campaign_draft)


def test_a_campaign_draft_with_dice_is_refused_and_keeps_everything(
    player_client: Client, campaign_draft: Character
) -> None:
    roll_book_characteristics(campaign_draft)
    before = database_fingerprint()

    confirm_page = player_client.get(delete_url(campaign_draft)).content.decode()
    assert "“Rimmer” cannot be deleted" in confirm_page
    assert "part of the campaign&#x27;s record; ask your GM" in confirm_page
    assert 'name="confirm"' not in confirm_page  # no way to confirm from here

    response = player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert response.status_code == 302
    assert response["Location"] == campaign_draft.get_absolute_url()
    shown = player_client.get(reverse("home")).content.decode()
    assert "deleting it would let a new character roll them again" in shown
    assert "ask your GM" in shown

    response = player_client.post(delete_url(campaign_draft), CONFIRMED, headers=HTMX)
    assert response["HX-Redirect"] == campaign_draft.get_absolute_url()
    assert database_fingerprint() == before
    assert CreationLogEntry.objects.filter(character=campaign_draft).exclude(dice="").count() == 7


def test_the_control_is_hidden_where_deleting_is_refused(
    player_client: Client, campaign_draft: Character
) -> None:
    roll_book_characteristics(campaign_draft)
    for url in (
        reverse("characters:race", args=[campaign_draft.id]),
        reverse("characters:sheet", args=[campaign_draft.id]),
        reverse("home"),
        reverse("characters:list"),
    ):
        page = player_client.get(url).content.decode()
        assert delete_url(campaign_draft) not in page, url


@pytest.mark.parametrize(
    "status",
    [
        CharacterStatus.SUBMITTED,
        CharacterStatus.RETURNED,
        CharacterStatus.APPROVED,
        CharacterStatus.FINISHED,
        CharacterStatus.DEAD,
    ],
)
def test_a_campaign_character_past_the_draft_is_refused(
    player_client: Client, campaign_draft: Character, status: str
) -> None:
    """Submitted, approved, finished or dead: it is on the GM's record, dice or not."""
    Character.objects.filter(pk=campaign_draft.pk).update(status=status)
    response = player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert response["Location"] == campaign_draft.get_absolute_url()
    assert exists(campaign_draft)
    campaign_draft.refresh_from_db()
    with pytest.raises(DeletionRefused, match="ask your GM"):
        character_delete(character=campaign_draft)
    assert delete_url(campaign_draft) not in player_client.get(reverse("home")).content.decode()


def test_a_removed_player_still_cannot_delete_a_campaign_character_with_dice(
    player_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    """A removed player's characters stay in the campaign's record."""
    roll_book_characteristics(campaign_draft)
    campaign.memberships.filter(user=campaign_draft.owner).delete()
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert exists(campaign_draft)


# --- Only the owner -----------------------------------------------------------------------


@pytest.mark.parametrize("who", ["other_player_client", "gm_client", "outsider_client"])
def test_anyone_but_the_owner_gets_404_and_changes_nothing(
    request: pytest.FixtureRequest, who: str, campaign_draft: Character, draft: Character
) -> None:
    client = request.getfixturevalue(who)
    buy_points(campaign_draft)  # deletable by its owner: only the owner check stops them
    for character in (campaign_draft, draft):
        before = database_fingerprint()
        assert client.get(delete_url(character)).status_code == 404
        assert client.post(delete_url(character), CONFIRMED).status_code == 404
        assert client.post(delete_url(character), CONFIRMED, headers=HTMX).status_code == 404
        assert database_fingerprint() == before


def test_a_visitor_is_sent_to_log_in(client: Client, draft: Character) -> None:
    response = client.post(delete_url(draft), CONFIRMED)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert exists(draft)


# --- The draft cap ------------------------------------------------------------------------


def test_a_deleted_draft_frees_its_place_under_the_cap(player: User, player_client: Client) -> None:
    Character.objects.bulk_create(
        Character(owner=player, name=f"Draft {number}")
        for number in range(settings.MAX_INFINITY_DRIVE_DRAFTS)
    )
    refused = player_client.post(reverse("characters:new"), {"name": "One more", "concept": ""})
    assert refused.status_code == 400
    unwanted = Character.objects.filter(owner=player).first()
    assert unwanted is not None
    player_client.post(delete_url(unwanted), CONFIRMED)
    started = player_client.post(reverse("characters:new"), {"name": "One more", "concept": ""})
    assert started.status_code == 303
    assert Character.objects.filter(owner=player, status=CharacterStatus.DRAFT).count() == 50
    assert Character.objects.filter(name="One more").exists()


# --- Races proposed for it, and the GM's desk ---------------------------------------------


def test_a_race_proposed_only_for_it_leaves_the_gms_queue(
    player_client: Client, gm_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    assert race.notifications.filter(kind=NotificationKind.RACE_PROPOSED).exists()
    queue = reverse("desk:race_queue", args=[campaign.id])
    assert "Zarkan" in gm_client.get(queue).content.decode()

    confirm_page = player_client.get(delete_url(campaign_draft)).content.decode()
    assert "The race “Zarkan” you proposed for it leaves the GM&#x27;s queue" in confirm_page
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert not Race.objects.filter(pk=race.pk).exists()
    assert not Notification.objects.filter(item_id=race.pk).exists()
    assert "Zarkan" not in gm_client.get(queue).content.decode()
    assert "leaves the GM&#x27;s queue" in player_client.get(reverse("home")).content.decode()


def test_a_race_another_character_uses_stays_in_the_queue(
    player: User,
    player_client: Client,
    gm: User,
    campaign_draft: Character,
    campaign: Campaign,
) -> None:
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    sibling = Character.objects.create(owner=player, campaign=campaign, name="Sibling")
    buy_points(sibling)
    services.character_choose_race(
        character=sibling, expected_sequence=next_sequence(sibling), race_id=str(race.id)
    )
    assert "leaves the GM" not in player_client.get(delete_url(campaign_draft)).content.decode()
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert not exists(campaign_draft)
    race.refresh_from_db()
    assert race.status == RaceStatus.PROPOSED
    desk.race_approve(race=race, by=gm)  # the GM can still decide on it
    sibling.refresh_from_db()
    assert sibling.race == race


def test_a_race_in_another_characters_log_stays_in_the_queue(
    player: User, player_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    """An undo reads the race back from the log, so a race chosen there is still in use."""
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    sibling = Character.objects.create(owner=player, campaign=campaign, name="Sibling")
    buy_points(sibling)
    services.character_choose_race(
        character=sibling, expected_sequence=next_sequence(sibling), race_id=str(race.id)
    )
    Character.objects.filter(pk=sibling.pk).update(race=None)
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert not exists(campaign_draft)
    assert Race.objects.filter(pk=race.pk, status=RaceStatus.PROPOSED).exists()


def test_the_desk_pages_still_load_after_the_deletion(
    player_client: Client,
    gm_client: Client,
    gm: User,
    campaign_draft: Character,
    campaign: Campaign,
) -> None:
    """Rimmer's race was rejected (a decision on the desk's record), then Rimmer is deleted:
    the decision stays, named as it was, and every desk page still loads."""
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    desk.race_reject(race=race, by=gm, note="Too strong for this campaign.")
    party_character = reverse("desk:party_character", args=[campaign.id, campaign_draft.id])
    assert gm_client.get(party_character).status_code == 200
    assert "Rimmer" in gm_client.get(reverse("desk:party", args=[campaign.id])).content.decode()

    deleted = player_client.post(delete_url(campaign_draft), CONFIRMED, follow=True)
    assert "“Rimmer” was deleted." in deleted.content.decode()  # the message is read
    assert not exists(campaign_draft)

    decision = Decision.objects.get(race=race)  # the GM's record is kept
    assert decision.item_name == "Zarkan"
    for client, name in (
        (gm_client, "desk:home"),
        (gm_client, "desk:campaign"),
        (gm_client, "desk:race_queue"),
        (gm_client, "desk:character_queue"),
        (gm_client, "desk:party"),
        (gm_client, "desk:party_print"),
        (player_client, "desk:my_campaign"),
        (player_client, "desk:home"),
    ):
        args = [] if name == "desk:home" else [campaign.id]
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
        assert "Rimmer" not in response.content.decode(), name
    assert "Zarkan" in gm_client.get(reverse("desk:campaign", args=[campaign.id])).content.decode()
    assert gm_client.get(party_character).status_code == 404
    assert player_client.get(reverse("home")).status_code == 200


def test_the_name_is_escaped_on_the_page_the_button_and_the_message(
    player: User, player_client: Client
) -> None:
    hostile = '<script>alert("x")</script>'
    character = Character.objects.create(owner=player, name=hostile)
    for url in (delete_url(character), reverse("home"), reverse("characters:list")):
        page = player_client.get(url).content.decode()
        assert hostile not in page, url
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page, url
    page = player_client.post(delete_url(character), CONFIRMED, follow=True).content.decode()
    assert "“&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;” was deleted." in page
    assert hostile not in page


def test_lists_show_delete_buttons_without_a_query_per_character(
    player_client: Client, player: User, campaign: Campaign
) -> None:
    """Whether each campaign draft may be deleted is read with the list, not per row."""

    def make_drafts(count: int) -> None:
        for number in range(count):
            character = Character.objects.create(
                owner=player, campaign=campaign, name=f"Draft {number}"
            )
            if number % 2:
                roll_book_characteristics(character)  # dice: no button for this one
            else:
                buy_points(character)

    def queries(url: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert player_client.get(url).status_code == 200
        return len(captured)

    pages = (reverse("home"), reverse("characters:list"))
    make_drafts(2)
    before = [queries(url) for url in pages]
    make_drafts(4)
    assert [queries(url) for url in pages] == before
    listed = player_client.get(reverse("characters:list")).content.decode()
    assert listed.count("data-delete-form") == 3, "the three drafts without dice"
