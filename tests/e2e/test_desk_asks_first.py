"""The desk in a real browser: a refused decision explains itself in place, and the
actions that cannot be undone ask first (htmx's hx-confirm)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from tests.conftest import PASSWORD


@pytest.fixture
def campaign(gm: User, player: User) -> Campaign:
    created = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    Membership.objects.create(campaign=created, user=player)
    return created


@pytest.fixture
def submitted(campaign: Campaign, player: User) -> Character:
    """Bob's character waiting for Alice's decision (one characteristic roll logged)."""
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva Donalson")
    CreationLogEntry.objects.create(
        character=character, sequence=1, kind="method", payload={"method": "dice"}
    )
    CreationLogEntry.objects.create(
        character=character, sequence=2, kind="characteristic_roll", dice="2d6", faces=[2, 3]
    )
    character.status = CharacterStatus.SUBMITTED
    character.save()
    return character


def _log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))


def test_returning_a_character_without_a_note_shows_why_in_the_card(
    live_server: LiveServer, page: Page, submitted: Character, campaign: Campaign
) -> None:
    base = live_server.url
    _log_in(page, base, "alice")
    page.goto(f"{base}{reverse('desk:character_queue', args=[campaign.id])}")
    card = page.locator(f"#character-{submitted.id}")
    card.get_by_role("button", name="Return with note").click()
    expect(card.get_by_role("alert")).to_contain_text("Write a note")
    submitted.refresh_from_db()
    assert submitted.status == CharacterStatus.SUBMITTED
    # With a note, the card says where it went; the decided list says who took it.
    card.get_by_label("Note to the player").fill("Describe his eyes.")
    card.get_by_role("button", name="Return with note").click()
    expect(card).to_contain_text("returned for changes")
    decided = page.locator(f'[data-decided="{submitted.id}"]')
    expect(decided).to_contain_text("Returned for changes")
    expect(decided).to_contain_text("by alice (GM)")
    expect(decided).to_contain_text("played by bob")


def test_removing_a_player_asks_first_and_cancelling_changes_nothing(
    live_server: LiveServer, page: Page, player: User, campaign: Campaign
) -> None:
    base = live_server.url
    _log_in(page, base, "alice")
    page.goto(f"{base}{campaign.get_absolute_url()}")
    questions: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.get_by_role("button", name="Remove bob").click()
    expect(page.get_by_role("button", name="Remove bob")).to_be_visible()
    assert questions == ["Remove bob from “The Long Jump”? They keep their characters."]
    assert campaign.is_member(player)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Remove bob").click()
    expect(page.get_by_text("bob is no longer in the campaign.")).to_be_visible()
    assert not campaign.is_member(player)


def test_a_new_invite_link_asks_first(
    live_server: LiveServer, page: Page, campaign: Campaign
) -> None:
    base = live_server.url
    old_token = campaign.invite_token
    _log_in(page, base, "alice")
    page.goto(f"{base}{campaign.get_absolute_url()}")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name=re.compile("Make a new link")).click()
    expect(page.locator("#invite-link")).to_have_value(re.compile(str(old_token)))
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=re.compile("Make a new link")).click()
    expect(page.get_by_role("status").filter(has_text="New link made")).to_be_visible()
    campaign.refresh_from_db()
    assert campaign.invite_token != old_token
    expect(page.locator("#invite-link")).to_have_value(re.compile(str(campaign.invite_token)))
