"""Unsaved text is not lost by accident: a history reason typed at the skills
step turns "Lose the roll here" into taking the increase, leaving the page with the text
still unsent asks first (and staying keeps it), and sending the form never asks. A plain
(non-htmx) form, the GM's new campaign, is sent without a question too."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.infinity_drive.steps import next_sequence
from tests.chargen.infinity_drive.test_labels import _strong_citizen
from tests.e2e.test_phone_layout import log_in_as

REASON = "Two years hauling crates in the warehouse."


def test_leaving_unsaved_text_asks_and_sending_it_never_does(
    page: Page, live_server: LiveServer, player: User
) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    # Muscle at 12 (its maximum): a roll of 1 1 on the academic table would raise it.
    character = Character.objects.create(owner=player, name="Treva Donalson")
    _strong_citizen(character)
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces="1 1"
    )
    base = live_server.url
    log_in_as(page.context, base, player)
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.type)
        dialog.dismiss()  # "Stay on the page"

    page.on("dialog", dismiss)
    page.goto(f"{base}{reverse('characters:skills', args=[character.id])}")

    # The button says what happens: lose the roll, or with a reason take the increase.
    reason = page.locator("#why-construction-academic")
    button = page.locator("#take-construction-academic")
    expect(button).to_have_text("Lose the roll here")
    reason.press_sequentially(REASON[:10])
    expect(button).to_have_text("Take it above the maximum, with this reason")
    reason.fill("")
    expect(button).to_have_text("Lose the roll here")
    reason.fill(REASON)
    expect(button).to_have_text("Take it above the maximum, with this reason")

    # Leaving asks; staying keeps the page and the text.
    skills_url = page.url
    page.get_by_role("link", name="Campaigns").first.click()
    for _ in range(50):  # the dialog comes as an event, after the click returns
        if asked:
            break
        page.wait_for_timeout(100)
    assert asked == ["beforeunload"], asked
    assert page.url == skills_url
    expect(reason).to_have_value(REASON)

    # Refused (too long), the form comes back with the text and why: still unsaved, so
    # leaving asks again (sending it had cleared the mark).
    reason.fill("x" * 2001)
    button.click()
    expect(page.locator("#why-construction-academic.is-invalid")).to_be_visible()
    asked.clear()
    page.get_by_role("link", name="Campaigns").first.click()
    for _ in range(50):
        if asked:
            break
        page.wait_for_timeout(100)
    assert asked == ["beforeunload"], "a refused form's text left without a question"
    assert page.url == skills_url
    reason.fill(REASON)

    # Sent (htmx): the step moves on and leaving no longer asks.
    button.click()
    expect(reason).to_have_count(0)
    page.get_by_role("link", name="Campaigns").first.click()
    expect(page).to_have_url(re.compile(r"/campaigns/$"))

    # A plain form: typed, sent, and the page it leads to is reached without a question.
    page.goto(f"{base}{reverse('campaigns:create')}")
    page.get_by_label("Name").fill("The Tigris Run")
    page.locator("main form").get_by_role("button").last.click()
    expect(page.get_by_role("heading", name=re.compile("The Tigris Run"))).to_be_visible()
    assert asked == ["beforeunload"], asked
