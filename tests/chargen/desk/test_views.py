"""The desk pages end to end through the test client: queues, notes, party, print."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_house_rules_change
from chargen.desk.models import Decision
from chargen.desk.notifications import unseen_count
from chargen.infinity_drive.models import Character, CharacterStatus, Race, RaceStatus
from tests.chargen.infinity_drive.steps import roll_book_characteristics


def _url(name: str, campaign: Campaign, **kwargs: object) -> str:
    return reverse(f"desk:{name}", kwargs={"campaign_id": campaign.id, **kwargs})


def test_race_queue_shows_adjustments_profile_limits_and_reason(
    gm_client: Client, darrian: Race, campaign: Campaign
) -> None:
    page = gm_client.get(_url("race_queue", campaign)).content.decode()
    assert "Darrian" in page
    assert "metaphysical predators" in page
    # +3 Int, -2 Res, -1 Mtp on an average humanoid: 7777777 → 775A776
    assert "7777777" in page
    assert "775A776" in page
    assert 'data-limits="ok"' in page
    assert "Within the book&#x27;s limits" in page


def test_a_race_over_the_limits_is_flagged_and_cannot_be_approved(
    gm_client: Client, campaign: Campaign, player: User
) -> None:
    titan = Race.objects.create(
        campaign=campaign,
        name="Titan",
        reason="Big.",
        adjustments={"Mus": 4, "Int": -4},
        proposed_by=player,
    )
    page = gm_client.get(_url("race_queue", campaign)).content.decode()
    assert 'data-limits="broken"' in page
    response = gm_client.post(_url("race_approve", campaign, race_id=titan.id), follow=True)
    assert "more than 3 points" in response.content.decode()
    titan.refresh_from_db()
    assert titan.status == RaceStatus.PROPOSED


def test_race_queue_end_to_end_and_the_player_sees_the_note(
    gm_client: Client,
    player_client: Client,
    other_player_client: Client,
    darrian: Race,
    campaign: Campaign,
) -> None:
    response = gm_client.post(
        _url("race_reject", campaign, race_id=darrian.id), {"note": ""}, follow=True
    )
    assert "Write a note" in response.content.decode()
    darrian.refresh_from_db()
    assert darrian.status == RaceStatus.PROPOSED

    response = gm_client.post(
        _url("race_approve", campaign, race_id=darrian.id), {"note": "Welcome, Darrians."}
    )
    assert response.status_code == 302
    darrian.refresh_from_db()
    assert darrian.status == RaceStatus.APPROVED

    mine = player_client.get(_url("my_campaign", campaign)).content.decode()
    assert "Darrian" in mine
    assert "Approved" in mine
    assert "Welcome, Darrians." in mine
    # Approved races are open to everyone in the campaign.
    theirs = other_player_client.get(_url("my_campaign", campaign)).content.decode()
    assert "Races anyone in this campaign may play" in theirs
    assert "Darrian" in theirs


def test_a_second_decision_from_a_stale_page_is_refused_with_a_message(
    gm_client: Client, darrian: Race, campaign: Campaign
) -> None:
    gm_client.post(_url("race_approve", campaign, race_id=darrian.id), {"note": ""})
    response = gm_client.post(
        _url("race_reject", campaign, race_id=darrian.id), {"note": "no"}, follow=True
    )
    assert "already approved by alice" in response.content.decode()
    assert Decision.objects.count() == 1


def test_htmx_decision_swaps_in_the_decided_card(
    gm_client: Client, darrian: Race, campaign: Campaign
) -> None:
    response = gm_client.post(
        _url("race_approve", campaign, race_id=darrian.id),
        {"note": "ok"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith("<article")
    assert f'id="race-{darrian.id}"' in body
    assert "Approved" in body
    assert "<html" not in body
    conflict = gm_client.post(
        _url("race_reject", campaign, race_id=darrian.id),
        {"note": "no"},
        HTTP_HX_REQUEST="true",
    )
    assert conflict.status_code == 200  # refused: chargen.core.htmx.refused_status
    assert "already approved" in conflict.content.decode()


def test_character_queue_end_to_end(
    gm_client: Client, player_client: Client, submitted: Character, campaign: Campaign
) -> None:
    page = gm_client.get(_url("character_queue", campaign)).content.decode()
    assert "Treva Donalson" in page
    assert "3 rolls" in page
    assert "1 typed in" in page

    gm_client.post(
        _url("character_return", campaign, character_id=submitted.id),
        {"note": "Please describe his appearance."},
    )
    submitted.refresh_from_db()
    assert submitted.status == CharacterStatus.RETURNED
    mine = player_client.get(_url("my_campaign", campaign)).content.decode()
    assert "Returned by the GM" in mine
    assert "Please describe his appearance." in mine

    submitted.status = CharacterStatus.SUBMITTED
    submitted.save()
    gm_client.post(_url("character_approve", campaign, character_id=submitted.id), {})
    submitted.refresh_from_db()
    assert submitted.status == CharacterStatus.APPROVED


def test_gm_creates_a_non_humanoid_race_through_the_form(
    gm_client: Client, campaign: Campaign
) -> None:
    form = gm_client.get(_url("race_new", campaign)).content.decode()
    assert "the 14 dice need to be implemented" in form
    data = {
        "name": "Lumen",
        "description": "Bodiless minds of light.",
        "bodiless": "on",
        "dice_Mus": 0,
        "dice_Grc": 0,
        "dice_Res": 0,
        "dice_Int": 11,
        "dice_Sty": 1,
        "dice_Chz": 1,
        "dice_Mtp": 1,
    }
    response = gm_client.post(_url("race_new", campaign), data)
    assert response.status_code == 302
    race = Race.objects.get(name="Lumen")
    assert race.bodiless
    assert race.status == RaceStatus.APPROVED

    bad = {**data, "name": "Wrong", "dice_Int": 10}
    response = gm_client.post(_url("race_new", campaign), bad)
    assert response.status_code == 200
    assert "exactly 14" in response.content.decode()
    assert not Race.objects.filter(name="Wrong").exists()

    # The same name again (a second press, or a slip): refused at the form, nothing made.
    again = gm_client.post(_url("race_new", campaign), {**data, "name": " lumen "})
    assert again.status_code == 200
    assert "already has a race called “lumen”" in again.content.decode()
    assert Race.objects.filter(campaign=campaign, name__iexact="lumen").count() == 1


def test_the_non_humanoid_race_form_says_the_campaigns_maximum(
    gm_client: Client, campaign: Campaign
) -> None:
    form = gm_client.get(_url("race_new", campaign)).content.decode()
    assert "The most its dice can roll (beyond it only with a history reason)" in form
    campaign_house_rules_change(campaign=campaign, by=campaign.gm, non_humanoid_maximum="none")
    form = gm_client.get(_url("race_new", campaign)).content.decode()
    assert "(house rule): No maximum: every increase applies." in form


def test_party_shows_every_member_with_roll_counts_and_highlights_typed_in_rolls(
    gm_client: Client, submitted: Character, draft: Character, campaign: Campaign
) -> None:
    page = gm_client.get(_url("party", campaign)).content.decode()
    assert "bob" in page
    assert "carol" in page
    assert "Treva Donalson" in page
    assert "Carol&#x27;s draft" in page
    assert "1 typed in" in page
    log = gm_client.get(_url("party_character", campaign, character_id=submitted.id))
    body = log.content.decode()
    assert body.count('data-entered="true"') == 1
    assert "Rolled at the table on my lucky dice." in body
    assert "3 rolls" in body
    # Drafts are read-only to the GM: the page carries no form of any kind.
    draft_page = gm_client.get(_url("party_character", campaign, character_id=draft.id))
    assert draft_page.status_code == 200
    assert (
        "<form" not in draft_page.content.decode().split('<main id="main"')[1].split("</main>")[0]
    )


def test_a_removed_players_characters_stay_theirs(
    gm_client: Client, submitted: Character, campaign: Campaign, player: User
) -> None:
    Membership.objects.filter(campaign=campaign, user=player).delete()
    page = gm_client.get(_url("party", campaign)).content.decode()
    assert "no longer a member" in page
    submitted.refresh_from_db()
    assert submitted.owner == player


def test_print_view_has_each_approved_sheet_and_nothing_else(
    rules_data: None,
    gm_client: Client,
    other_player_client: Client,
    submitted: Character,
    draft: Character,
    campaign: Campaign,
    player: User,
    other_player: User,
) -> None:
    for owner, name in ((player, "Treva the Second"), (other_player, "Vel Orin")):
        character = Character.objects.create(owner=owner, campaign=campaign, name=name)
        roll_book_characteristics(character)
        character.status = CharacterStatus.APPROVED
        character.save()
    for client in (gm_client, other_player_client):
        page = client.get(_url("party_print", campaign)).content.decode()
        assert page.count('class="sheet mb-5"') == 2
        assert page.count('class="character-sheet"') == 2
        assert "Treva the Second" in page
        assert "Vel Orin" in page
        # The book's rolled example: "The character finally looks like: 58C2874"
        assert page.count("58C2874") == 2
        assert "Treva Donalson" not in page  # submitted, not approved
        assert "Carol&#x27;s draft" not in page


def test_mark_seen_clears_the_badge(
    gm_client: Client, gm: User, submitted: Character, campaign: Campaign
) -> None:
    home = gm_client.get(reverse("desk:home")).content.decode()
    assert "1 character waiting" in home
    assert unseen_count(user=gm) == 1
    desk = gm_client.get(_url("campaign", campaign)).content.decode()
    assert "submitted “Treva Donalson” for your approval" in desk
    assert unseen_count(user=gm) == 1  # looking (GET) changes nothing
    gm_client.post(_url("mark_seen", campaign))
    assert unseen_count(user=gm) == 0


def test_decision_email_goes_out(
    gm_client: Client,
    submitted: Character,
    campaign: Campaign,
    django_capture_on_commit_callbacks: Any,
) -> None:
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        gm_client.post(_url("character_approve", campaign, character_id=submitted.id), {})
    assert [message.to for message in mail.outbox] == [["bob@example.org"]]
    assert "Your character “Treva Donalson” was approved" in mail.outbox[0].subject


def test_party_marks_a_character_started_before_the_gm_changed_a_creation_rule(
    gm_client: Client, submitted: Character, draft: Character, campaign: Campaign
) -> None:
    page = gm_client.get(_url("party", campaign)).content.decode()
    assert "data-rules-changed" not in page, "nothing has changed yet"

    campaign_house_rules_change(campaign=campaign, by=campaign.gm, starting_credits=30000)
    page = gm_client.get(_url("party", campaign)).content.decode()
    assert page.count("data-rules-changed") == 2, "both characters started under 20,000"
    assert "now 30,000" in page or "now 30000" in page

    log = gm_client.get(_url("party_character", campaign, character_id=submitted.id))
    body = log.content.decode()
    assert "data-rules-changed" in body
    assert "Started under rules you have since changed" in body

    # Approval is how the GM works, not a creation rule: changing it marks nobody.
    campaign_house_rules_change(
        campaign=campaign,
        by=campaign.gm,
        starting_credits=20000,
        approval_required=not campaign.rules.approval_required,
    )
    page = gm_client.get(_url("party", campaign)).content.decode()
    assert "data-rules-changed" not in page


def test_the_desk_offers_to_copy_the_invite_link(gm_client: Client, campaign: Campaign) -> None:
    """The same invite card as the campaign page: the link as selectable text, a copy
    button chargen.js shows where the browser can copy, and a status line it speaks in."""
    page = gm_client.get(_url("campaign", campaign)).content.decode()
    assert 'id="invite-link"' in page
    assert campaign.invite_url in page
    assert re.search(r'<button[^>]*data-copy-target="invite-link"[^>]*>Copy link</button>', page)
    assert 'role="status" data-copy-status="invite-link"' in page
    assert "{#" not in page
