"""The wizard's pages and who may see them: the stepper and htmx partials for the owner, 404
for everyone else, logging in first, and campaigns the player is not in."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.views_helpers import HTMX, url

STEP_PAGES = ("concept", "characteristics", "race", "learner", "career", "skills")


@pytest.mark.parametrize("page", STEP_PAGES)
def test_every_step_page_shows_the_stepper_to_the_owner(
    player_client: Client, draft: Character, page: str
) -> None:
    response = player_client.get(url(page, draft))
    assert response.status_code == 200
    content = response.content.decode()
    assert 'class="stepper"' in content
    assert 'aria-current="step"' in content
    assert "<html" in content


@pytest.mark.parametrize("page", STEP_PAGES)
def test_an_htmx_request_gets_only_the_wizard_partial(
    player_client: Client, draft: Character, page: str
) -> None:
    response = player_client.get(url(page, draft), headers=HTMX)
    assert response.status_code == 200
    content = response.content.decode()
    assert re.match(r'<title>[^<]*</title>\s*<div id="wizard"', content.lstrip())
    assert "<html" not in content


@pytest.mark.parametrize("page", STEP_PAGES)
def test_other_people_get_404(
    other_player_client: Client,
    outsider_client: Client,
    gm_client: Client,
    draft: Character,
    page: str,
) -> None:
    for client in (other_player_client, outsider_client, gm_client):
        assert client.get(url(page, draft)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client: Client, draft: Character) -> None:
    response = client.get(url("characteristics", draft))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_posting_on_someone_elses_character_is_404_and_changes_nothing(
    other_player_client: Client, draft: Character
) -> None:
    response = other_player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    assert response.status_code == 404
    assert not log_entries(draft)


def test_a_garbage_id_is_404(player_client: Client) -> None:
    assert player_client.get("/characters/not-a-uuid/skills/").status_code == 404


def test_new_character_in_a_campaign_you_are_not_in_is_refused(
    outsider_client: Client, campaign: Campaign
) -> None:
    response = outsider_client.post(
        reverse("characters:new"), {"name": "Spy", "concept": "", "campaign": str(campaign.id)}
    )
    assert response.status_code == 400
    assert not Character.objects.filter(name="Spy").exists()
