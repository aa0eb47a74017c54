"""Notifications: the GM hears of new queue items, players of decisions; badges and email."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.template import Context, Template
from django.test import override_settings
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.desk.models import Notification, NotificationKind
from chargen.desk.notifications import notifications_mark_seen, unseen_count
from chargen.infinity_drive.gm.services import (
    character_approve,
    character_return,
    notify_character_submitted,
    notify_race_proposed,
    race_approve,
    race_reject,
)
from chargen.infinity_drive.models import Character, CharacterStatus, Race

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], None]]]]


def test_a_proposed_race_tells_the_gm_once(
    campaign: Campaign,
    player: User,
    gm: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        race = Race.objects.create(
            campaign=campaign,
            name="Darrian",
            reason="Cunning.",
            adjustments={"Int": 1, "Res": -1},
            proposed_by=player,
        )
    assert unseen_count(user=gm) == 1
    assert unseen_count(user=player) == 0
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    assert "bob proposed the race “Darrian”" in mail.outbox[0].subject
    # Saving again or asking again does not tell the GM twice.
    race.save()
    assert notify_race_proposed(race=race) is None
    assert unseen_count(user=gm) == 1


def test_a_submitted_character_tells_the_gm_once_per_submission(
    submitted: Character, gm: User
) -> None:
    assert (
        Notification.objects.filter(recipient=gm, kind=NotificationKind.CHARACTER_SUBMITTED).count()
        == 1
    )
    submitted.save()
    assert notify_character_submitted(character=submitted) is None
    character_return(character=submitted, by=gm, note="Describe his face.")
    submitted.refresh_from_db()
    submitted.status = CharacterStatus.SUBMITTED
    submitted.save()
    assert (
        Notification.objects.filter(recipient=gm, kind=NotificationKind.CHARACTER_SUBMITTED).count()
        == 2
    )


def test_a_decision_emails_the_player_after_commit(
    darrian: Race,
    gm: User,
    player: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:
    mail.outbox.clear()
    with django_capture_on_commit_callbacks() as callbacks:
        race_reject(race=darrian, by=gm, note="Please give a reason for the Mtp loss.")
        # Nothing is sent until the transaction has committed.
        assert mail.outbox == []
    for callback in callbacks:
        callback()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["bob@example.org"]
    assert "Your race “Darrian” was rejected" in message.subject
    assert "Please give a reason for the Mtp loss." in message.body
    assert unseen_count(user=player, campaign=darrian.campaign) == 1


def test_a_refused_decision_sends_nothing(
    darrian: Race, gm: User, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    race_approve(race=darrian, by=gm)
    mail.outbox.clear()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(Exception, match="already"),
    ):
        race_reject(race=Race.objects.get(pk=darrian.pk), by=gm, note="late")
    assert mail.outbox == []


def test_badge_counts_what_is_new_since_the_last_look(
    submitted: Character,
    darrian: Race,
    campaign: Campaign,
    gm: User,
    player: User,
) -> None:
    # Alice has two queue items: the race and the character.
    assert unseen_count(user=gm, campaign=campaign) == 2
    notifications_mark_seen(user=gm, campaign=campaign)
    assert unseen_count(user=gm) == 0

    race_approve(race=darrian, by=gm)
    character_approve(character=submitted, by=gm)
    assert unseen_count(user=player) == 2
    notifications_mark_seen(user=player, campaign=campaign)
    assert unseen_count(user=player) == 0
    assert unseen_count(user=gm) == 0


def test_the_badge_tag_renders_the_count(submitted: Character, gm: User, player: User) -> None:
    template = Template("{% load desk %}[{% desk_badge user %}]")
    assert '1<span class="visually-hidden"> new' in template.render(Context({"user": gm}))
    assert "badge" not in template.render(Context({"user": player}))


def _link_in(body: object) -> str:
    assert isinstance(body, str)
    lines = [line for line in body.splitlines() if line.startswith("See it at: ")]
    assert len(lines) == 1, body
    return lines[0].removeprefix("See it at: ")


def test_e_mail_links_are_absolute_on_the_site_url(
    campaign: Campaign,
    player: User,
    gm: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:
    """A path alone ("/desk/…") cannot be clicked in a mail reader; SITE_URL makes it a link."""
    mail.outbox.clear()
    with override_settings(SITE_URL="https://chargen.example.org"):
        with django_capture_on_commit_callbacks(execute=True):
            race = Race.objects.create(
                campaign=campaign, name="Darrian", reason="Cunning.", proposed_by=player
            )
        with django_capture_on_commit_callbacks(execute=True):
            race_reject(race=race, by=gm, note="Please give a reason.")
    to_gm, to_player = mail.outbox
    assert _link_in(to_gm.body) == "https://chargen.example.org" + reverse(
        "desk:race_queue", kwargs={"campaign_id": campaign.id}
    )
    assert _link_in(to_player.body) == "https://chargen.example.org" + reverse(
        "desk:my_campaign", kwargs={"campaign_id": campaign.id}
    )


def test_the_default_site_url_is_the_development_server() -> None:
    environment = {key: value for key, value in os.environ.items() if key != "SITE_URL"}
    result = subprocess.run(
        [sys.executable, "-c", "from chargen import settings; print(settings.SITE_URL)"],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "http://127.0.0.1:8000"
