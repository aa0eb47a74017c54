"""Drifting characters: who may see and change what. Others cannot change a sheet, the GM
reads a member's sheet and draft without its forms, wizard steps are the owner's, a GET
changes nothing, visitors log in first, and the home page lists my characters."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import services
from chargen.drifting.models import Character
from tests.chargen.drifting.views_helpers import url


@pytest.mark.parametrize("name", ["roll", "lose", "gain", "refresh", "assist", "undo_loss"])
def test_others_cannot_change_a_sheet(
    other_player_client: Client,
    gm_client: Client,
    outsider_client: Client,
    jim: Character,
    name: str,
) -> None:
    written = jim.log.count()
    for client in (other_player_client, gm_client, outsider_client):
        response = client.post(url(name, jim), {"key": jim.next_sequence})
        assert response.status_code == 404
    assert jim.log.count() == written


def test_the_gm_reads_a_members_sheet_but_others_get_404(
    gm_client: Client, other_player_client: Client, outsider_client: Client, jim: Character
) -> None:
    page = gm_client.get(jim.get_absolute_url())
    assert page.status_code == 200
    body = page.content.decode()
    assert "read-only" in body
    assert "Roll with tokens" not in body
    assert other_player_client.get(jim.get_absolute_url()).status_code == 404
    assert outsider_client.get(jim.get_absolute_url()).status_code == 404


def test_wizard_steps_belong_to_the_owner_only(
    outsider_client: Client, gm_client: Client, draft: Character
) -> None:
    for client in (outsider_client, gm_client):
        response = client.post(url("concept", draft), {"name": "Stolen", "concept": ""})
        assert response.status_code == 404
    draft.refresh_from_db()
    assert draft.name == ""


def test_a_campaign_the_player_is_not_in_is_refused(
    outsider_client: Client, outsider: User, campaign: Campaign
) -> None:
    draft = services.character_start(owner=outsider)
    response = outsider_client.post(
        url("concept", draft),
        {"name": "Dave", "concept": "", "campaign": str(campaign.id), "key": draft.next_sequence},
    )
    assert response.context["concept_form"].errors["campaign"]
    draft.refresh_from_db()
    assert draft.campaign is None


def test_get_changes_nothing(player_client: Client, jim: Character) -> None:
    assert player_client.get(url("roll", jim)).status_code == 405
    before = Character.objects.count()
    assert player_client.get(reverse("drifting:start")).status_code == 200  # the start page
    assert Character.objects.count() == before


def test_anonymous_visitors_are_sent_to_log_in(client: Client, jim: Character) -> None:
    response = client.get(jim.get_absolute_url())
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_the_home_page_lists_my_drifting_characters(player_client: Client, jim: Character) -> None:
    body = player_client.get(reverse("home")).content.decode()
    assert "Drifting characters" in body
    assert jim.get_absolute_url() in body


def test_the_gm_sees_a_members_draft_without_its_forms(
    gm_client: Client, draft: Character, campaign: Campaign
) -> None:
    draft.campaign = campaign
    draft.save()
    body = gm_client.get(draft.get_absolute_url()).content.decode()
    assert "read-only" in body
    assert "Save and choose lifepaths" not in body
