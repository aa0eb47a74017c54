"""Infinity Drive's pages run as many queries for many characters and long logs as for
one short one, the GM's party print included."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive.steps import roll_book_characteristics
from tests.chargen.infinity_drive_finish.build import treva_through_skills
from tests.chargen.query_counts import assert_flat, page_queries


def _approved(owner: User, campaign: Campaign, name: str, *, skills: bool) -> Character:
    character = Character.objects.create(owner=owner, campaign=campaign, name=name)
    if skills:
        treva_through_skills(character)
    else:
        roll_book_characteristics(character)
    character.status = CharacterStatus.APPROVED
    character.save()
    return character


def test_party_pages_and_lists_stay_flat_in_the_number_of_characters(
    gm_client: Client, player_client: Client, campaign: Campaign, player: User, other_player: User
) -> None:
    _approved(player, campaign, "First", skills=True)
    gm_pages = [
        reverse(f"desk:{name}", kwargs={"campaign_id": campaign.pk})
        for name in ("party", "party_print", "campaign")
    ] + [reverse("desk:home"), "/"]
    player_pages = ["/", "/characters/"]
    gm_before = {url: page_queries(gm_client, url) for url in gm_pages}
    player_before = {url: page_queries(player_client, url) for url in player_pages}
    for n in range(3):
        _approved(player if n % 2 else other_player, campaign, f"More {n}", skills=True)
    assert_flat(gm_before, gm_client)
    assert_flat(player_before, player_client)


def test_the_sheet_stays_flat_in_the_length_of_the_log(
    player_client: Client, campaign: Campaign, player: User
) -> None:
    short = _approved(player, campaign, "Short", skills=False)
    long = _approved(player, campaign, "Long", skills=True)
    for page in ("sheet", "print"):
        before = page_queries(player_client, f"/characters/{short.pk}/{page}/")
        after = page_queries(player_client, f"/characters/{long.pk}/{page}/")
        assert len(after) == len(before), "\n".join(after)


def test_the_party_page_reads_its_campaign_once(
    gm_client: Client, campaign: Campaign, player: User
) -> None:
    """The characters share the campaign the page loaded, older_rule_data included."""
    _approved(player, campaign, "First", skills=False)
    queries = page_queries(gm_client, reverse("desk:party", kwargs={"campaign_id": campaign.pk}))
    from_campaigns = [
        sql for sql in queries if 'FROM "campaigns_campaign"' in sql.split("WHERE")[0]
    ]
    assert len(from_campaigns) == 1, "\n".join(from_campaigns)


def test_the_sheet_reads_the_log_once(
    player_client: Client, campaign: Campaign, player: User
) -> None:
    """The dice provenance line counts the log the sheet has already loaded."""
    character = _approved(player, campaign, "Once", skills=True)
    queries = page_queries(player_client, f"/characters/{character.pk}/sheet/")
    from_log = [
        sql for sql in queries if 'FROM "characters_creationlogentry"' in sql.split("WHERE")[0]
    ]
    assert len(from_log) == 1, "\n".join(from_log)
