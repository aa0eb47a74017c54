"""E-mails built from user text: a line break in a name cannot break or extend the mail."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive.models import Character, Race
from rules.infinity_drive.codes import CHARACTERISTICS
from tests.chargen.infinity_drive.steps import next_sequence, roll_book_characteristics

CaptureCallbacks = Callable[..., AbstractContextManager[object]]
NAME_WITH_HEADER = "Rogue\r\nBcc: victim@example.org"


@pytest.mark.parametrize("where", ["race", "campaign"])
def test_a_name_with_a_line_break_still_sends_a_one_line_subject(
    rulebook: None,
    where: str,
    gm: User,
    player: User,
    player_client: Client,
    django_capture_on_commit_callbacks: CaptureCallbacks,
) -> None:
    """Before, Django refused the whole e-mail (BadHeaderError) after the proposal had
    committed: the player saw a server error and the GM was never told."""
    campaign_name = NAME_WITH_HEADER if where == "campaign" else "The Long Jump"
    race_name = NAME_WITH_HEADER if where == "race" else "Darrian"
    campaign = campaign_create(gm=gm, name=campaign_name)
    Membership.objects.create(campaign=campaign, user=player)
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva")
    roll_book_characteristics(character)
    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(
            reverse("characters:propose_race", args=[character.id]),
            {
                "sequence": next_sequence(character),
                "name": race_name,
                "reason": "Predators on the home-world.",
                **{f"adjust_{code}": "0" for code in CHARACTERISTICS},
                "adjust_Int": "3",
                "adjust_Res": "-2",
                "adjust_Mtp": "-1",
            },
        )
    assert response.status_code == 303
    assert Race.objects.filter(campaign=campaign).count() == 1
    [message] = mail.outbox
    assert message.to == [gm.email]
    assert message.bcc == []
    assert "\n" not in message.subject
    assert "\r" not in message.subject
    assert "Rogue Bcc: victim@example.org" in message.subject
    sent = message.message()
    assert sent["Bcc"] is None
    assert "victim" not in sent.get_all("To", [])[0]
