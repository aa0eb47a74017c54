"""Deleting characters in a real browser: htmx asks in a dialog outside a campaign; in a
campaign the button opens the confirmation page, which names what else goes."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign, Membership
from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character, Race
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.infinity_drive.steps import darrian, next_sequence
from tests.conftest import PASSWORD


def _log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as bob")).to_be_visible()


def _buy_points(character: Character) -> None:
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="point_buy"
    )
    services.character_assign_points(
        character=character,
        expected_sequence=next_sequence(character),
        values={"Mus": 7, "Grc": 7, "Res": 8, "Int": 7, "Sty": 7, "Chz": 7, "Mtp": 7},
    )


def test_deleting_asks_in_a_dialog_then_on_a_page_in_a_campaign(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    users = get_user_model().objects
    bob = users.create_user("bob", "bob@example.org", PASSWORD)
    alice = users.create_user("alice", "alice@example.org", PASSWORD)
    campaign = Campaign.objects.create(name="The Rim", gm=alice)
    Membership.objects.create(campaign=campaign, user=bob)
    loner = Character.objects.create(owner=bob, name="Loner")
    _buy_points(loner)
    hopeful = Character.objects.create(owner=bob, campaign=campaign, name="Hopeful")
    _buy_points(hopeful)
    darrian(hopeful)  # a proposal waiting in Alice's queue, made only for this draft
    base = live_server.url
    _log_in(page, base)

    # A second tab left open on the same character, to act after it is deleted.
    stale = page.context.new_page()
    stale.goto(f"{base}/characters/{loner.id}/race/")
    stale.wait_for_load_state()

    # Outside a campaign: htmx asks in the browser; dismissing changes nothing.
    page.goto(f"{base}/characters/{loner.id}/race/")
    page.wait_for_load_state()  # htmx sets the button up once the page has loaded
    delete = page.locator("[data-delete-form]").get_by_role("button", name=re.compile("^Delete"))
    page.once("dialog", lambda dialog: dialog.dismiss())
    delete.click()
    expect(page.get_by_role("heading", name="3. Race")).to_be_visible()
    assert Character.objects.filter(pk=loner.pk).exists()

    questions: list[str] = []

    def agree(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.accept()

    page.once("dialog", agree)
    delete.click()
    expect(page.get_by_role("status").first).to_contain_text("“Loner” was deleted.")
    assert len(questions) == 1
    assert "Delete “Loner” for good?" in questions[0]
    assert not Character.objects.filter(pk=loner.pk).exists()

    # The stale tab's button no longer does nothing: the page reloads and says why.
    stale.once("dialog", lambda dialog: dialog.accept())
    stale.locator("[data-delete-form]").get_by_role("button", name=re.compile("^Delete")).click()
    expect(stale.get_by_text("That is no longer there")).to_be_visible()
    stale.close()

    # In a campaign: the button opens the page that says the race leaves the GM's queue.
    page.goto(f"{base}/characters/{hopeful.id}/race/")
    page.locator("[data-delete-form]").get_by_role("button", name=re.compile("^Delete")).click()
    expect(page.get_by_role("heading", name="Delete “Hopeful”?")).to_be_visible()
    expect(page.get_by_text("The race “Darrian” you proposed for it leaves")).to_be_visible()
    page.get_by_role("button", name="Yes, delete “Hopeful”").click()
    expect(page.get_by_role("status").first).to_contain_text("“Hopeful” was deleted.")
    assert not Character.objects.filter(pk=hopeful.pk).exists()
    assert not Race.objects.filter(name="Darrian").exists()
