"""Deleting an Infinity Drive character is the owner's alone: anyone else gets 404 and changes
nothing, and a visitor is sent to log in."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.delete_helpers import (
    CONFIRMED,
    HTMX,
    buy_points,
    delete_url,
    exists,
)
from tests.chargen.security.conftest import database_fingerprint


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
