"""A GM withdraws one of the campaign's own lifepaths, or hides one of the starter set in
the campaign, and can offer either again: new characters cannot choose it, characters that
took it keep it, and a change that would break the set left is refused with the checks'
reasons beside the lifepath, saving nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import lifepath_drafts as drafts
from chargen.drifting import services
from chargen.drifting.desk_kinds import LIFEPATH_DRAFTS
from chargen.drifting.lifepath_offer_form import OFFER, WITHDRAW
from chargen.drifting.lifepath_withdrawal import lifepath_offer_change
from chargen.drifting.models import Character, Lifepath, WithdrawnLifepath
from chargen.drifting.pinned import current_lifepath_version, lifepaths_for_version
from rules import drifting as rules
from tests.chargen.drifting.lifepath_drafts_helpers import new_draft


def offer_url(campaign: Campaign, lifepath: Lifepath) -> str:
    return reverse(
        "drifting:lifepath_offer", kwargs={"campaign_id": campaign.id, "lifepath_id": lifepath.id}
    )


def offered_names(campaign: Campaign) -> set[str]:
    """The lifepaths a character started in the campaign now is pinned to."""
    return {lifepath.name for lifepath in lifepaths_for_version(current_lifepath_version(campaign))}


def words(response: Any) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def started_in(player: User, campaign: Campaign) -> Character:
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character, key=character.next_sequence, name="Ada", concept="", campaign=campaign
    )
    character.refresh_from_db()
    return character


def test_a_withdrawn_lifepath_is_offered_to_no_new_character_and_kept_by_those_who_took_it(
    gm_client: Client, player: User, campaign: Campaign, storm_guide: Lifepath
) -> None:
    took_it = started_in(player, campaign)
    services.character_add_lifepath(
        character=took_it, lifepath=storm_guide, key=took_it.next_sequence
    )
    pinned = took_it.rule_version_id
    before = current_lifepath_version(campaign)

    response = gm_client.post(offer_url(campaign, storm_guide), {"offered": WITHDRAW})

    assert response.status_code == 302
    assert WithdrawnLifepath.objects.filter(campaign=campaign, lifepath=storm_guide).exists()
    assert "Storm guide" not in offered_names(campaign)
    followed = gm_client.get(response["Location"])
    assert "Withdrew Storm guide: new characters of this campaign cannot choose it" in words(
        followed
    )
    # A character started now cannot choose it.
    newcomer = started_in(player, campaign)
    with pytest.raises(rules.DriftingError):
        services.character_add_lifepath(
            character=newcomer, lifepath=storm_guide, key=newcomer.next_sequence
        )
    # The one that took it keeps its pinned set and its choice; the row itself stays.
    took_it.refresh_from_db()
    assert took_it.rule_version_id == pinned
    assert [lifepath.name for lifepath in services.chosen_lifepaths(took_it)] == ["Storm guide"]
    storm_guide.refresh_from_db()
    assert storm_guide.version == 1

    # Offered again: the campaign's set is the very version it was before.
    again = gm_client.post(offer_url(campaign, storm_guide), {"offered": OFFER})
    assert again.status_code == 302
    assert not WithdrawnLifepath.objects.exists()
    assert current_lifepath_version(campaign) == before


def test_the_gm_sees_what_is_withdrawn_and_members_do_not(
    gm: User,
    gm_client: Client,
    player_client: Client,
    campaign: Campaign,
    storm_guide: Lifepath,
    lifepaths: dict[str, Lifepath],
) -> None:
    lifepath_offer_change(campaign=campaign, by=gm, lifepath=storm_guide, offered=False)
    lifepath_offer_change(campaign=campaign, by=gm, lifepath=lifepaths["grifter"], offered=False)

    page = words(gm_client.get(reverse("drifting:lifepaths", kwargs={"campaign_id": campaign.id})))
    assert "Storm guide homebrew v1 withdrawn" in page
    assert "Grifter starter set hidden here" in page
    assert "Offer again Storm guide" in page
    assert "Hide here Drifter" in page
    assert "Withdraw Storm guide" not in page

    members = player_client.get(reverse("drifting:lifepaths", kwargs={"campaign_id": campaign.id}))
    assert "Storm guide" not in words(members)
    assert "Grifter" not in words(members)
    # The GM's desk lists the campaign's own lifepaths with what became of each.
    assert [line.text for line in LIFEPATH_DRAFTS.summary(campaign)] == [
        "Storm guide (homebrew v1, withdrawn)"
    ]


def test_hiding_a_starter_lifepath_others_come_after_is_refused_beside_it(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    marine = lifepaths["us-marine"]
    before = current_lifepath_version(campaign)

    response = gm_client.post(offer_url(campaign, marine), {"offered": WITHDRAW})

    assert response.status_code == 400
    assert not WithdrawnLifepath.objects.exists()
    assert current_lifepath_version(campaign) == before
    refused = response.content.decode()
    item = refused[refused.index(f'data-lifepath="{marine.id}"') :]
    item = item[: item.index("</li>")]
    assert "data-offer-refused" in item
    assert "Marine veteran: “United Systems marine” is no lifepath here" in " ".join(item.split())


def test_offering_again_a_lifepath_whose_name_a_newer_one_took_is_refused(
    gm: User, gm_client: Client, campaign: Campaign, storm_guide: Lifepath
) -> None:
    lifepath_offer_change(campaign=campaign, by=gm, lifepath=storm_guide, offered=False)
    newer = drafts.lifepath_publish(draft=new_draft(gm, campaign, "storm guide"), by=gm)
    assert newer.slug != storm_guide.slug  # withdrawn, its slug is still the campaign's

    response = gm_client.post(offer_url(campaign, storm_guide), {"offered": OFFER})

    assert response.status_code == 400
    assert "Storm guide: There is already a lifepath called storm guide." in words(response)
    assert WithdrawnLifepath.objects.filter(lifepath=storm_guide).exists()


def test_publishing_a_new_version_of_a_withdrawn_lifepath_offers_it_again(
    gm: User, gm_client: Client, campaign: Campaign, storm_guide: Lifepath
) -> None:
    lifepath_offer_change(campaign=campaign, by=gm, lifepath=storm_guide, offered=False)
    draft = drafts.lifepath_draft_for_edit(campaign=campaign, by=gm, lifepath=storm_guide)
    editor = gm_client.get(
        reverse(
            "drifting:lifepath_draft", kwargs={"campaign_id": campaign.id, "draft_id": draft.id}
        )
    )
    assert "Storm guide is withdrawn from this campaign: publishing this version offers it" in (
        words(editor)
    )
    drafts.lifepath_publish(draft=draft, by=gm)
    assert not WithdrawnLifepath.objects.exists()
    assert "Storm guide" in offered_names(campaign)


@pytest.mark.parametrize("posted", [{}, {"offered": "maybe"}])
def test_a_post_that_does_not_say_which_way_is_refused(
    gm_client: Client, campaign: Campaign, storm_guide: Lifepath, posted: dict[str, str]
) -> None:
    response = gm_client.post(offer_url(campaign, storm_guide), posted)
    assert response.status_code == 400
    assert "Say whether to withdraw the lifepath or offer it again." in words(response)
    assert not WithdrawnLifepath.objects.exists()


def test_a_second_post_of_the_same_change_is_answered_as_the_first(
    gm_client: Client, campaign: Campaign, storm_guide: Lifepath
) -> None:
    first = gm_client.post(offer_url(campaign, storm_guide), {"offered": WITHDRAW})
    second = gm_client.post(offer_url(campaign, storm_guide), {"offered": WITHDRAW})
    assert (first.status_code, second.status_code) == (302, 302)
    assert WithdrawnLifepath.objects.count() == 1
    assert "Withdrew Storm guide" in words(gm_client.get(second["Location"]))


def test_only_the_gm_withdraws_and_only_the_campaigns_lifepaths(
    gm: User, player: User, outsider: User, campaign: Campaign, storm_guide: Lifepath
) -> None:
    with pytest.raises(rules.DriftingError):
        lifepath_offer_change(campaign=campaign, by=player, lifepath=storm_guide, offered=False)
    elsewhere = Campaign.objects.create(gm=gm, name="Elsewhere", game=campaign.game)
    with pytest.raises(rules.DriftingError, match="not a lifepath of Elsewhere"):
        lifepath_offer_change(campaign=elsewhere, by=gm, lifepath=storm_guide, offered=False)
    assert not WithdrawnLifepath.objects.exists()


def test_a_post_without_the_csrf_token_changes_nothing(
    gm: User, campaign: Campaign, storm_guide: Lifepath
) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(gm)
    response = client.post(offer_url(campaign, storm_guide), {"offered": WITHDRAW})
    assert response.status_code == 403
    assert not WithdrawnLifepath.objects.exists()
